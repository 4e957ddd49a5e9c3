import { isRecord } from './records';
import { isRecord as fromReleases } from './releases';

describe('isRecord', () => {
  test.each([
    [{}, true],
    [{ remotes: {} }, true],
    [Object.create(null), true],
    [null, false],
    [undefined, false],
    [[], false],
    [[{ a: 1 }], false],
    ['{}', false],
    [0, false],
  ])('%p is a record: %p', (value, expected) => {
    expect(isRecord(value)).toBe(expected);
  });

  test('the releases subpath (bundled into the shell entry) hands out the same function', () => {
    expect(fromReleases).toBe(isRecord);
  });
});
