import { TtlCache } from './ttl-cache';

/** A read whose answer the test settles when it likes. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((yes, no) => ((resolve = yes), (reject = no)));
  return { promise, resolve, reject };
}

describe('TtlCache', () => {
  it('reuses an answer for less than its TTL, then reads again', async () => {
    const cache = new TtlCache<string>(1_000, 10);
    let reads = 0;
    const read = jest.fn(async () => `answer ${(reads += 1)}`);
    expect(await cache.get('a', read, 0)).toBe('answer 1');
    expect(await cache.get('a', read, 999)).toBe('answer 1');
    expect(await cache.get('a', read, 1_000)).toBe('answer 2');
    expect(read).toHaveBeenCalledTimes(2);
  });

  it('shares one read among the requests that come while it runs, per key', async () => {
    const cache = new TtlCache<string>(1_000, 10);
    const pending = deferred<string>();
    const read = jest.fn(() => pending.promise);
    const both = Promise.all([cache.get('a', read, 0), cache.get('a', read, 1)]);
    const other = cache.get('b', async () => 'b', 1);
    pending.resolve('a');
    expect(await both).toEqual(['a', 'a']);
    expect(await other).toBe('b');
    expect(read).toHaveBeenCalledTimes(1);
  });

  it('forgets one key, the answers that match, or all; a read begun before is neither kept nor shared', async () => {
    const cache = new TtlCache<{ artifact: string }>(1_000, 10);
    for (const key of ['a', 'b', 'c']) await cache.get(key, async () => ({ artifact: key === 'c' ? 'x' : 'y' }), 0);
    cache.forgetWhere((value) => value.artifact === 'y');
    const read = jest.fn(async () => ({ artifact: 'z' }));
    await cache.get('c', read, 1);
    expect(read).not.toHaveBeenCalled();
    await cache.get('a', read, 1);
    expect(read).toHaveBeenCalledTimes(1);

    const before = deferred<{ artifact: string }>();
    const early = cache.get('d', () => before.promise, 2);
    cache.forget('d');
    const later = jest.fn(async () => ({ artifact: 'new' }));
    const fresh = cache.get('d', later, 3);
    before.resolve({ artifact: 'old' });
    expect(await early).toEqual({ artifact: 'old' });
    expect(await fresh).toEqual({ artifact: 'new' });
    expect(await cache.get('d', later, 4)).toEqual({ artifact: 'new' });
    expect(later).toHaveBeenCalledTimes(1);

    cache.clear();
    expect(cache.size).toBe(0);
  });

  it('peeks at the answer get would reuse, without reading', async () => {
    const cache = new TtlCache<string>(1_000, 10);
    expect(cache.peek('a', 0)).toBeUndefined();
    const pending = deferred<string>();
    const early = cache.get('a', () => pending.promise, 0);
    expect(cache.peek('a', 0)).toBeUndefined();
    pending.resolve('answer');
    await early;
    expect(cache.peek('a', 999)).toBe('answer');
    expect(cache.peek('a', 1_000)).toBeUndefined();
    cache.forget('a');
    expect(cache.peek('a', 1)).toBeUndefined();
  });

  it('keeps no failed read, and at most maxEntries answers, dropping the oldest', async () => {
    const cache = new TtlCache<number>(1_000, 2);
    await expect(cache.get('a', async () => Promise.reject(new Error('database unavailable')), 0)).rejects.toThrow('database unavailable');
    expect(await cache.get('a', async () => 1, 0)).toBe(1);
    await cache.get('b', async () => 2, 0);
    await cache.get('c', async () => 3, 0);
    expect(cache.size).toBe(2);
    const read = jest.fn(async () => 10);
    expect(await cache.get('c', read, 1)).toBe(3);
    expect(await cache.get('b', read, 1)).toBe(2);
    expect(await cache.get('a', read, 1)).toBe(10);
  });
});
