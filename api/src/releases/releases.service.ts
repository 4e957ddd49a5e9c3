import { ConflictException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { RELEASE_HISTORY_LIMIT, type Release, type ReleaseRemote, type RemoteRoutingChange } from '@antiquarium/contracts';
import { APP_CONFIG, type AppConfig } from '../config/env';
import { KnownReleases } from './known-releases';
import type { PromoteInputBody, ReleaseInputBody, RollbackInputBody } from './release-input';
import { ReleaseLocks } from './release-lock';
import { ReleaseStatsRepository } from './release-stats.repository';
import { ReleasesRepository, type AuditInput, type RouteChange, type RouteState } from './releases.repository';
import { RoutingService } from './routing.service';
import { toRelease } from './to-release';

/** Who a change is audited as when the request does not say. */
export const DEPLOY_TOKEN_ACTOR = 'deploy token';
/** Who the audit names for a rollback the api decided itself. */
export const CANARY_WATCH_ACTOR = 'canary watch';

/** Reads and decisions a routing change may take before it gives up on concurrent changes. */
const MAX_ATTEMPTS = 5;

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
    const { version } = input;
    const percent = input.percent ?? 100;
    if (!(await this.repository.findRelease(remote, version))) throw new ReleaseNotFound(remote, version);
    return this.changeRoute(remote, input.by, async (route, now) => {
      if (percent === 100) {
        // Already live: nothing to do (a deploy that is retried after a lost answer).
        if (route.live === version) return null;
        const history = route.live ? [route.live, ...route.history.filter((entry) => entry !== route.live && entry !== version)] : route.history.filter((entry) => entry !== version);
        return {
          change: { live: version, liveSince: now, history: history.slice(0, RELEASE_HISTORY_LIMIT), canary: null },
          audit: { action: 'promote', version, ...(route.live ? { fromVersion: route.live } : {}) },
          leaving: [route.live, route.canary?.version].filter((entry): entry is string => Boolean(entry) && entry !== version),
        };
      }
      if (!route.live) throw new ConflictException(`${remote} has no live release: promote one to 100% before starting a canary`);
      if (route.live === version) throw new ConflictException(`${remote}@${version} is already live: a canary must be another version`);
      const same = route.canary?.version === version;
      if (same && route.canary?.percent === percent) return null;
      return {
        change: { live: route.live, liveSince: route.liveSince, history: route.history, canary: { version, percent, since: same && route.canary ? route.canary.since : now } },
        audit: { action: 'canary', version, percent, ...(route.canary && !same ? { fromVersion: route.canary.version } : {}) },
        leaving: route.canary && !same ? [route.canary.version] : [],
      };
    }, version);
  }

  /** Removes the canary if there is one; otherwise the live release goes back to the previous one. */
  async rollback(remote: ReleaseRemote, input: RollbackInputBody): Promise<RemoteRoutingChange> {
    const reason = input.reason?.trim() || undefined;
    return this.changeRoute(remote, input.by, async (route, now) => {
      if (route.canary) {
        return {
          change: { live: route.live, liveSince: route.liveSince, history: route.history, canary: null },
          audit: { action: 'rollback', version: route.canary.version, ...(reason ? { reason } : {}) },
          leaving: [route.canary.version],
        };
      }
      // The newest earlier live release that is still published (a pruned one cannot come back).
      let index = -1;
      if (route.live) {
        for (const [position, entry] of route.history.entries()) {
          if (await this.repository.findRelease(remote, entry)) {
            index = position;
            break;
          }
        }
      }
      const target = route.history[index];
      if (!route.live || target === undefined) {
        throw new ConflictException(`Nothing to roll back: ${remote} has no canary and no earlier live release`);
      }
      return {
        change: { live: target, liveSince: now, history: route.history.slice(index + 1), canary: null },
        audit: { action: 'rollback', version: target, fromVersion: route.live, ...(reason ? { reason } : {}) },
        leaving: [route.live],
      };
    });
  }

  /**
   * Prunes a release: never the live one or the canary, nor one that served within
   * RELEASE_KEEP_LIVE_MS (it may be rolled back to); its stats go with it.
   */
  async remove(remote: ReleaseRemote, version: string): Promise<{ deletedCount: number }> {
    await this.locks.withLock(remote, async () => {
      const route = await this.repository.route(remote);
      if (route.live === version) throw new ConflictException(`${remote}@${version} is the live release: promote another one before removing it`);
      if (route.canary?.version === version) throw new ConflictException(`${remote}@${version} is the canary: roll it back before removing it`);
      const release = await this.repository.findRelease(remote, version);
      if (!release) throw new ReleaseNotFound(remote, version);
      const now = new Date();
      const keptSince = new Date(now.getTime() - this.config.releaseKeepLiveMs);
      if (release.lastLiveAt && release.lastLiveAt >= keptSince) {
        throw new ConflictException(
          `${remote}@${version} served as live or canary at ${release.lastLiveAt.toISOString()}, within RELEASE_KEEP_LIVE_MS ` +
            `(${formatDuration(this.config.releaseKeepLiveMs)}): it is kept for rollbacks`,
        );
      }
      if (!(await this.repository.deleteRelease(remote, version, keptSince))) throw new ReleaseNotFound(remote, version);
      await this.repository.forgetInHistory(remote, version);
      await this.stats.removeFor(remote, version);
      await this.repository.touchRoute(remote, now);
      await this.repository.addAudit({ remote, action: 'remove', version, by: DEPLOY_TOKEN_ACTOR }, now);
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
      await this.repository.markServed(remote, version, now);
      await this.repository.addAudit({ remote, action: 'auto-rollback', version, by: CANARY_WATCH_ACTOR, reason }, now);
      return true;
    });
    if (rolledBack) this.routing.invalidate();
    return rolledBack;
  }

  /**
   * Under the remote's lock: reads the route, decides (null: nothing to change), writes if nobody
   * changed it meanwhile, and then records what happened. `entering`, when given, is marked as
   * serving before the write (release.schema.ts).
   */
  private async changeRoute(
    remote: ReleaseRemote,
    by: string | undefined,
    decide: (route: RouteState, now: Date) => Promise<Decision | null>,
    entering?: string,
  ): Promise<RemoteRoutingChange> {
    const actor = by?.trim() || DEPLOY_TOKEN_ACTOR;
    return this.locks.withLock(remote, async () => {
      for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
        const route = await this.repository.route(remote);
        const now = new Date();
        const decision = await decide(route, now);
        if (!decision) return this.answer(route);
        const target = entering ?? decision.change.live;
        if (target && !(await this.repository.markServed(remote, target, now))) throw new ReleaseNotFound(remote, target);
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
    const manifests = await this.repository.manifests([...(live ? [{ remote, version: live }] : []), ...(canary ? [{ remote, version: canary.version }] : [])]);
    const liveUrl = live ? manifests.get(`${remote}@${live}`) : undefined;
    if (!live || liveUrl === undefined || !liveSince) throw new ConflictException(`${remote} has no live release`);
    const canaryUrl = canary ? manifests.get(`${remote}@${canary.version}`) : undefined;
    return {
      remote,
      live: { version: live, manifestUrl: liveUrl },
      ...(canary && canaryUrl !== undefined ? { canary: { version: canary.version, manifestUrl: canaryUrl, percent: canary.percent, since: canary.since.toISOString() } } : {}),
      liveSince: liveSince.toISOString(),
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
