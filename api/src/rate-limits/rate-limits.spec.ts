// The budgets over both kinds of counters: this instance's memory (a clock the test moves) and the
// machine's Redis (as in counter-store.spec.ts), under a key prefix of this run's own.
import { ServiceUnavailableException, UnauthorizedException } from '@nestjs/common';
import { TooManyRequests } from '../common/errors';
import { loadConfig } from '../config/env';
import { MemoryCounterStore, RedisCounterStore, type CounterStore } from './counter-store';
import { RateLimits } from './rate-limits';

const LIMIT = 5;
const REDIS_URL = process.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379';
const config = loadConfig({ FAILED_AUTH_RATE_LIMIT: String(LIMIT), CLIENT_RATE_LIMIT: '3', RATE_WINDOW_MS: '60000' });

async function outcome<T>(promise: Promise<T>): Promise<T | unknown> {
  try {
    return await promise;
  } catch (error) {
    return error;
  }
}

/** A verification that takes a while, as a real one does: every attempt is in flight at once. */
function slowly<T>(result: () => T): () => Promise<T> {
  return () => new Promise<T>((resolve, reject) => setTimeout(() => {
    try {
      resolve(result());
    } catch (error) {
      reject(error);
    }
  }, 20));
}

const stores: CounterStore[] = [];
afterAll(async () => {
  for (const store of stores) await store.close();
});

async function redisStore(now?: () => number): Promise<CounterStore> {
  const noFallback = {
    hit: () => Promise.reject(new Error('counted in memory, not in Redis')),
    refund: () => Promise.reject(new Error('refunded in memory, not in Redis')),
    close: () => Promise.resolve(),
  };
  const store = new RedisCounterStore(REDIS_URL, `antiquarium-unit:${process.pid}:${Date.now()}:${stores.length}:`, noFallback, now);
  stores.push(store);
  const deadline = Date.now() + 10_000;
  while (!(await store.hit('connected', 1_000_000, 60_000).then(() => true, () => false))) {
    if (Date.now() > deadline) throw new Error(`no Redis at ${REDIS_URL}: the api tests need the machine's Redis`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return store;
}

function memoryStore(now?: () => number): CounterStore {
  const store = new MemoryCounterStore(now);
  stores.push(store);
  return store;
}

describe.each([
  ['in memory', memoryStore],
  ['in Redis', redisStore],
] as const)('failed authentication, counted %s', (_, makeStore) => {
  test('30 bad credentials at once: at most the limit are verified (401), the rest refused unseen (429)', async () => {
    const limits = new RateLimits(config, await makeStore());
    let verified = 0;
    const refuse = slowly(() => {
      verified += 1;
      throw new UnauthorizedException('bad token');
    });
    const outcomes = await Promise.all(Array.from({ length: 30 }, () => outcome(limits.authenticating('ip:203.0.113.1', refuse))));
    expect(verified).toBe(LIMIT);
    expect(outcomes.filter((error) => error instanceof UnauthorizedException)).toHaveLength(LIMIT);
    expect(outcomes.filter((error) => error instanceof TooManyRequests)).toHaveLength(30 - LIMIT);
    // Past the budget even a good credential is refused before it is looked at; another client is not.
    expect(await outcome(limits.authenticating('ip:203.0.113.1', () => Promise.resolve('user')))).toBeInstanceOf(TooManyRequests);
    await expect(limits.authenticating('ip:203.0.113.2', () => Promise.resolve('user'))).resolves.toBe('user');
  });

  test('good credentials are given back: a client may sign in any number of times', async () => {
    const limits = new RateLimits(config, await makeStore());
    for (let round = 0; round < 4; round += 1) {
      const answers = await Promise.all(Array.from({ length: LIMIT }, () => limits.authenticating('ip:203.0.113.3', slowly(() => 'user'))));
      expect(answers).toEqual(Array(LIMIT).fill('user'));
    }
  });

  test('a credential that could not be judged (identity service down, 503) is given back too', async () => {
    const limits = new RateLimits(config, await makeStore());
    const down = slowly(() => {
      throw new ServiceUnavailableException('down');
    });
    for (let i = 0; i < LIMIT * 2; i += 1) expect(await outcome(limits.authenticating('ip:203.0.113.4', down))).toBeInstanceOf(ServiceUnavailableException);
    await expect(limits.authenticating('ip:203.0.113.4', () => Promise.resolve('user'))).resolves.toBe('user');
  });
});

test('a refusal says in Retry-After the seconds until a place frees: a window after the oldest counted request', async () => {
  let now = 5_000_000;
  const limits = new RateLimits(config, new MemoryCounterStore(() => now));
  for (let i = 0; i < 3; i += 1) await limits.consume('client', 'ip:198.51.100.1');
  now += 20_500;
  const refused = await outcome(limits.consume('client', 'ip:198.51.100.1'));
  expect(refused).toBeInstanceOf(TooManyRequests);
  expect((refused as TooManyRequests).retryAfterSeconds).toBe(40);
  now += 39_499;
  expect(((await outcome(limits.consume('client', 'ip:198.51.100.1'))) as TooManyRequests).retryAfterSeconds).toBe(1);
  now += 1;
  await expect(limits.consume('client', 'ip:198.51.100.1')).resolves.toBeUndefined();
  await limits.onModuleDestroy();
});

// Issue 45: the budgets are sliding windows. No span of a window's length ever holds more writes than
// the limit, across what used to be a window's edge too: exactly 60 of the write budget's 60 (the
// bound is the limit itself, no approximation). A write is let through when fewer than the limit were
// let through in the window before it, and a refusal's Retry-After says when the next place frees.
const WRITES = 60;
const WRITE_WINDOW_MS = 60_000;
const writesConfig = loadConfig({ WRITE_RATE_LIMIT: String(WRITES), WRITE_RATE_WINDOW_MS: String(WRITE_WINDOW_MS) });

/** The most of these times in any span of `windowMs` (each span starting at one of them). */
function mostInAnyWindow(times: number[], windowMs: number): number {
  return Math.max(0, ...times.map((start) => times.filter((time) => time >= start && time < start + windowMs).length));
}

/** The rule itself, for comparison: each write's answer, undefined when let through, else its Retry-After. */
function slidingWindowRule(limit: number, windowMs: number): (now: number) => number | undefined {
  const through: number[] = [];
  return (now) => {
    const inWindow = through.filter((time) => time > now - windowMs);
    if (inWindow.length < limit) {
      through.push(now);
      return undefined;
    }
    return Math.max(1, Math.ceil(((inWindow[inWindow.length - limit] as number) + windowMs - now) / 1000));
  };
}

describe.each([
  ['in memory', memoryStore],
  ['in Redis', redisStore],
] as const)('the write budget, counted %s, is a sliding window', (_, makeStore) => {
  test(`a burst at a fixed window's edge, then a steady flood: at most ${WRITES} writes in any ${WRITE_WINDOW_MS} ms, each answer as the rule's`, async () => {
    const start = 7_000_000;
    let now = start;
    const limits = new RateLimits(writesConfig, await makeStore(() => now));
    const rule = slidingWindowRule(WRITES, WRITE_WINDOW_MS);
    // One write opens what a fixed window would count from; 59 in its last 100 ms, 60 in the first
    // 100 ms after its edge (a fixed window let all 119 through); then 4 a second for two minutes.
    const schedule = [0, ...Array<number>(59).fill(59_900), ...Array<number>(60).fill(60_100)];
    for (let at = 60_250; at <= 180_000; at += 250) schedule.push(at);
    const through: number[] = [];
    const answers: { at: number; retryAfter: number | undefined }[] = [];
    const expected: { at: number; retryAfter: number | undefined }[] = [];
    for (const at of schedule) {
      now = start + at;
      const refused = await outcome(limits.consume('writes', 'user:edge'));
      if (refused !== undefined && !(refused instanceof TooManyRequests)) throw refused;
      if (refused === undefined) through.push(at);
      answers.push({ at, retryAfter: refused instanceof TooManyRequests ? refused.retryAfterSeconds : undefined });
      expected.push({ at, retryAfter: rule(at) });
    }
    expect(mostInAnyWindow(through, WRITE_WINDOW_MS)).toBe(WRITES);
    expect(answers).toEqual(expected);
    // The window from the burst before the edge holds the limit: of the burst after it, one write
    // only, in the place the first write freed.
    expect(through.filter((at) => at >= 59_900 && at < 59_900 + WRITE_WINDOW_MS)).toHaveLength(WRITES);
    await limits.onModuleDestroy();
  });

  test('in real time too: bursts just before and just after a window of one second hold the limit in any second', async () => {
    const limits = new RateLimits(loadConfig({ WRITE_RATE_LIMIT: '5', WRITE_RATE_WINDOW_MS: '1000' }), await makeStore());
    const through: number[] = [];
    const write = async () => {
      const at = Date.now();
      const refused = await outcome(limits.consume('writes', 'user:real-time'));
      if (refused === undefined) through.push(at);
      else if (!(refused instanceof TooManyRequests)) throw refused;
    };
    const until = (time: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, time - Date.now())));
    const start = Date.now();
    await write();
    await until(start + 900);
    await Promise.all(Array.from({ length: 4 }, write));
    await until(start + 1_100);
    await Promise.all(Array.from({ length: 5 }, write));
    expect(mostInAnyWindow(through, 1_000)).toBe(5);
    await limits.onModuleDestroy();
  });
});
