import { ForbiddenException, Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import type { Request } from 'express';
import { CANARY_WINDOW_MS, type ReleaseRemote } from '@antiquarium/contracts';
import { APP_CONFIG, type AppConfig } from '../config/env';
import { RateLimits } from '../rate-limits/rate-limits';
import { CANARY_CHECK_INTERVAL_MS, canaryVerdict, evidenceOf } from './canary-verdict';
import { canaryChecks, canaryEvidence } from '../observability/metrics';
import { KnownReleases } from './known-releases';
import { inpBucketOf, loadBucketOf } from './load-histogram';
import { minuteOf } from './release-health';
import type { TelemetryInput } from './release-input';
import { ReleaseStatsRepository } from './release-stats.repository';
import { ReleasesRepository } from './releases.repository';
import { ReleasesService } from './releases.service';
import { StatsWriter, type StatsIncrement } from './stats-writer';
import { TelemetryClaimsRepository, type Claim } from './telemetry-claims.repository';
import type { Ticket } from './telemetry-ticket';
import { TelemetryTickets } from './telemetry-tickets';

/** Stats rows are kept this long (the status shows the last hour, the canary window is an hour). */
export const STATS_KEEP_MS = 2 * 24 * 60 * 60 * 1000;
/**
 * Claims are kept this long: past a ticket's life (a claim swept earlier could be made again), and
 * over the window before a canary started and the canary's own (the verdict reads both).
 */
export const CLAIMS_KEEP_MS = 3 * CANARY_WINDOW_MS;
/** How often an instance deletes the rows past STATS_KEEP_MS and the claims past CLAIMS_KEEP_MS. */
const SWEEP_INTERVAL_MS = 10 * 60 * 1000;

export const TELEMETRY_FOREIGN_ORIGIN = 'Telemetry is accepted from the site’s own pages only';
export const TELEMETRY_TICKET_REFUSED = {
  malformed: 'ticket: is not a telemetry ticket',
  forged: 'ticket: was not issued by this site',
  expired: 'ticket: has expired; a new page load gets a new one',
  off: 'ticket: this api issues no telemetry tickets (neither RELEASE_TELEMETRY_SECRET nor RELEASE_DEPLOY_TOKEN is set)',
} as const;

interface Watch {
  lastRunAt: number;
  timer?: NodeJS.Timeout;
  running: boolean;
  again: boolean;
}

/**
 * POST /releases/telemetry (docs/decisions/0028, "Telemetry tickets"): from the site's pages only,
 * within the client's telemetry budget, under a ticket this site signed. Each ticket is counted for
 * at most one view, one failure and one INP per remote, of a release its routing named; then each
 * affected remote's canary is checked (canary-verdict.ts) in the background, after the answer.
 */
@Injectable()
export class ReleaseTelemetryService implements OnModuleDestroy {
  private readonly logger = new Logger('ReleaseTelemetry');
  private readonly watches = new Map<ReleaseRemote, Watch>();
  private readonly siteOrigins: ReadonlySet<string>;
  private lastSweepAt = 0;
  private closed = false;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly limits: RateLimits,
    private readonly tickets: TelemetryTickets,
    private readonly known: KnownReleases,
    private readonly claims: TelemetryClaimsRepository,
    private readonly stats: ReleaseStatsRepository,
    private readonly writer: StatsWriter,
    private readonly repository: ReleasesRepository,
    private readonly releases: ReleasesService,
  ) {
    this.siteOrigins = new Set(config.corsOrigins);
  }

  /**
   * Before the body is read: 403 unless a page of the site sent it, 429 past the client's telemetry
   * budget. A browser always sends Origin with a POST (sendBeacon's included) and a page cannot
   * change it; without one, only a browser's `Sec-Fetch-Site: same-origin` is let through (the api
   * served from the site's own origin). Anything else (another site's page, a script with no Origin)
   * is refused.
   */
  async admit(request: Request): Promise<void> {
    const origin = request.headers.origin;
    const fetchSite = request.headers['sec-fetch-site'];
    const fromSite = origin !== undefined ? this.siteOrigins.has(origin) : fetchSite === 'same-origin';
    if (!fromSite) throw new ForbiddenException(TELEMETRY_FOREIGN_ORIGIN);
    await this.limits.consume('telemetry', `ip:${request.ip ?? request.socket.remoteAddress ?? 'unknown'}`);
  }

  /** Counts what the ticket allows of the batch: 403 for a ticket that is not valid. */
  async record({ ticket: text, events }: TelemetryInput): Promise<void> {
    const signer = this.tickets.signer;
    if (!signer) throw new ForbiddenException(TELEMETRY_TICKET_REFUSED.off);
    const ticket = signer.read(text);
    if (typeof ticket === 'string') throw new ForbiddenException(TELEMETRY_TICKET_REFUSED[ticket]);
    const now = new Date();
    const claimed = await this.claimAll(ticket, events, now);
    if (claimed.length === 0) return;
    await this.writer.add(claimed);
    for (const remote of new Set(claimed.map((increment) => increment.remote))) this.watch(remote);
    this.sweepOld();
  }

  /**
   * The batch's first view, first failure and first timed INP of each remote the ticket names, for
   * a release the ticket names, claimed in the database (a slot already claimed, by an earlier batch
   * of the same page load or by a replay, counts nothing): what the stats rows get.
   */
  private async claimAll(ticket: Ticket, events: TelemetryInput['events'], now: Date): Promise<StatsIncrement[]> {
    const wanted = new Map<string, { claim: Claim; event: TelemetryInput['events'][number] }>();
    const published = await this.published(ticket);
    for (const event of events) {
      const { remote, version } = event;
      const versions: readonly string[] | undefined = Object.hasOwn(ticket.releases, remote) ? ticket.releases[remote as ReleaseRemote] : undefined;
      if (!versions?.includes(version) || !published.has(`${remote}@${version}`)) continue;
      // An INP is its time: without one there is nothing to count.
      if (event.kind === 'inp' && typeof event.ms !== 'number') continue;
      const slot = event.kind === 'view' || event.kind === 'inp' ? event.kind : 'failure';
      const key = `${remote}:${slot}`;
      if (!wanted.has(key)) wanted.set(key, { claim: { ticket: ticket.id, remote: remote as ReleaseRemote, version, slot, client: ticket.client }, event });
    }
    const minute = minuteOf(now.getTime());
    const won = await Promise.all([...wanted.values()].map(async (entry) => ((await this.claims.claim(entry.claim, now)) ? entry : undefined)));
    const increments: StatsIncrement[] = [];
    for (const entry of won) {
      if (!entry) continue;
      const { claim, event } = entry;
      const counters: StatsIncrement['counters'] = {};
      if (event.kind === 'view') {
        counters.views = 1;
        if (typeof event.ms === 'number') counters[loadBucketOf(event.ms)] = 1;
      } else if (event.kind === 'inp') counters[inpBucketOf(event.ms ?? 0)] = 1;
      else if (event.kind === 'load-failure') counters.loadFailures = 1;
      else counters.renderErrors = 1;
      increments.push({ remote: claim.remote, version: claim.version, minute, counters });
    }
    return increments;
  }

  /**
   * The published releases, to check a ticket's against: a release pruned since the ticket was
   * given gets no more stats rows. Read again when the ticket names one this instance has not seen
   * (published on another instance within KNOWN_RELEASES_MAX_AGE_MS).
   */
  private async published(ticket: Ticket): Promise<Set<string>> {
    const named = Object.entries(ticket.releases).flatMap(([remote, versions]) => versions.map((version) => `${remote}@${version}`));
    let known = await this.known.current();
    if (named.some((key) => !known.has(key))) {
      this.known.invalidate();
      known = await this.known.current();
    }
    return known;
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

  /**
   * Rolls the canary back when its claimed failure rate exceeds its baseline (canary-verdict.ts):
   * the canary's claims of the last window since it started, the live release's of the window
   * before it started.
   */
  async checkCanary(remote: ReleaseRemote): Promise<void> {
    const route = await this.repository.route(remote);
    if (!route.canary || !route.live) return;
    const since = route.canary.since.getTime();
    // The canary's own window starts with it: an earlier canary of the same version is not held against it.
    const canaryFrom = new Date(Math.max(Date.now() - CANARY_WINDOW_MS, since));
    const [canary, liveBefore] = await Promise.all([
      this.claims.perClient(remote, route.canary.version, canaryFrom),
      this.claims.perClient(remote, route.live, new Date(since - CANARY_WINDOW_MS), route.canary.since),
    ]);
    const evidence = evidenceOf(canary);
    const reason = canaryVerdict(evidence, evidenceOf(liveBefore));
    const rolledBack = reason !== null && (await this.releases.autoRollback(remote, route.canary.version, reason));
    if (rolledBack) this.logger.warn(`${remote}@${route.canary.version} rolled back: ${reason}`);
    // Counted once the verdict is carried out: what a check weighed is known to be acted on.
    for (const measure of ['loads', 'tickets', 'clients'] as const) canaryEvidence.set({ remote, measure }, evidence[measure]);
    canaryChecks.inc({ remote, verdict: rolledBack ? 'rolled-back' : 'kept' });
  }

  private sweepOld(): void {
    const now = Date.now();
    if (now - this.lastSweepAt < SWEEP_INTERVAL_MS) return;
    this.lastSweepAt = now;
    const failed = (what: string) => (error: unknown) =>
      this.logger.warn(`old ${what} could not be removed: ${error instanceof Error ? error.message : String(error)}`);
    this.stats.removeOlderThan(new Date(now - STATS_KEEP_MS)).catch(failed('release stats'));
    this.claims.removeOlderThan(new Date(now - CLAIMS_KEEP_MS)).catch(failed('telemetry claims'));
  }

  onModuleDestroy(): void {
    this.closed = true;
    for (const watch of this.watches.values()) clearTimeout(watch.timer);
  }
}
