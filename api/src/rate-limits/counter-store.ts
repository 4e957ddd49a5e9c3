import { Logger } from '@nestjs/common';
import Redis from 'ioredis';

/**
 * The answer to one hit: let through (with the number now in the window, and the time it was
 * counted at, which `refund` takes), or refused (with the number in the window and the time until
 * the next place frees).
 */
export type Hit = { allowed: true; count: number; at: number } | { allowed: false; count: number; retryInMs: number };

/**
 * A sliding window per key (issue 45): `hit` lets one more through while fewer than `limit` were let
 * through in the `windowMs` before it, so that no span of `windowMs` ever holds more than `limit`
 * (a fixed window let up to twice the limit through across its edge). Each key keeps the times of the
 * hits it let through that are still in the window (a sliding log: at most `limit` a key, and
 * together no more than the requests of one window). It is exact, where a weighted count of two
 * windows or a token bucket still let close to twice the limit through in some span of a window.
 * Refused hits are not kept, so a client over its budget is let through again as soon as a place
 * frees. A hit is one atomic step (two hits at once never take the same place); `refund` takes back
 * the hit counted at `at`, if it is still there.
 */
export interface CounterStore {
  hit(key: string, limit: number, windowMs: number): Promise<Hit>;
  refund(key: string, at: number): Promise<void>;
  close(): Promise<void>;
}

/** How often MemoryCounterStore drops the keys whose hits have all left their window. */
export const SWEEP_EVERY_MS = 60_000;

/**
 * This instance's own counters. Each call runs to its end without yielding (one event loop), so a
 * hit is atomic. Times that have left the window are dropped as they are met, and keys left with
 * none are swept on a timer.
 */
export class MemoryCounterStore implements CounterStore {
  /** Per key, the times let through, oldest first. */
  private readonly logs = new Map<string, { times: number[]; windowMs: number }>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(
    private readonly now: () => number = Date.now,
    sweepEveryMs = SWEEP_EVERY_MS,
  ) {
    this.sweeper = setInterval(() => this.sweep(), sweepEveryMs);
    this.sweeper.unref();
  }

  /** Keys held (those whose hits have all left the window included until the next sweep). */
  get size(): number {
    return this.logs.size;
  }

  /** Drops every key whose hits have all left the window. */
  sweep(): void {
    const now = this.now();
    for (const [key, log] of this.logs) if ((log.times.at(-1) ?? -Infinity) <= now - log.windowMs) this.logs.delete(key);
  }

  hit(key: string, limit: number, windowMs: number): Promise<Hit> {
    const now = this.now();
    const log = this.logs.get(key) ?? { times: [], windowMs };
    log.windowMs = windowMs;
    const left = log.times.findIndex((time) => time > now - windowMs);
    log.times.splice(0, left === -1 ? log.times.length : left);
    const count = log.times.length;
    if (count >= limit) {
      // The place that frees first is that of the oldest hit, once `count - limit + 1` have left.
      return Promise.resolve({ allowed: false, count, retryInMs: (log.times[count - limit] as number) + windowMs - now });
    }
    log.times.push(now);
    this.logs.set(key, log);
    return Promise.resolve({ allowed: true, count: count + 1, at: now });
  }

  refund(key: string, at: number): Promise<void> {
    const log = this.logs.get(key);
    const index = log ? log.times.lastIndexOf(at) : -1;
    if (log && index !== -1) log.times.splice(index, 1);
    return Promise.resolve();
  }

  close(): Promise<void> {
    clearInterval(this.sweeper);
    return Promise.resolve();
  }
}

// One round trip, atomic. The key is a list of the times let through, newest first: drop those that
// have left the window (from the oldest end), then let the hit through if there is a place, else
// answer when the place that frees first frees. The list expires a window after its newest time.
// ARGV: now, window, limit (ms, ms, count).
const HIT_SCRIPT = `
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local limit = tonumber(ARGV[3])
while true do
  local oldest = redis.call('LINDEX', KEYS[1], -1)
  if not oldest or tonumber(oldest) > now - window then break end
  redis.call('RPOP', KEYS[1])
end
local count = redis.call('LLEN', KEYS[1])
if count >= limit then
  local frees = tonumber(redis.call('LINDEX', KEYS[1], limit - count - 1))
  return { 0, count, frees + window - now }
end
redis.call('LPUSH', KEYS[1], ARGV[1])
redis.call('PEXPIRE', KEYS[1], window)
return { 1, count + 1, now }
`;

/**
 * Counters shared by every api instance, in Redis. When Redis cannot be reached the api fails OPEN
 * to its own counters (MemoryCounterStore): the site keeps serving, and every limit still holds per
 * instance (N instances then allow up to N times a budget) until Redis is back. Commands never
 * queue while disconnected, so a Redis outage costs a request nothing but a refused connection.
 *
 * The times are the instances' own clocks (kept in step by NTP, to well under the second that
 * Retry-After counts in); `now` is there for the tests. The lists live under `sliding:` so that
 * they never meet the counters of the fixed windows these replaced (a string under the same name).
 */
export class RedisCounterStore implements CounterStore {
  private readonly logger = new Logger('RateLimits');
  private readonly redis: Redis;
  private readonly fallback: CounterStore;
  private degraded = false;

  constructor(
    url: string,
    private readonly prefix: string,
    fallback?: CounterStore,
    private readonly now: () => number = Date.now,
  ) {
    this.fallback = fallback ?? new MemoryCounterStore(now);
    this.redis = new Redis(url, { lazyConnect: false, enableOfflineQueue: false, maxRetriesPerRequest: 0, connectTimeout: 2000 });
    // ioredis reconnects by itself; an error event without a listener would crash the process.
    this.redis.on('error', (error: Error) => this.degrade(error));
    this.redis.on('ready', () => {
      if (this.degraded) this.logger.log('Redis is back: rate-limit counters are shared again');
      this.degraded = false;
    });
  }

  private degrade(error: Error): void {
    if (!this.degraded) this.logger.warn(`Redis unavailable (${error.message}): rate limits count per instance until it is back`);
    this.degraded = true;
  }

  private keyOf(key: string): string {
    return `${this.prefix}sliding:${key}`;
  }

  async hit(key: string, limit: number, windowMs: number): Promise<Hit> {
    if (this.redis.status !== 'ready') return this.fallback.hit(key, limit, windowMs);
    try {
      const [allowed, count, third] = (await this.redis.eval(HIT_SCRIPT, 1, this.keyOf(key), String(this.now()), String(windowMs), String(limit))) as [number, number, number];
      return allowed === 1 ? { allowed: true, count, at: third } : { allowed: false, count, retryInMs: third };
    } catch (error) {
      this.degrade(error instanceof Error ? error : new Error(String(error)));
      return this.fallback.hit(key, limit, windowMs);
    }
  }

  async refund(key: string, at: number): Promise<void> {
    if (this.redis.status !== 'ready') return this.fallback.refund(key, at);
    try {
      // One command, atomic; it never creates a key.
      await this.redis.lrem(this.keyOf(key), 1, String(at));
    } catch {
      await this.fallback.refund(key, at);
    }
  }

  async close(): Promise<void> {
    await this.fallback.close();
    this.redis.disconnect();
  }
}
