import { Injectable } from '@nestjs/common';
import { RELEASE_REMOTES, type ReleaseRemote, type ReleaseStatus, type RemoteReleaseStatus } from '@antiquarium/contracts';
import { minuteOf, releaseHealth } from './release-health';
import type { ReleaseStatsDoc } from './release-stats.schema';
import { ReleaseStatsRepository } from './release-stats.repository';
import { ReleasesRepository, type RouteState } from './releases.repository';
import { toAuditEntry, toRelease } from './to-release';

/** GET /releases lists at most this many releases per remote, newest first... */
export const STATUS_RELEASES_LIMIT = 20;
/** ...and this many audit entries, newest first. */
export const STATUS_AUDIT_LIMIT = 50;
/** The health shown beside each release covers the last hour. */
const HEALTH_WINDOW_MS = 60 * 60 * 1000;

/**
 * The registry at a glance for `npm run release -- status` and operators. Bounded: three remotes,
 * at most 20 releases each, one stats row per release and minute of the last hour, 50 audit lines.
 */
@Injectable()
export class ReleaseStatusService {
  constructor(
    private readonly repository: ReleasesRepository,
    private readonly stats: ReleaseStatsRepository,
  ) {}

  async status(): Promise<ReleaseStatus> {
    const since = minuteOf(Date.now() - HEALTH_WINDOW_MS);
    const [routes, audit] = await Promise.all([this.repository.allRoutes(RELEASE_REMOTES), this.repository.latestAudit(STATUS_AUDIT_LIMIT)]);
    const remotes = await Promise.all(routes.map((route) => this.remote(route, since)));
    const updatedAt = routes.reduce<Date | null>((latest, route) => (route.updatedAt && (!latest || route.updatedAt > latest) ? route.updatedAt : latest), null);
    return { remotes, audit: audit.map(toAuditEntry), updatedAt: updatedAt ? updatedAt.toISOString() : null };
  }

  private async remote(route: RouteState, since: Date): Promise<RemoteReleaseStatus> {
    const remote: ReleaseRemote = route.remote;
    const [releases, rows] = await Promise.all([this.repository.latestReleases(remote, STATUS_RELEASES_LIMIT), this.stats.since(remote, since)]);
    const byVersion = new Map<string, ReleaseStatsDoc[]>();
    for (const row of rows) byVersion.set(row.version, [...(byVersion.get(row.version) ?? []), row]);
    return {
      remote,
      live: route.live,
      liveSince: route.liveSince ? route.liveSince.toISOString() : null,
      canary: route.canary ? { version: route.canary.version, percent: route.canary.percent, since: route.canary.since.toISOString() } : null,
      history: route.history,
      releases: releases.map((doc) => ({ ...toRelease(doc), lastHour: releaseHealth(byVersion.get(doc.version) ?? []) })),
    };
  }
}
