import type { ListResult } from './artifact-projections';
import { HomeListCache } from './home-list-cache';

function deferred() {
  let resolve!: (value: ListResult) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<ListResult>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
const result = (total: number): ListResult => ({ items: [], total });

describe('HomeListCache', () => {
  it('reuses a list within the TTL and loads again after it', async () => {
    let now = 0;
    const cache = new HomeListCache(5000, () => now);
    let loads = 0;
    const load = jest.fn(async () => result(++loads));
    expect((await cache.get('likes:8', load)).total).toBe(1);
    now = 4999;
    expect((await cache.get('likes:8', load)).total).toBe(1);
    now = 5000;
    expect((await cache.get('likes:8', load)).total).toBe(2);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('shares one load between concurrent readers, per key', async () => {
    const cache = new HomeListCache(5000, () => 0);
    const pending = deferred();
    const load = jest.fn(() => pending.promise);
    const readers = [cache.get('likes:8', load), cache.get('likes:8', load)];
    const other = cache.get('latest:8', async () => result(9));
    pending.resolve(result(7));
    expect((await Promise.all(readers)).map((r) => r.total)).toEqual([7, 7]);
    expect((await other).total).toBe(9);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('a read that starts after a write never gets a list loaded before it', async () => {
    const cache = new HomeListCache(5000, () => 0);
    const before = deferred();
    const early = cache.get('likes:8', () => before.promise);
    cache.clear(); // a write finished while the first load was running
    const after = deferred();
    const late = cache.get('likes:8', () => after.promise);
    before.resolve(result(1));
    after.resolve(result(2));
    expect((await early).total).toBe(1);
    expect((await late).total).toBe(2);
    // The early (pre-write) answer was not stored either.
    expect((await cache.get('likes:8', async () => result(3))).total).toBe(2);
  });

  it('clears stored lists on a write', async () => {
    const cache = new HomeListCache(5000, () => 0);
    await cache.get('likes:8', async () => result(1));
    cache.clear();
    expect((await cache.get('likes:8', async () => result(2))).total).toBe(2);
  });

  it('does not keep a failure: the next read asks the database again', async () => {
    const cache = new HomeListCache(5000, () => 0);
    await expect(cache.get('likes:8', async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect((await cache.get('likes:8', async () => result(5))).total).toBe(5);
  });

  it('hands out copies: a caller changing its array does not change the cache', async () => {
    const cache = new HomeListCache(5000, () => 0);
    const first = await cache.get('likes:8', async () => ({ items: [], total: 0 }));
    first.items.push({} as never);
    expect((await cache.get('likes:8', async () => result(1))).items).toEqual([]);
  });
});
