import { ConflictException, HttpException, HttpStatus, Inject, Injectable, NotFoundException } from '@nestjs/common';
import {
  PRUNE_DEFAULT_KEEP,
  RELEASE_HISTORY_LIMIT,
  type PrunableReleases,
  type Release,
  type ReleaseRemote,
  type RemoteRoutingChange,
} from '@antiquarium/contracts';
import { APP_CONFIG, type AppConfig } from '../config/env';
import { KnownReleases } from './known-releases';
import type { PromoteInputBody, PromoteRefusalInputBody, ReleaseInputBody, RemoveInputBody, RollbackInputBody } from './release-input';
import { ReleaseLocks } from './release-lock';
import { ReleaseStatsRepository } from './release-stats.repository';
import { ReleasesRepository, type AuditInput, type RouteChange, type RouteState } from './releases.repository';
import { namedReleases, routedReleases } from './routed-releases';
import { RoutingService } from './routing.service';
import { toRelease } from './to-release';

/** Who a change is audited as when the request does not say. */
export const DEPLOY_TOKEN_ACTOR = 'deploy token';
/** Who the audit names for a rollback the api decided itself. */
export const CANARY_WATCH_ACTOR = 'canary watch';

/** Reads and decisions a routing change may take before it gives up on concurrent changes. */
const MAX_ATTEMPTS = 5;
/** The longest reason a refusal's audit entry keeps. */
const REFUSAL_REASON_MAX = 2000;

function actorOf(by: string | undefined): string {
  return by?.trim() || DEPLOY_TOKEN_ACTOR;
}

/** A promote refused by the registry's rules (404 or 409): audited before it is answered. */
class ReleaseRefused extends HttpException {
  constructor(status: HttpStatus.NOT_FOUND | HttpStatus.CONFLICT, message: string) {
    super({ statusCode: status, message, error: status === HttpStatus.NOT_FOUND ? 'Not Found' : 'Conflict' }, status);
  }
}

export class ReleaseNotFound extends NotFoundException {
  constructor(remote: string, version: string) {
    super(`Release ${remote}@${version} not found`);
  }
}

/** What a routing change decided: the new routing, its audit entry, and the releases that stop serving. */
interface Decision {
  change: RouteChange;
  audit: Omit<AuditInput, 'remote' | 'by'>;
  leaving: string[];
}

/**
 * The registry's rules (docs/api.md "Releases"): releases are immutable, a remote has one live
 * release and at most one canary, every change is audited, and the routing cache of this instance
 * is cleared by every change it makes. No transactions: the changes of one remote take turns under
 * its lock (release-lock.ts), and a routing change is also a compare-and-set on the route's
 * revision (which holds on MongoDB should a lock ever be taken over). The audit entry follows the
 * change: a crash between the two loses the entry, never the change.
 */
@Injectable()
export class ReleasesService {
  constructor(
    private readonly repository: ReleasesRepository,
    private readonly stats: ReleaseStatsRepository,
    private readonly routing: RoutingService,
    private readonly known: KnownReleases,
    private readonly locks: ReleaseLocks,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** A new release (created: true), or the same one again (false); 409 for another manifest. */
  async publish(remote: ReleaseRemote, input: ReleaseInputBody): Promise<{ release: Release; created: boolean }> {
    const now = new Date();
    const publishedBy = input.publishedBy?.trim() || DEPLOY_TOKEN_ACTOR;
    const created = await this.repository.insertRelease({
      remote,
      version: input.version,
      manifestUrl: input.manifestUrl,
      shared: Object.entries(input.shared).map(([pkg, range]) => ({ pkg, range })),
      exposes: input.exposes,
      notes: input.notes ?? '',
      publishedBy,
      publishedAt: now,
      lastLiveAt: null,
    });
    const stored = await this.repository.findRelease(remote, input.version);
    if (!stored) throw new ConflictException(`${remote}@${input.version} was removed while it was being published: try again`);
    if (!created) {
      if (stored.manifestUrl === input.manifestUrl) return { release: toRelease(stored), created: false };
      throw new ConflictException(
        `${remote}@${input.version} is already published with another manifestUrl: releases are immutable, publish a new version`,
      );
    }
    await this.locks.withLock(remote, async () => {
      const at = new Date();
      await this.repository.touchRoute(remote, at);
      await this.repository.addAudit({ remote, action: 'publish', version: input.version, by: publishedBy }, at);
    });
    this.known.invalidate();
    this.routing.invalidate();
    return { release: toRelease(stored), created: true };
  }

  async release(remote: ReleaseRemote, version: string): Promise<Release> {
    const doc = await this.repository.findRelease(remote, version);
    if (!doc) throw new ReleaseNotFound(remote, version);
    return toRelease(doc);
  }

  /** Percent absent or 100: the version goes live. 1-99: it becomes the canary beside the live one. */
  async promote(remote: ReleaseRemote, input: PromoteInputBody): Promise<RemoteRoutingChange> {
    try {
      return await this.applyPromote(remote, input);
    } catch (error) {
      // Refused by the registry's rules (unknown version, a canary without a live release...): the
      // audit keeps it with its reason, as it keeps the refusals of `npm run release` (recordRefusal).
      if (error instanceof ReleaseRefused) {
        await this.repository.addAudit(
          { remote, action: 'promote-refused', version: input.version, ...(input.percent !== undefined ? { percent: input.percent } : {}), by: actorOf(input.by), reason: error.message },
          new Date(),
        );
      }
      throw error;
    }
  }

  /** A promote the release command refused before it asked the registry (its promotion checks). */
  async recordRefusal(remote: ReleaseRemote, input: PromoteRefusalInputBody): Promise<void> {
    const reason = input.reasons.join('; ');
    await this.repository.addAudit(
      {
        remote,
        action: 'promote-refused',
        version: input.version,
        ...(input.percent !== undefined ? { percent: input.percent } : {}),
        by: actorOf(input.by),
        reason: reason.length > REFUSAL_REASON_MAX ? `${reason.slice(0, REFUSAL_REASON_MAX - 1)}…` : reason,
      },
      new Date(),
    );
  }

  private async applyPromote(remote: ReleaseRemote, input: PromoteInputBody): Promise<RemoteRoutingChange> {
    const { version } = input;
    const percent = input.percent ?? 100;
    if (!(await this.repository.findRelease(remote, version))) throw new ReleaseRefused(HttpStatus.NOT_FOUND, `Release ${remote}@${version} not found`);
    return this.changeRoute(remote, input.by, async (route, now) => {
      if (percent === 100) {
        // Already live: nothing to do (a deploy that is retried after a lost answer).
        if (route.live === version) return null;
        const history = route.live ? [route.live, ...route.history.filter((entry) => entry !== route.live && entry !== version)] : route.history.filter((entry) => entry !== version);
        return {
          change: { live: version, liveSince: now, history: history.slice(0, RELEASE_HISTORY_LIMIT), canary: null },
          audit: { action: 'promote', version, ...(route.live ? { fromVersion: route.live } : {}) },
          leaving: route.live ? [route.live] : [],
        };
      }
      if (!route.live) throw new ReleaseRefused(HttpStatus.CONFLICT, `${remote} has no live release: promote one to 100% before starting a canary`);
      if (route.live === version) throw new ReleaseRefused(HttpStatus.CONFLICT, `${remote}@${version} is already live: a canary must be another version`);
      const same = route.canary?.version === version;
      if (same && route.canary?.percent === percent) return null;
      return {
        change: { live: route.live, liveSince: route.liveSince, history: route.history, canary: { version, percent, since: same && route.canary ? route.canary.since : now } },
        audit: { action: 'canary', version, percent, ...(route.canary && !same ? { fromVersion: route.canary.version } : {}) },
        // A canary is never the live release: it does not become one a rollback or prune counts.
        leaving: [],
      };
    }, version);
  }

  /**
   * Removes the canary if there is one; otherwise the live release goes back to the previous one,
   * one step per rollback, through every earlier live release still published. `toDefault`: the
   * registry names nothing for the remote (canary included), and browsers load the image's build.
   */
  async rollback(remote: ReleaseRemote, input: RollbackInputBody): Promise<RemoteRoutingChange> {
    const reason = input.reason?.trim() || undefined;
    const why = reason ? { reason } : {};
    return this.changeRoute(remote, input.by, async (route, now) => {
      if (input.toDefault) {
        // Already on the image's build: a retry changes nothing.
        if (!route.live) return null;
        return {
          change: { live: null, liveSince: null, history: [route.live, ...route.history.filter((entry) => entry !== route.live)].slice(0, RELEASE_HISTORY_LIMIT), canary: null },
          audit: { action: 'to-default', version: route.live, ...why },
          leaving: [route.live],
        };
      }
      if (route.canary) {
        return {
          change: { live: route.live, liveSince: route.liveSince, history: route.history, canary: null },
          audit: { action: 'rollback', version: route.canary.version, ...why },
          leaving: [],
        };
      }
      if (!route.live) {
        throw new ConflictException(`Nothing to roll back: ${remote} already runs its image's own build (the registry names no release for it)`);
      }
      // The newest earlier live release that is still published (a pruned one cannot come back).
      let index = -1;
      for (const [position, entry] of route.history.entries()) {
        if (await this.repository.findRelease(remote, entry)) {
          index = position;
          break;
        }
      }
      const target = route.history[index];
      if (target === undefined) {
        throw new ConflictException(
          `Nothing to roll back: ${remote}@${route.live} has no canary and no earlier live release; roll back to the image's own build with ` +
            `\`npm run release -- rollback ${remote} --to-default\` (toDefault: true)`,
        );
      }
      return {
        // One step back: the releases before the target stay, for the next rollback.
        change: { live: target, liveSince: now, history: route.history.slice(index + 1), canary: null },
        audit: { action: 'rollback', version: target, fromVersion: route.live, ...why },
        leaving: [route.live],
      };
    });
  }

  /**
   * Which releases `prune` may delete: all but the live release, the canary, the `keep` newest of the
   * releases a rollback can reach (the history), and those live within RELEASE_KEEP_LIVE_MS (tabs
   * opened on them may still load their files). A release that was never live (only published, or
   * only a canary) is kept by none of these once it stops being the canary.
   */
  async prunable(remote: ReleaseRemote, keep = PRUNE_DEFAULT_KEEP): Promise<PrunableReleases> {
    const [route, releases] = await Promise.all([this.repository.route(remote), this.repository.releaseLives(remote)]);
    const published = new Set(releases.map((release) => release.version));
    const rollbacks = new Set(route.history.filter((version) => published.has(version)).slice(0, keep));
    const keptSince = Date.now() - this.config.releaseKeepLiveMs;
    const answer: PrunableReleases = { remote, keep, prunable: [], kept: [] };
    for (const { version, lastLiveAt } of releases) {
      if (version === route.live) answer.kept.push({ version, reason: 'live', detail: 'the live release' });
      else if (version === route.canary?.version) answer.kept.push({ version, reason: 'canary', detail: `the canary for ${route.canary.percent}% of browsers` });
      else if (rollbacks.has(version)) answer.kept.push({ version, reason: 'rollback', detail: `one of the ${keep} newest releases a rollback can reach` });
      else if (lastLiveAt && lastLiveAt.getTime() >= keptSince) answer.kept.push({ version, reason: 'recently-live', detail: this.recentlyLive(lastLiveAt) });
      else answer.prunable.push(version);
    }
    return answer;
  }

  private recentlyLive(lastLiveAt: Date): string {
    return `live until ${lastLiveAt.toISOString()}, within RELEASE_KEEP_LIVE_MS (${formatDuration(this.config.releaseKeepLiveMs)}): tabs opened on it may still load its files`;
  }

  /**
   * Prunes a release: never the live one or the canary, nor one that was live within
   * RELEASE_KEEP_LIVE_MS (tabs may still load it); its stats go with it. Audited as `by`.
   */
  async remove(remote: ReleaseRemote, version: string, input: RemoveInputBody = {}): Promise<{ deletedCount: number }> {
    await this.locks.withLock(remote, async () => {
      const route = await this.repository.route(remote);
      if (route.live === version) throw new ConflictException(`${remote}@${version} is the live release: promote another one before removing it`);
      if (route.canary?.version === version) throw new ConflictException(`${remote}@${version} is the canary: roll it back before removing it`);
      const release = await this.repository.findRelease(remote, version);
      if (!release) throw new ReleaseNotFound(remote, version);
      const now = new Date();
      const keptSince = new Date(now.getTime() - this.config.releaseKeepLiveMs);
      if (release.lastLiveAt && release.lastLiveAt >= keptSince) {
        throw new ConflictException(`${remote}@${version} was ${this.recentlyLive(release.lastLiveAt)}`);
      }
      if (!(await this.repository.deleteRelease(remote, version, keptSince))) throw new ReleaseNotFound(remote, version);
      await this.repository.forgetInHistory(remote, version);
      await this.stats.removeFor(remote, version);
      await this.repository.touchRoute(remote, now);
      await this.repository.addAudit({ remote, action: 'remove', version, by: actorOf(input.by) }, now);
    });
    this.known.invalidate();
    this.routing.invalidate();
    return { deletedCount: 1 };
  }

  /**
   * The canary watch's rollback (release-telemetry.service.ts): only if `version` is still the
   * canary (checked under the lock, and again by the conditional update), so that of several
   * instances deciding at once exactly one acts and audits.
   */
  async autoRollback(remote: ReleaseRemote, version: string, reason: string): Promise<boolean> {
    const rolledBack = await this.locks.withLock(remote, async () => {
      const now = new Date();
      if ((await this.repository.route(remote)).canary?.version !== version) return false;
      if (!(await this.repository.clearCanary(remote, version, now))) return false;
      await this.repository.addAudit({ remote, action: 'auto-rollback', version, by: CANARY_WATCH_ACTOR, reason }, now);
      return true;
    });
    if (rolledBack) this.routing.invalidate();
    return rolledBack;
  }

  /**
   * Under the remote's lock: reads the route, decides (null: nothing to change), writes if nobody
   * changed it meanwhile, and then records what happened. A release that becomes live is marked so
   * before the write (release.schema.ts); `entering` (a canary) must still be published.
   */
  private async changeRoute(
    remote: ReleaseRemote,
    by: string | undefined,
    decide: (route: RouteState, now: Date) => Promise<Decision | null>,
    entering?: string,
  ): Promise<RemoteRoutingChange> {
    const actor = actorOf(by);
    return this.locks.withLock(remote, async () => {
      for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
        const route = await this.repository.route(remote);
        const now = new Date();
        const decision = await decide(route, now);
        if (!decision) return this.answer(route);
        const becomesLive = decision.change.live !== route.live ? decision.change.live : null;
        if (becomesLive && !(await this.repository.markServed(remote, becomesLive, now))) throw new ReleaseRefused(HttpStatus.NOT_FOUND, `Release ${remote}@${becomesLive} not found`);
        if (entering && entering !== becomesLive && !(await this.repository.findRelease(remote, entering))) {
          throw new ReleaseRefused(HttpStatus.NOT_FOUND, `Release ${remote}@${entering} not found`);
        }
        if (!(await this.repository.replaceRoute(route, decision.change, now))) continue;
        this.routing.invalidate();
        for (const version of decision.leaving) await this.repository.markServed(remote, version, now);
        await this.repository.addAudit({ remote, by: actor, ...decision.audit }, now);
        return this.answer({ ...route, ...decision.change, updatedAt: now });
      }
      throw new ConflictException(`The routing of ${remote} changed while this request was applied: try again`);
    });
  }

  /** The remote's routing with the manifests of its live release and canary. */
  private async answer(route: RouteState): Promise<RemoteRoutingChange> {
    const { remote, live, liveSince, canary } = route;
    const routed = routedReleases(route, await this.repository.manifests(namedReleases(route)));
    if (live && (!routed.live || !liveSince)) throw new ConflictException(`${remote}@${live} is live but no longer published: promote another release`);
    return {
      remote,
      // Null: the registry names nothing for this remote, browsers load the image's own build.
      live: routed.live ?? null,
      ...(canary && routed.canary ? { canary: { ...routed.canary, since: canary.since.toISOString() } } : {}),
      liveSince: liveSince ? liveSince.toISOString() : null,
      history: route.history,
      updatedAt: (route.updatedAt ?? new Date()).toISOString(),
    };
  }
}

function formatDuration(ms: number): string {
  const days = ms / 86_400_000;
  if (Number.isInteger(days)) return `${days} day${days === 1 ? '' : 's'}`;
  const hours = ms / 3_600_000;
  return Number.isInteger(hours) ? `${hours} h` : `${ms} ms`;
}
