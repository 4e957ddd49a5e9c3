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
 * The times one key let through that may still be in its window, oldest first: a queue whose front
 * is `head` (the times before it have left the window). A hit costs the same whatever the count:
 * the times that left are stepped over rather than moved, and the array is compacted only once they
 * are more than half of it, so each time is copied at most once more in its life (docs/performance.md).
 */
class TimeLog {
  private times: number[] = [];
  private head = 0;

  constructor(public windowMs: number) {}

  /** Hits still in the window at `now`. */
  countAt(now: number): number {
    const times = this.times;
    const cutoff = now - this.windowMs;
    let head = this.head;
    while (head < times.length && (times[head] as number) <= cutoff) head += 1;
    if (head > 64 && head * 2 > times.length) {
      this.times = times.slice(head);
      head = 0;
    }
    this.head = head;
    return this.times.length - head;
  }

  /** The `index`-th time still held, oldest first (valid after `countAt`). */
  at(index: number): number {
    return this.times[this.head + index] as number;
  }

  /** The newest time held, or -Infinity. */
  newest(): number {
    return this.times.length > this.head ? (this.times[this.times.length - 1] as number) : -Infinity;
  }

  push(time: number): void {
    this.times.push(time);
  }

  /** Takes back one hit counted at `time`, the newest such, if it is still held. */
  remove(time: number): void {
    const index = this.times.lastIndexOf(time);
    if (index >= this.head) this.times.splice(index, 1);
  }
}

/**
 * This instance's own counters. Each call runs to its end without yielding (one event loop), so a
 * hit is atomic. Times that have left the window are dropped as they are met, and keys left with
 * none are swept on a timer.
 */
export class MemoryCounterStore implements CounterStore {
  private readonly logs = new Map<string, TimeLog>();
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
    for (const [key, log] of this.logs) if (log.newest() <= now - log.windowMs) this.logs.delete(key);
  }

  hit(key: string, limit: number, windowMs: number): Promise<Hit> {
    const now = this.now();
    let log = this.logs.get(key);
    if (!log) {
      log = new TimeLog(windowMs);
      this.logs.set(key, log);
    }
    log.windowMs = windowMs;
    const count = log.countAt(now);
    if (count >= limit) {
      // The place that frees first is that of the oldest hit, once `count - limit + 1` have left.
      return Promise.resolve({ allowed: false, count, retryInMs: log.at(count - limit) + windowMs - now });
    }
    log.push(now);
    return Promise.resolve({ allowed: true, count: count + 1, at: now });
  }

  refund(key: string, at: number): Promise<void> {
    this.logs.get(key)?.remove(at);
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

/** The connection with HIT_SCRIPT defined on it as a command. */
type SlidingRedis = Redis & { slidingHit(key: string, now: string, windowMs: string, limit: string): Promise<[number, number, number]> };

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
    // Sent by its digest (EVALSHA; the whole script only when Redis does not hold it yet), not as
    // the script's text on every request.
    this.redis.defineCommand('slidingHit', { numberOfKeys: 1, lua: HIT_SCRIPT });
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
      const [allowed, count, third] = await (this.redis as SlidingRedis).slidingHit(this.keyOf(key), String(this.now()), String(windowMs), String(limit));
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
