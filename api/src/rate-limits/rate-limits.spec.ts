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

async function redisStore(): Promise<CounterStore> {
  const store = new RedisCounterStore(REDIS_URL, `antiquarium-unit:${process.pid}:${Date.now()}:${stores.length}:`, {
    hit: () => Promise.reject(new Error('counted in memory, not in Redis')),
    refund: () => Promise.reject(new Error('refunded in memory, not in Redis')),
    close: () => Promise.resolve(),
  });
  stores.push(store);
  const deadline = Date.now() + 10_000;
  while (!(await store.hit('connected', 60_000).then(() => true, () => false))) {
    if (Date.now() > deadline) throw new Error(`no Redis at ${REDIS_URL}: the api tests need the machine's Redis`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return store;
}

function memoryStore(): CounterStore {
  const store = new MemoryCounterStore();
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

test('a refusal says in Retry-After the seconds left in the window', async () => {
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
