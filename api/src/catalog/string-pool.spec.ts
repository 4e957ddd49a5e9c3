import { StringPool } from './string-pool';

describe('StringPool', () => {
  test('keeps one entry per value and gives back an equal string', () => {
    const pool = new StringPool();
    const first = pool.intern(['Brit', 'ish Museum'].join(''));
    expect(pool.intern('British Museum')).toBe(first);
    expect(pool.intern('Louvre')).toBe('Louvre');
    expect(pool.size).toBe(2);
  });

  test('leaves long values out of the pool', () => {
    const pool = new StringPool(10, 8);
    expect(pool.intern('a long place name')).toBe('a long place name');
    expect(pool.size).toBe(0);
  });

  test('starts again when full, so it never holds more than its capacity', () => {
    const pool = new StringPool(3);
    for (const value of ['a', 'b', 'c', 'd', 'e']) pool.intern(value);
    expect(pool.size).toBe(2);
    for (let n = 0; n < 100; n += 1) pool.intern(`v${n}`);
    expect(pool.size).toBeLessThanOrEqual(3);
  });

  test('interns the named string fields of a record and leaves the rest', () => {
    const pool = new StringPool();
    const record: Record<string, unknown> = { type: 'Tools', likes: 3, place: null, name: 'Adze' };
    pool.internFields(record, ['type', 'likes', 'place', 'missing']);
    expect(record).toEqual({ type: 'Tools', likes: 3, place: null, name: 'Adze' });
    expect(pool.size).toBe(1);
  });
});
