import { isObjectId, OBJECT_ID, OBJECT_ID_ANY_CASE, OBJECT_ID_SOURCE } from './object-id';

const LOWER = '65a1b2c3d4e5f60718293a4b';
const UPPER = LOWER.toUpperCase();

describe('isObjectId', () => {
  test.each([
    [LOWER, true],
    ['0'.repeat(24), true],
    ['f'.repeat(24), true],
    [UPPER, false],
    [LOWER.slice(1), false],
    [`${LOWER}0`, false],
    [`${LOWER.slice(1)}g`, false],
    [` ${LOWER.slice(1)}`, false],
    [`${LOWER}\n`, false],
    ['', false],
    [undefined, false],
    [null, false],
    [0x65a1b2c3, false],
    [[LOWER], false],
  ])('%p is an ObjectId as the api writes it: %p', (value, expected) => {
    expect(isObjectId(value)).toBe(expected);
    expect(typeof value === 'string' && OBJECT_ID.test(value)).toBe(expected);
  });

  test('anyCase also takes upper-case digits, and nothing else more', () => {
    expect(isObjectId(UPPER, { anyCase: true })).toBe(true);
    expect(isObjectId('65A1b2C3d4E5f60718293a4B', { anyCase: true })).toBe(true);
    expect(isObjectId(LOWER, { anyCase: true })).toBe(true);
    for (const value of [LOWER.slice(1), `${UPPER}0`, `${UPPER.slice(1)}G`, '', 42]) expect(isObjectId(value, { anyCase: true })).toBe(false);
    expect(OBJECT_ID_ANY_CASE.test(UPPER)).toBe(true);
  });

  test('the source builds a path pattern that finds the id', () => {
    expect(new RegExp(`^/things/(${OBJECT_ID_SOURCE})$`).exec(`/things/${LOWER}`)?.[1]).toBe(LOWER);
    expect(new RegExp(`^/things/(${OBJECT_ID_SOURCE})$`).test(`/things/${LOWER}x`)).toBe(false);
  });
});
