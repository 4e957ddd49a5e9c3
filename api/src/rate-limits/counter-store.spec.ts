// The sliding-window counters, in this instance's memory (with a clock the test moves) and in the
// machine's Redis (the one the api suite shares, at REDIS_URL or 127.0.0.1:6379), under a key prefix
// of this run's own.
import Redis from 'ioredis';
import { MemoryCounterStore, RedisCounterStore, SWEEP_EVERY_MS, type CounterStore, type Hit } from './counter-store';

const WINDOW_MS = 60_000;
/** A limit no test reaches, where only the counting is looked at. */
const NO_LIMIT = 1_000_000;
const REDIS_URL = process.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379';
const PREFIX = `antiquarium-unit:${process.pid}:${Date.now()}:`;

function clock(start = 1_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms), set: (time: number) => (now = time) };
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
  while (!(await store.hit('connected', NO_LIMIT, WINDOW_MS).then(() => true, () => false))) {
    if (Date.now() > deadline) throw new Error(`no Redis at ${REDIS_URL}: the api tests need the machine's Redis`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const allowed = (hit: Hit) => (hit.allowed ? hit : null);

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

  test('hits at once each take a place of their own: exactly the limit let through, 1 to the limit, none twice', async () => {
    const store = make();
    const hits = await Promise.all(Array.from({ length: 200 }, () => store.hit('k', 150, WINDOW_MS)));
    const through = hits.flatMap((hit) => (hit.allowed ? [hit.count] : []));
    expect(through.sort((a, b) => a - b)).toEqual(Array.from({ length: 150 }, (_, i) => i + 1));
    expect(hits.filter((hit) => !hit.allowed)).toEqual(Array(50).fill({ allowed: false, count: 150, retryInMs: expect.any(Number) }));
  });

  test('a hit is let through while fewer than the limit were in the window before it; a refusal says when a place frees', async () => {
    const time = clock();
    const store = make(time.now);
    const start = time.now();
    expect(await store.hit('k', 3, WINDOW_MS)).toEqual({ allowed: true, count: 1, at: start });
    time.advance(15_000);
    expect(await store.hit('k', 3, WINDOW_MS)).toEqual({ allowed: true, count: 2, at: start + 15_000 });
    time.advance(15_000);
    expect(await store.hit('k', 3, WINDOW_MS)).toEqual({ allowed: true, count: 3, at: start + 30_000 });
    time.advance(14_999);
    // The first place frees a window after the first hit: 15 001 ms from now.
    expect(await store.hit('k', 3, WINDOW_MS)).toEqual({ allowed: false, count: 3, retryInMs: 15_001 });
    time.set(start + WINDOW_MS - 1);
    expect(await store.hit('k', 3, WINDOW_MS)).toEqual({ allowed: false, count: 3, retryInMs: 1 });
    time.set(start + WINDOW_MS);
    expect(await store.hit('k', 3, WINDOW_MS)).toEqual({ allowed: true, count: 3, at: start + WINDOW_MS });
    // The refused hits took no place: the next frees with the second hit.
    expect(await store.hit('k', 3, WINDOW_MS)).toEqual({ allowed: false, count: 3, retryInMs: 15_000 });
    // Keys are counted apart.
    expect(await store.hit('other', 3, WINDOW_MS)).toEqual({ allowed: true, count: 1, at: start + WINDOW_MS });
  });

  test('a refund takes back the hit counted at that time, once; not one that has left the window; it never adds a key', async () => {
    const time = clock();
    const store = make(time.now);
    const first = allowed(await store.hit('k', 2, WINDOW_MS));
    time.advance(1_000);
    const second = allowed(await store.hit('k', 2, WINDOW_MS));
    expect((await store.hit('k', 2, WINDOW_MS)).allowed).toBe(false);
    await store.refund('k', second!.at);
    await store.refund('k', second!.at);
    // One place back, that of the second hit: the first still holds its own.
    expect(await store.hit('k', 2, WINDOW_MS)).toEqual({ allowed: true, count: 2, at: second!.at });
    expect(await store.hit('k', 2, WINDOW_MS)).toEqual({ allowed: false, count: 2, retryInMs: WINDOW_MS - 1_000 });
    await store.refund('never-hit', first!.at);
    expect(store.size).toBe(1);
    time.advance(WINDOW_MS - 1_000);
    await store.refund('k', first!.at);
    expect(await store.hit('k', 2, WINDOW_MS)).toEqual({ allowed: true, count: 2, at: time.now() });
  });

  test('the sweep drops the keys whose hits have all left the window and keeps the others', async () => {
    const time = clock();
    const store = make(time.now);
    for (let i = 0; i < 50; i += 1) await store.hit(`old-${i}`, NO_LIMIT, 10_000);
    time.advance(5_000);
    await store.hit('young', NO_LIMIT, 10_000);
    store.sweep();
    expect(store.size).toBe(51);
    time.advance(5_000);
    store.sweep();
    expect(store.size).toBe(1);
    expect(await store.hit('young', NO_LIMIT, 10_000)).toMatchObject({ allowed: true, count: 2 });
  });

  test('a long run of hits, refusals and refunds counts as a plain list of the times let through would', async () => {
    // Thousands of times leave the window while others arrive, so the log is stepped past and
    // compacted many times over; every answer is checked against a model that keeps every time.
    const time = clock();
    const store = make(time.now);
    const kept: number[] = [];
    const [answers, expected]: [Hit[], Hit[]] = [[], []];
    let seed = 7;
    const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
    for (let step = 0; step < 6_000; step += 1) {
      time.advance(Math.floor(random() * 9));
      const now = time.now();
      const limit = step < 3_000 ? 300 : 60;
      const inWindow = kept.filter((at) => at > now - 2_000);
      kept.splice(0, kept.length, ...inWindow);
      answers.push(await store.hit('k', limit, 2_000));
      if (inWindow.length >= limit) {
        expected.push({ allowed: false, count: inWindow.length, retryInMs: (inWindow[inWindow.length - limit] as number) + 2_000 - now });
        continue;
      }
      expected.push({ allowed: true, count: inWindow.length + 1, at: now });
      kept.push(now);
      if (random() < 0.05) {
        await store.refund('k', now);
        kept.pop();
      }
    }
    expect(answers).toEqual(expected);
    expect(expected.some((hit) => !hit.allowed) && expected.some((hit) => hit.allowed)).toBe(true);
  });

  test('the sweep runs on its own timer', async () => {
    jest.useFakeTimers();
    try {
      const time = clock();
      const store = make(time.now);
      await store.hit('k', NO_LIMIT, 1_000);
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
  const time = clock(5_000_000);
  const stores: CounterStore[] = [];

  beforeAll(async () => {
    probe = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
    store = new RedisCounterStore(REDIS_URL, PREFIX, noFallback, time.now);
    stores.push(store);
    await untilShared(store);
  });

  afterAll(async () => {
    const keys = await probe.keys(`${PREFIX}*`);
    if (keys.length > 0) await probe.del(...keys);
    for (const each of stores) await each.close();
    probe.disconnect();
  });

  test('hits at once, from two stores (two api instances), each take a place of their own: exactly the limit let through', async () => {
    const twin = new RedisCounterStore(REDIS_URL, PREFIX, noFallback, time.now);
    stores.push(twin);
    await untilShared(twin);
    const hits = await Promise.all(Array.from({ length: 100 }, (_, i) => (i % 2 === 0 ? store : twin).hit('burst', 60, WINDOW_MS)));
    expect(hits.flatMap((hit) => (hit.allowed ? [hit.count] : [])).sort((a, b) => a - b)).toEqual(Array.from({ length: 60 }, (_, i) => i + 1));
    expect(hits.filter((hit) => !hit.allowed)).toHaveLength(40);
    expect(await probe.llen(`${PREFIX}sliding:burst`)).toBe(60);
  });

  test('answers as the memory store does on the same clock: a burst at the edge, a flood, refunds', async () => {
    const memory = new MemoryCounterStore(time.now);
    stores.push(memory);
    const start = time.set(9_000_000);
    // A seeded walk: bursts and pauses over three windows, some hits taken back.
    let seed = 45;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    const answers: [Hit, Hit][] = [];
    while (time.now() < start + 3 * WINDOW_MS) {
      const [inRedis, inMemory] = [await store.hit('walk', 20, WINDOW_MS), await memory.hit('walk', 20, WINDOW_MS)];
      answers.push([inRedis, inMemory]);
      if (inRedis.allowed && random() < 0.1) await Promise.all([store.refund('walk', inRedis.at), memory.refund('walk', inRedis.at)]);
      time.advance(random() < 0.2 ? Math.floor(random() * 20_000) : Math.floor(random() * 300));
    }
    // The walk does reach the limit, window after window (59 let through, 27 refused).
    expect(answers.filter(([inRedis]) => inRedis.allowed).length).toBeGreaterThan(40);
    expect(answers.filter(([inRedis]) => !inRedis.allowed).length).toBeGreaterThan(20);
    expect(answers.map(([inRedis]) => inRedis)).toEqual(answers.map(([, inMemory]) => inMemory));
  });

  test('a key lives a window after its newest hit, and starts again empty once gone', async () => {
    time.set(20_000_000);
    await store.hit('short', 2, 50);
    const last = await store.hit('short', 2, 50);
    expect(last).toMatchObject({ allowed: true, count: 2 });
    const ttl = await probe.pttl(`${PREFIX}sliding:short`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(50);
    expect(await store.hit('short', 2, 50)).toMatchObject({ allowed: false, count: 2 });
    while ((await probe.exists(`${PREFIX}sliding:short`)) === 1) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(await store.hit('short', 2, 50)).toMatchObject({ allowed: true, count: 1 });
  });

  test('a refund takes back the hit counted at that time, once, and keeps the expiry; it never adds a key', async () => {
    time.set(30_000_000);
    const first = allowed(await store.hit('refund', 2, WINDOW_MS));
    time.advance(1);
    const second = allowed(await store.hit('refund', 2, WINDOW_MS));
    await Promise.all([store.refund('refund', second!.at), store.refund('refund', second!.at), store.refund('refund', second!.at)]);
    expect(await probe.lrange(`${PREFIX}sliding:refund`, 0, -1)).toEqual([String(first!.at)]);
    expect(await probe.pttl(`${PREFIX}sliding:refund`)).toBeGreaterThan(0);
    await store.refund('never-hit', first!.at);
    expect(await probe.exists(`${PREFIX}sliding:never-hit`)).toBe(0);
  });

  test("the lists keep clear of the fixed windows' counters that they replaced", async () => {
    await probe.set(`${PREFIX}writes:user:a`, '99', 'PX', WINDOW_MS);
    expect(await store.hit('writes:user:a', 5, WINDOW_MS)).toMatchObject({ allowed: true, count: 1 });
  });
});
