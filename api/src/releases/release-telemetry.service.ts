import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { CANARY_WINDOW_MS, isReleaseRemote, type ReleaseRemote } from '@antiquarium/contracts';
import { canaryVerdict } from './canary-verdict';
import { KnownReleases } from './known-releases';
import { loadBucketOf } from './load-histogram';
import { healthOf, minuteOf } from './release-health';
import type { TelemetryInput } from './release-input';
import type { StatsCounters } from './release-stats.schema';
import { ReleaseStatsRepository } from './release-stats.repository';
import { ReleasesRepository } from './releases.repository';
import { ReleasesService } from './releases.service';
import { StatsWriter, type StatsIncrement } from './stats-writer';

/** A remote's canary is checked at most this often per instance, and soon after its telemetry. */
export const CANARY_CHECK_INTERVAL_MS = 1000;
/** Stats rows are kept this long (the status shows the last hour, the canary window is an hour). */
export const STATS_KEEP_MS = 2 * 24 * 60 * 60 * 1000;
/** How often an instance deletes the rows past STATS_KEEP_MS. */
const STATS_SWEEP_INTERVAL_MS = 60 * 60 * 1000;

interface Watch {
  lastRunAt: number;
  timer?: NodeJS.Timeout;
  running: boolean;
  again: boolean;
}

/**
 * POST /releases/telemetry: counts the shell's events per release and minute, then has each
 * affected remote's canary checked (canary-verdict.ts) in the background, after the answer.
 */
@Injectable()
export class ReleaseTelemetryService implements OnModuleDestroy {
  private readonly logger = new Logger('ReleaseTelemetry');
  private readonly watches = new Map<ReleaseRemote, Watch>();
  private lastSweepAt = 0;
  private closed = false;

  constructor(
    private readonly known: KnownReleases,
    private readonly stats: ReleaseStatsRepository,
    private readonly writer: StatsWriter,
    private readonly repository: ReleasesRepository,
    private readonly releases: ReleasesService,
  ) {}

  async record(events: TelemetryInput['events']): Promise<void> {
    if (events.length === 0) return;
    const known = await this.known.current();
    const minute = minuteOf(Date.now());
    const groups = new Map<string, StatsIncrement>();
    for (const event of events) {
      const key = `${event.remote}@${event.version}`;
      if (!isReleaseRemote(event.remote) || !known.has(key)) continue;
      const group = groups.get(key) ?? { remote: event.remote, version: event.version, minute, counters: {} };
      groups.set(key, group);
      const counters: StatsCounters = group.counters;
      if (event.kind === 'view') {
        counters.views = (counters.views ?? 0) + 1;
        if (typeof event.ms === 'number') {
          const bucket = loadBucketOf(event.ms);
          counters[bucket] = (counters[bucket] ?? 0) + 1;
        }
      } else if (event.kind === 'load-failure') counters.loadFailures = (counters.loadFailures ?? 0) + 1;
      else counters.renderErrors = (counters.renderErrors ?? 0) + 1;
    }
    await this.writer.add([...groups.values()]);
    for (const remote of new Set([...groups.values()].map((group) => group.remote))) this.watch(remote);
    this.sweepOldStats();
  }

  /** Checks the remote's canary now, or when its last check is CANARY_CHECK_INTERVAL_MS old. */
  private watch(remote: ReleaseRemote): void {
    if (this.closed) return;
    const watch = this.watches.get(remote) ?? { lastRunAt: 0, running: false, again: false };
    this.watches.set(remote, watch);
    if (watch.timer || watch.running) {
      watch.again = true;
      return;
    }
    const wait = Math.max(0, watch.lastRunAt + CANARY_CHECK_INTERVAL_MS - Date.now());
    watch.timer = setTimeout(() => void this.runCheck(remote, watch), wait);
    watch.timer.unref();
  }

  private async runCheck(remote: ReleaseRemote, watch: Watch): Promise<void> {
    watch.timer = undefined;
    watch.running = true;
    watch.again = false;
    watch.lastRunAt = Date.now();
    try {
      await this.checkCanary(remote);
    } catch (error) {
      this.logger.warn(`the canary of ${remote} could not be checked: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      watch.running = false;
    }
    if (watch.again) this.watch(remote);
  }

  /** Rolls the canary back when its failure rate exceeds the live release's (canary-verdict.ts). */
  async checkCanary(remote: ReleaseRemote): Promise<void> {
    const route = await this.repository.route(remote);
    if (!route.canary || !route.live) return;
    const now = Date.now();
    const windowStart = minuteOf(now - CANARY_WINDOW_MS);
    // The canary's own window starts with it: an earlier canary of the same version is not held against it.
    const canaryStart = new Date(Math.max(windowStart.getTime(), minuteOf(route.canary.since.getTime()).getTime()));
    const [canaryRows, liveRows] = await Promise.all([
      this.stats.forRelease(remote, route.canary.version, canaryStart),
      this.stats.forRelease(remote, route.live, windowStart),
    ]);
    const reason = canaryVerdict(healthOf(canaryRows), healthOf(liveRows));
    if (!reason) return;
    if (await this.releases.autoRollback(remote, route.canary.version, reason)) {
      this.logger.warn(`${remote}@${route.canary.version} rolled back: ${reason}`);
    }
  }

  private sweepOldStats(): void {
    const now = Date.now();
    if (now - this.lastSweepAt < STATS_SWEEP_INTERVAL_MS) return;
    this.lastSweepAt = now;
    this.stats.removeOlderThan(new Date(now - STATS_KEEP_MS)).catch((error: unknown) => {
      this.logger.warn(`old release stats could not be removed: ${error instanceof Error ? error.message : String(error)}`);
    });
  }

  onModuleDestroy(): void {
    this.closed = true;
    for (const watch of this.watches.values()) clearTimeout(watch.timer);
  }
}
