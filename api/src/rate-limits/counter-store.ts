import { Logger } from '@nestjs/common';
import Redis from 'ioredis';

/**
 * A fixed-window counter: `hit` counts one more in the key's current window and answers the count
 * with the time left in that window, in one atomic step (two hits at once never read the same
 * count); `refund` takes one back, never below zero.
 */
export interface CounterStore {
  hit(key: string, windowMs: number): Promise<{ count: number; resetInMs: number }>;
  refund(key: string): Promise<void>;
  close(): Promise<void>;
}

/** How often MemoryCounterStore drops the windows that have ended. */
export const SWEEP_EVERY_MS = 60_000;

/**
 * This instance's own counters. Each call runs to its end without yielding (one event loop), so a
 * hit is atomic. Expired windows are replaced as they are met and swept on a timer.
 */
export class MemoryCounterStore implements CounterStore {
  private readonly windows = new Map<string, { count: number; endsAt: number }>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(
    private readonly now: () => number = Date.now,
    sweepEveryMs = SWEEP_EVERY_MS,
  ) {
    this.sweeper = setInterval(() => this.sweep(), sweepEveryMs);
    this.sweeper.unref();
  }

  /** Counters held (ended windows included until the next sweep). */
  get size(): number {
    return this.windows.size;
  }

  /** Drops every window that has ended. */
  sweep(): void {
    const now = this.now();
    for (const [key, window] of this.windows) if (window.endsAt <= now) this.windows.delete(key);
  }

  hit(key: string, windowMs: number): Promise<{ count: number; resetInMs: number }> {
    const now = this.now();
    let window = this.windows.get(key);
    if (!window || window.endsAt <= now) {
      window = { count: 0, endsAt: now + windowMs };
      this.windows.set(key, window);
    }
    window.count += 1;
    return Promise.resolve({ count: window.count, resetInMs: window.endsAt - now });
  }

  refund(key: string): Promise<void> {
    const window = this.windows.get(key);
    if (window && window.endsAt > this.now() && window.count > 0) window.count -= 1;
    return Promise.resolve();
  }

  close(): Promise<void> {
    clearInterval(this.sweeper);
    return Promise.resolve();
  }
}

// One round trip, atomic: count the hit and start the window's expiry with its first hit.
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return { count, redis.call('PTTL', KEYS[1]) }
`;

// Atomic too: take one back from a window that still runs (DECR keeps its expiry), never below zero
// and never creating a key (a DECR on an ended window would leave a counter without expiry).
const REFUND_SCRIPT = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count > 0 then return redis.call('DECR', KEYS[1]) end
return 0
`;

/**
 * Counters shared by every api instance, in Redis. When Redis cannot be reached the api fails OPEN
 * to its own counters (MemoryCounterStore): the site keeps serving, and every limit still holds per
 * instance (N instances then allow up to N times a budget) until Redis is back. Commands never
 * queue while disconnected, so a Redis outage costs a request nothing but a refused connection.
 */
export class RedisCounterStore implements CounterStore {
  private readonly logger = new Logger('RateLimits');
  private readonly redis: Redis;
  private degraded = false;

  constructor(
    url: string,
    private readonly prefix: string,
    private readonly fallback: CounterStore = new MemoryCounterStore(),
  ) {
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

  async hit(key: string, windowMs: number): Promise<{ count: number; resetInMs: number }> {
    if (this.redis.status !== 'ready') return this.fallback.hit(key, windowMs);
    try {
      const [count, ttl] = (await this.redis.eval(HIT_SCRIPT, 1, this.prefix + key, String(windowMs))) as [number, number];
      return { count, resetInMs: ttl > 0 ? ttl : windowMs };
    } catch (error) {
      this.degrade(error instanceof Error ? error : new Error(String(error)));
      return this.fallback.hit(key, windowMs);
    }
  }

  async refund(key: string): Promise<void> {
    if (this.redis.status !== 'ready') return this.fallback.refund(key);
    try {
      await this.redis.eval(REFUND_SCRIPT, 1, this.prefix + key);
    } catch {
      await this.fallback.refund(key);
    }
  }

  async close(): Promise<void> {
    await this.fallback.close();
    this.redis.disconnect();
  }
}
