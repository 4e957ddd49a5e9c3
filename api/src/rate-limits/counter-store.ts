import { Logger } from '@nestjs/common';
import Redis from 'ioredis';

/** A fixed-window counter: the hits of `key` in its current window, and when that window ends. */
export interface CounterStore {
  hit(key: string, windowMs: number): Promise<{ count: number; resetInMs: number }>;
  peek(key: string): Promise<number>;
  close(): Promise<void>;
}

/** This instance's own counters. Expired windows are swept as they are met and on a timer. */
export class MemoryCounterStore implements CounterStore {
  private readonly windows = new Map<string, { count: number; endsAt: number }>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(private readonly now: () => number = Date.now) {
    this.sweeper = setInterval(() => this.sweep(), 60_000);
    this.sweeper.unref();
  }

  private sweep(): void {
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

  peek(key: string): Promise<number> {
    const window = this.windows.get(key);
    return Promise.resolve(window && window.endsAt > this.now() ? window.count : 0);
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

  async peek(key: string): Promise<number> {
    if (this.redis.status !== 'ready') return this.fallback.peek(key);
    try {
      return Number((await this.redis.get(this.prefix + key)) ?? 0);
    } catch {
      return this.fallback.peek(key);
    }
  }

  async close(): Promise<void> {
    await this.fallback.close();
    this.redis.disconnect();
  }
}
