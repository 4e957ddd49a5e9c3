import { Inject, Injectable, Optional, UnauthorizedException, type OnModuleDestroy } from '@nestjs/common';
import { TooManyRequests } from '../common/errors';
import { APP_CONFIG, type AppConfig } from '../config/env';
import { rateLimitRefusals } from '../observability/metrics';
import { MemoryCounterStore, RedisCounterStore, type CounterStore } from './counter-store';

export type Budget = 'client' | 'writes' | 'failed-auth' | 'telemetry' | 'export' | 'reports' | 'contact';

/** Where the counters are kept, when a test gives its own (else Redis with REDIS_URL, or memory). */
export const COUNTER_STORE = Symbol('COUNTER_STORE');

/**
 * The api's budgets (docs/reliability.md, "Abuse control"), sliding windows (counter-store.ts: no
 * span of a window's length lets more than the limit through) counted in Redis when REDIS_URL is set
 * (shared by every instance), else in this instance:
 * - client: every request of one client address (the real one behind TRUSTED_PROXY), signed in or
 *   not, reads, preflights, media and unknown paths included (client-budget.ts);
 * - writes: one budget per member across every write route;
 * - failed-auth: requests with a credential, per client address, counted before the credential is
 *   looked at and given back when it was good (`authenticating`);
 * - telemetry: the release telemetry's posts per client address, a budget of its own and low
 *   (releases/release-telemetry.service.ts);
 * - export: a member's data exports (GET /me/export), per member, low (members/members.controller.ts);
 * - reports: notices (POST /reports) per client address, signed in or not (moderation/moderation.controller.ts);
 * - contact: the contact form's messages (POST /contact) per client address, signed in or not (contact/contact.controller.ts).
 */
@Injectable()
export class RateLimits implements OnModuleDestroy {
  private readonly store: CounterStore;
  private readonly limits: Record<Budget, { limit: number; windowMs: number }>;

  constructor(@Inject(APP_CONFIG) config: AppConfig, @Optional() @Inject(COUNTER_STORE) store?: CounterStore) {
    this.store = store ?? (config.redisUrl ? new RedisCounterStore(config.redisUrl, config.rateLimitPrefix) : new MemoryCounterStore());
    this.limits = {
      client: { limit: config.clientRateLimit, windowMs: config.rateWindowMs },
      writes: { limit: config.writeRateLimit, windowMs: config.writeRateWindowMs },
      'failed-auth': { limit: config.failedAuthRateLimit, windowMs: config.rateWindowMs },
      telemetry: { limit: config.telemetryRateLimit, windowMs: config.rateWindowMs },
      export: { limit: config.exportRateLimit, windowMs: config.exportRateWindowMs },
      reports: { limit: config.reportRateLimit, windowMs: config.rateWindowMs },
      contact: { limit: config.contactRateLimit, windowMs: config.rateWindowMs },
    };
  }

  /**
   * Counts one request against the budget, atomically, before anything else is done for it; throws
   * TooManyRequests (Retry-After: the seconds until the budget has a place again) past the budget.
   */
  async consume(budget: Budget, who: string): Promise<void> {
    await this.count(budget, who);
  }

  /** `consume`, answering the time the request was counted at (what a refund takes back). */
  private async count(budget: Budget, who: string): Promise<number> {
    const { limit, windowMs } = this.limits[budget];
    const hit = await this.store.hit(`${budget}:${who}`, limit, windowMs);
    if (!hit.allowed) {
      rateLimitRefusals.inc({ budget });
      throw new TooManyRequests(Math.max(1, Math.ceil(hit.retryInMs / 1000)));
    }
    return hit.at;
  }

  /**
   * One authentication attempt by `who`: counted against the failed-auth budget BEFORE `verify`
   * runs, so that however many arrive at once, at most the budget's limit are ever verified in any
   * window's length (the rest are refused with 429 and never looked at). The count is given back
   * when the credential was good, or when it could not be judged (the identity service down: a 503,
   * not a failure); a refused credential (401) keeps it.
   */
  async authenticating<T>(who: string, verify: () => Promise<T>): Promise<T> {
    const countedAt = await this.count('failed-auth', who);
    let refused = false;
    try {
      return await verify();
    } catch (error) {
      refused = error instanceof UnauthorizedException;
      throw error;
    } finally {
      if (!refused) await this.store.refund(`failed-auth:${who}`, countedAt);
    }
  }

  async onModuleDestroy(): Promise<void> {
    await this.store.close();
  }
}
