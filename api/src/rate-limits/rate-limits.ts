import { Inject, Injectable, Optional, UnauthorizedException, type OnModuleDestroy } from '@nestjs/common';
import { TooManyRequests } from '../common/errors';
import { APP_CONFIG, type AppConfig } from '../config/env';
import { rateLimitRefusals } from '../observability/metrics';
import { MemoryCounterStore, RedisCounterStore, type CounterStore } from './counter-store';

export type Budget = 'client' | 'writes' | 'failed-auth' | 'telemetry' | 'export' | 'reports' | 'contact';

/** Where the counters are kept, when a test gives its own (else Redis with REDIS_URL, or memory). */
export const COUNTER_STORE = Symbol('COUNTER_STORE');

/**
 * The api's budgets (docs/reliability.md, "Abuse control"), fixed windows counted in Redis when
 * REDIS_URL is set (shared by every instance), else in this instance:
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
   * TooManyRequests (Retry-After: the seconds left in the window) past the budget.
   */
  async consume(budget: Budget, who: string): Promise<void> {
    const { limit, windowMs } = this.limits[budget];
    const { count, resetInMs } = await this.store.hit(`${budget}:${who}`, windowMs);
    if (count > limit) {
      rateLimitRefusals.inc({ budget });
      throw new TooManyRequests(Math.max(1, Math.ceil(resetInMs / 1000)));
    }
  }

  /**
   * One authentication attempt by `who`: counted against the failed-auth budget BEFORE `verify`
   * runs, so that however many arrive at once, at most the budget's limit are ever verified in a
   * window (the rest are refused with 429 and never looked at). The count is given back when the
   * credential was good, or when it could not be judged (the identity service down: a 503, not a
   * failure); a refused credential (401) keeps it.
   */
  async authenticating<T>(who: string, verify: () => Promise<T>): Promise<T> {
    await this.consume('failed-auth', who);
    let refused = false;
    try {
      return await verify();
    } catch (error) {
      refused = error instanceof UnauthorizedException;
      throw error;
    } finally {
      if (!refused) await this.store.refund(`failed-auth:${who}`);
    }
  }

  async onModuleDestroy(): Promise<void> {
    await this.store.close();
  }
}
