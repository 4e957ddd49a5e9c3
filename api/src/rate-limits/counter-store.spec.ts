// The fixed-window counters, in this instance's memory (with a clock the test moves) and in the
// machine's Redis (the one the api suite shares, at REDIS_URL or 127.0.0.1:6379), under a key prefix
// of this run's own.
import Redis from 'ioredis';
import { MemoryCounterStore, RedisCounterStore, SWEEP_EVERY_MS, type CounterStore } from './counter-store';

const WINDOW_MS = 60_000;
const REDIS_URL = process.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379';
const PREFIX = `antiquarium-unit:${process.pid}:${Date.now()}:`;

function clock(start = 1_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

/** A fallback that must not be used: the Redis store's counts are to come from Redis. */
const noFallback: CounterStore = {
  hit: () => Promise.reject(new Error('counted in memory, not in Redis')),
  refund: () => Promise.reject(new Error('refunded in memory, not in Redis')),
  close: () => Promise.resolve(),
};

/** Until the store's connection is up: its hits land in Redis, not on the fallback (which refuses). */
async function untilShared(store: CounterStore): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!(await store.hit('connected', WINDOW_MS).then(() => true, () => false))) {
    if (Date.now() > deadline) throw new Error(`no Redis at ${REDIS_URL}: the api tests need the machine's Redis`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('MemoryCounterStore', () => {
  const stores: MemoryCounterStore[] = [];
  const make = (now?: () => number, sweepEveryMs?: number) => {
    const store = new MemoryCounterStore(now, sweepEveryMs);
    stores.push(store);
    return store;
  };
  afterAll(async () => {
    for (const store of stores) await store.close();
  });

  test('hits at once each get their own count: 1 to N, none twice', async () => {
    const store = make();
    const counts = (await Promise.all(Array.from({ length: 200 }, () => store.hit('k', WINDOW_MS)))).map((hit) => hit.count);
    expect([...counts].sort((a, b) => a - b)).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
  });

  test('answers the time left in the window, and starts a new window when it has ended', async () => {
    const time = clock();
    const store = make(time.now);
    expect(await store.hit('k', WINDOW_MS)).toEqual({ count: 1, resetInMs: WINDOW_MS });
    time.advance(15_000);
    expect(await store.hit('k', WINDOW_MS)).toEqual({ count: 2, resetInMs: 45_000 });
    time.advance(44_999);
    expect(await store.hit('k', WINDOW_MS)).toEqual({ count: 3, resetInMs: 1 });
    time.advance(1);
    expect(await store.hit('k', WINDOW_MS)).toEqual({ count: 1, resetInMs: WINDOW_MS });
    // Keys are counted apart.
    expect(await store.hit('other', WINDOW_MS)).toEqual({ count: 1, resetInMs: WINDOW_MS });
  });

  test('a refund takes one back in the running window, never below zero, and not in an ended one', async () => {
    const time = clock();
    const store = make(time.now);
    await store.hit('k', WINDOW_MS);
    await store.hit('k', WINDOW_MS);
    await store.refund('k');
    expect((await store.hit('k', WINDOW_MS)).count).toBe(2);
    await store.refund('k');
    await store.refund('k');
    await store.refund('k');
    expect((await store.hit('k', WINDOW_MS)).count).toBe(1);
    await store.refund('never-hit');
    expect(store.size).toBe(1);
    time.advance(WINDOW_MS);
    await store.refund('k');
    expect((await store.hit('k', WINDOW_MS)).count).toBe(1);
  });

  test('the sweep drops the windows that have ended and keeps the running ones', async () => {
    const time = clock();
    const store = make(time.now);
    for (let i = 0; i < 50; i += 1) await store.hit(`old-${i}`, 10_000);
    time.advance(5_000);
    await store.hit('young', 10_000);
    store.sweep();
    expect(store.size).toBe(51);
    time.advance(5_000);
    store.sweep();
    expect(store.size).toBe(1);
    expect((await store.hit('young', 10_000)).count).toBe(2);
  });

  test('the sweep runs on its own timer', async () => {
    jest.useFakeTimers();
    try {
      const time = clock();
      const store = make(time.now);
      await store.hit('k', 1_000);
      time.advance(1_000);
      expect(store.size).toBe(1);
      jest.advanceTimersByTime(SWEEP_EVERY_MS);
      expect(store.size).toBe(0);
    } finally {
      jest.useRealTimers();
    }
  });
});

describe('RedisCounterStore', () => {
  let probe: Redis;
  let store: RedisCounterStore;

  beforeAll(async () => {
    probe = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
    store = new RedisCounterStore(REDIS_URL, PREFIX, noFallback);
    await untilShared(store);
  });

  afterAll(async () => {
    const keys = await probe.keys(`${PREFIX}*`);
    if (keys.length > 0) await probe.del(...keys);
    await store.close();
    probe.disconnect();
  });

  test('hits at once, from two stores (two api instances), each get their own count: 1 to N, none twice', async () => {
    const twin = new RedisCounterStore(REDIS_URL, PREFIX, noFallback);
    try {
      await untilShared(twin);
      const hits = await Promise.all(Array.from({ length: 100 }, (_, i) => (i % 2 === 0 ? store : twin).hit('burst', WINDOW_MS)));
      expect(hits.map((hit) => hit.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
      expect(Number(await probe.get(`${PREFIX}burst`))).toBe(100);
    } finally {
      await twin.close();
    }
  });

  test('the window starts with its first hit and answers the time left in it', async () => {
    const first = await store.hit('window', WINDOW_MS);
    expect(first.count).toBe(1);
    expect(first.resetInMs).toBeGreaterThan(WINDOW_MS - 1_000);
    expect(first.resetInMs).toBeLessThanOrEqual(WINDOW_MS);
    // The time left is what Redis holds for the key: later hits do not extend it.
    await probe.pexpire(`${PREFIX}window`, 20_000);
    const second = await store.hit('window', WINDOW_MS);
    expect(second.count).toBe(2);
    expect(second.resetInMs).toBeGreaterThan(19_000);
    expect(second.resetInMs).toBeLessThanOrEqual(20_000);
  });

  test('a new window starts once the key has expired', async () => {
    await store.hit('short', 50);
    await store.hit('short', 50);
    while ((await probe.exists(`${PREFIX}short`)) === 1) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(await store.hit('short', 50)).toMatchObject({ count: 1 });
  });

  test('a refund takes one back and keeps the expiry, never below zero, never creating a key', async () => {
    await store.hit('refund', WINDOW_MS);
    await store.hit('refund', WINDOW_MS);
    await Promise.all([store.refund('refund'), store.refund('refund'), store.refund('refund')]);
    expect(await probe.get(`${PREFIX}refund`)).toBe('0');
    expect(await probe.pttl(`${PREFIX}refund`)).toBeGreaterThan(0);
    await store.refund('never-hit');
    expect(await probe.exists(`${PREFIX}never-hit`)).toBe(0);
  });
});
