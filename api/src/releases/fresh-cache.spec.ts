import { FreshCache } from './fresh-cache';

/** A database stand-in: each read answers the current value, or fails while `down`. */
function setup(maxAgeMs = 1000) {
  let now = 1_000_000;
  let value = 'v1';
  let down = false;
  let reads = 0;
  const stale: unknown[] = [];
  const cache = new FreshCache(
    () => {
      reads += 1;
      return down ? Promise.reject(new Error('database unavailable')) : Promise.resolve(value);
    },
    maxAgeMs,
    (error) => stale.push(error),
    () => now,
  );
  return {
    cache,
    reads: () => reads,
    stale,
    set: (next: string) => (value = next),
    setDown: (next: boolean) => (down = next),
    advance: (ms: number) => (now += ms),
  };
}

const flush = () => new Promise((resolve) => setImmediate(resolve));

describe('FreshCache', () => {
  it('reuses a value for less than maxAgeMs, then reads again', async () => {
    const context = setup();
    expect(await context.cache.get()).toBe('v1');
    context.set('v2');
    context.advance(999);
    expect(await context.cache.get()).toBe('v1');
    context.advance(1);
    expect(await context.cache.get()).toBe('v2');
    expect(context.reads()).toBe(2);
  });

  it('reads again at once after invalidate (this instance changed it)', async () => {
    const context = setup();
    await context.cache.get();
    context.set('v2');
    context.cache.invalidate();
    expect(await context.cache.get()).toBe('v2');
  });

  it('lets concurrent requests share one read', async () => {
    const context = setup();
    const answers = await Promise.all([context.cache.get(), context.cache.get(), context.cache.get()]);
    expect(answers).toEqual(['v1', 'v1', 'v1']);
    expect(context.reads()).toBe(1);
  });

  it('serves the last good value while reads fail, and the new one once they succeed', async () => {
    const context = setup();
    await context.cache.get();
    context.setDown(true);
    context.advance(5000);
    expect(await context.cache.get()).toBe('v1');
    expect(context.stale).toHaveLength(1);
    // Still down: answered from memory at once, with one read in the background.
    const readsBefore = context.reads();
    expect(await context.cache.get()).toBe('v1');
    expect(context.reads()).toBe(readsBefore + 1);
    await flush();
    context.setDown(false);
    context.set('v3');
    // The next request starts a background read and still answers the old value...
    expect(await context.cache.get()).toBe('v1');
    await flush();
    // ...which, having succeeded, is served from then on.
    expect(await context.cache.get()).toBe('v3');
    expect(context.stale).toHaveLength(1);
  });

  it('fails when no read ever succeeded', async () => {
    const context = setup();
    context.setDown(true);
    await expect(context.cache.get()).rejects.toThrow('database unavailable');
    context.setDown(false);
    expect(await context.cache.get()).toBe('v1');
  });

  it('does not keep a read begun before an invalidation as fresh', async () => {
    let release: (value: string) => void = () => undefined;
    let calls = 0;
    const cache = new FreshCache(() => {
      calls += 1;
      return calls === 1 ? new Promise<string>((resolve) => (release = resolve)) : Promise.resolve('new');
    }, 1000);
    const first = cache.get();
    cache.invalidate();
    const second = cache.get();
    release('old');
    expect(await first).toBe('old');
    expect(await second).toBe('new');
    expect(await cache.get()).toBe('new');
    expect(calls).toBe(2);
  });
});
