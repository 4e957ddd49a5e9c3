import { HttpException, HttpStatus, Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/env';
import { rateLimitRefusals } from '../observability/metrics';
import { MemoryCounterStore, RedisCounterStore, type CounterStore } from './counter-store';

export type Budget = 'client' | 'writes' | 'failed-auth';

/** A 429 that says, in the standard header, how many seconds until the window ends. */
export class TooManyRequests extends HttpException {
  constructor(readonly retryAfterSeconds: number) {
    super('Too many requests, please slow down', HttpStatus.TOO_MANY_REQUESTS);
  }
}

/**
 * The api's budgets (docs/reliability.md, "Abuse control"), fixed windows counted in Redis when
 * REDIS_URL is set (shared by every instance), else in this instance:
 * - client: every request of one client address (the real one behind TRUSTED_PROXY), signed in or
 *   not, reads included;
 * - writes: one budget per member across every write route;
 * - failed-auth: requests with a token that failed verification, per client address; past it the
 *   client's requests with a token are refused before verification.
 */
@Injectable()
export class RateLimits implements OnModuleDestroy {
  private readonly store: CounterStore;
  private readonly limits: Record<Budget, { limit: number; windowMs: number }>;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.store = config.redisUrl ? new RedisCounterStore(config.redisUrl, config.rateLimitPrefix) : new MemoryCounterStore();
    this.limits = {
      client: { limit: config.clientRateLimit, windowMs: config.rateWindowMs },
      writes: { limit: config.writeRateLimit, windowMs: config.writeRateWindowMs },
      'failed-auth': { limit: config.failedAuthRateLimit, windowMs: config.rateWindowMs },
    };
  }

  /** Counts one request against the budget; throws TooManyRequests past it. */
  async consume(budget: Budget, who: string): Promise<void> {
    const { limit, windowMs } = this.limits[budget];
    const { count, resetInMs } = await this.store.hit(`${budget}:${who}`, windowMs);
    if (count > limit) {
      rateLimitRefusals.inc({ budget });
      throw new TooManyRequests(Math.max(1, Math.ceil(resetInMs / 1000)));
    }
  }

  /** Counts a failure without refusing it (the refusal is for the next requests). */
  async record(budget: Budget, who: string): Promise<void> {
    await this.store.hit(`${budget}:${who}`, this.limits[budget].windowMs);
  }

  /** Throws TooManyRequests when the budget is already spent, without counting this request. */
  async assertLeft(budget: Budget, who: string): Promise<void> {
    if ((await this.store.peek(`${budget}:${who}`)) >= this.limits[budget].limit) {
      rateLimitRefusals.inc({ budget });
      throw new TooManyRequests(Math.ceil(this.limits[budget].windowMs / 1000));
    }
  }

  async onModuleDestroy(): Promise<void> {
    await this.store.close();
  }
}
