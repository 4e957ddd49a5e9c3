import { isOpenDataCursor, OPEN_DATA_CURSOR_MAX_LENGTH, OPEN_DATA_NEXT_CURSOR_HEADER } from './open-data';

describe('isOpenDataCursor', () => {
  test.each([
    ['NjVhMWIyYzNkNGU1ZjYwNzE4MjkzYTRi', true],
    ['a', true],
    ['A-z_0', true],
    ['x'.repeat(OPEN_DATA_CURSOR_MAX_LENGTH), true],
    ['x'.repeat(OPEN_DATA_CURSOR_MAX_LENGTH + 1), false],
    ['', false],
    ['abc=', false],
    ['ab+c', false],
    ['ab/c', false],
    ['ab c', false],
    ['abc\n', false],
    [null, false],
    [undefined, false],
  ])('%p is a cursor: %p', (value, expected) => {
    expect(isOpenDataCursor(value)).toBe(expected);
  });

  test('the cursor of a base64url-encoded ObjectId fits, and the header is the one the docs name', () => {
    expect(isOpenDataCursor(Buffer.from('65a1b2c3d4e5f60718293a4b', 'utf8').toString('base64url'))).toBe(true);
    expect(OPEN_DATA_NEXT_CURSOR_HEADER).toBe('X-Next-Cursor');
  });
});
