import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger, Optional, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { type ArtifactFacets, type SortOption } from '@antiquarium/contracts';
import type { ArtifactCatalog } from '../artifacts/artifact-catalog';
import { ArtifactChanges, type ArtifactChange, type ChangeOrigin } from '../artifacts/artifact-changes';
import type { CatalogArtifact } from '../artifacts/artifact-projections';
import type { ArtifactFilter } from '../artifacts/artifact-query';
import { ArtifactsRepository } from '../artifacts/artifacts.repository';
import { APP_CONFIG, type AppConfig } from '../config/env';
import { catalogEvents } from '../observability/metrics';
import { ChangeChannel } from './change-channel';
import { ArtifactChangeLog, ChangeFollower, type ChangeLogStore } from './change-log';
import { CatalogIndex, type CatalogPage } from './catalog-index';
import { SnapshotError, SnapshotStore, readSnapshot, writeSnapshotIfDue } from './catalog-snapshot';
import { SnapshotSchedule, personalChange } from './snapshot-schedule';

/** How soon a failed load is tried again (at most; CATALOG_REFRESH_MS when that is shorter). */
const LOAD_RETRY_MS = 5000;
/** How many loaded documents the loader hands the index at a time (it yields between batches). */
const LOAD_BATCH = 1000;
/** How often the change log's old entries are dropped (by every instance: the delete is idempotent). */
const PRUNE_EVERY_MS = 60_000;
/**
 * Serves lists, facets and suggestions from an in-process index of the whole collection
 * (CatalogIndex), so FerretDB is never asked to sort, count or facet per request
 * (docs/decisions/0007-discovery-search.md).
 * - Loaded at start-up (readiness waits for it); writes of this process refresh it before they
 *   answer (read-your-writes) and are recorded in the change log (change-log.ts); writes of other
 *   instances arrive through Redis pub/sub when REDIS_URL is set, and are read from the change log
 *   every CATALOG_REFRESH_MS when it is not (or while Redis is unreachable): that is the bound on
 *   another instance's staleness. Only the artifacts a change names are re-read.
 * - The whole collection is re-read every CATALOG_FULL_RELOAD_MS (hours), a safety net for what the
 *   log cannot tell: a writer that died between its write and its log entry, clocks further apart
 *   than the log's overlap, an edit made to the database by hand.
 * - Past CATALOG_MAX_ARTIFACTS (or with it at 0) it stays off and the database serves lists.
 * - It starts from the snapshot some instance wrote to the database, replaying the change log from
 *   the snapshot's position, and reads the whole collection only when the snapshot is missing,
 *   stale or corrupt; every CATALOG_SNAPSHOT_MS one instance writes a new one (docs/decisions/0030).
 */
@Injectable()
export class CatalogService implements ArtifactCatalog, OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('Catalog');
  private readonly instance = randomUUID();
  private index: CatalogIndex<CatalogArtifact> | null = null;
  /** Changes heard while a load runs, applied when it ends. */
  private pending: ArtifactChange[] | null = null;
  private loading: Promise<void> | null = null;
  private channel: ChangeChannel | null = null;
  private timer: NodeJS.Timeout | null = null;
  private retry: NodeJS.Timeout | null = null;
  private stopped = false;
  /** Reads the other instances' writes from the log (without a log: from Redis or full reloads only). */
  private readonly follower: ChangeFollower | null;
  /** A change heard on Redis could not be applied: the next tick reads the log even while subscribed. */
  private missed = false;
  /** When (Date.now) the last full load began, and the log was last pruned. */
  private lastFullLoad = 0;
  private lastPrune = 0;
  private ticking = false;
  /** When this instance writes the catalog's snapshot. */
  private readonly schedule: SnapshotSchedule;
  /** Why the catalog is off, when it is (for readiness details and logs). */
  state: 'loading' | 'ready' | 'off' | 'failed' = 'loading';
  /** Where the index last came from: a snapshot and the log since, or a read of the collection. */
  source: 'snapshot' | 'database' | null = null;

  constructor(
    private readonly artifacts: ArtifactsRepository,
    private readonly changes: ArtifactChanges,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Optional() @Inject(ArtifactChangeLog) changeLog?: ChangeLogStore,
    @Optional() private readonly snapshots?: SnapshotStore,
  ) {
    this.follower = changeLog ? new ChangeFollower(changeLog, this.instance) : null;
    this.schedule = new SnapshotSchedule(config.catalogSnapshotMs ?? 0);
    this.changes.listen((change, origin) => this.apply(change, origin));
  }

  onApplicationBootstrap(): void {
    // Writes travel between instances whether or not this one keeps a catalog: the others' catalogs
    // must hear this one's writes, and its home-list cache must hear theirs (a moderation decision
    // hides an artifact on every instance within the channel's latency, not the cache's 5 s).
    if (this.config.redisUrl) {
      this.channel = new ChangeChannel(this.config.redisUrl, this.config.changesChannel, this.instance, {
        heard: (change) => void this.changes.emit(change, 'elsewhere'),
        // Writes missed while not subscribed: re-read everything once.
        resubscribed: () => {
          if (this.state === 'ready' && this.loading === null) this.loading = this.load();
        },
      });
    }
    if (this.config.catalogMaxArtifacts === 0) this.state = 'off';
    else this.loading = this.start();
    this.timer = setInterval(() => void this.tick(), this.config.catalogRefreshMs);
    this.timer.unref();
  }

  /**
   * Every CATALOG_REFRESH_MS: the other instances' writes from the change log (unless Redis brings
   * them), the log's old entries dropped now and then, the whole collection at the safety net's
   * interval. Without a log (unit tests of before) the whole collection, as it used to be.
   */
  private async tick(): Promise<void> {
    if (this.stopped || this.ticking || this.loading !== null) return;
    this.ticking = true;
    try {
      const now = Date.now();
      const full = this.config.catalogFullReloadMs;
      const keeping = this.config.catalogMaxArtifacts > 0 && this.state !== 'off';
      if (!this.follower) {
        if (!this.channel?.subscribed && this.config.catalogMaxArtifacts > 0) this.loading = this.load();
        return;
      }
      if (now - this.lastPrune >= PRUNE_EVERY_MS) {
        this.lastPrune = now;
        await this.follower.prune().catch(() => undefined);
      }
      await this.follower.flush().catch(() => undefined);
      // Also past the size limit: the collection may have shrunk back under it.
      if (this.config.catalogMaxArtifacts > 0 && full > 0 && now - this.lastFullLoad >= full) {
        this.loading = this.load();
        return;
      }
      if (keeping) void this.keepSnapshot();
      if (this.channel?.subscribed && !this.missed) {
        this.follower.skip();
        return;
      }
      await this.follow(keeping);
    } finally {
      this.ticking = false;
    }
  }

  /** Applies the other instances' changes found in the log since the last read. */
  private async follow(keeping: boolean): Promise<void> {
    if (!this.follower) return;
    this.missed = false;
    let poll;
    try {
      poll = await this.follower.poll();
    } catch (error) {
      // The database could not be read: the same window is read again at the next tick.
      catalogEvents.inc({ event: 'refresh-failed' });
      this.logger.warn(`change log read failed: ${error instanceof Error ? error.message : String(error)}`);
      return;
    }
    if (poll.reload) {
      this.artifacts.clearHomeLists();
      if (keeping) this.loading = this.load();
      else this.follower.skip();
      return;
    }
    if (poll.changes.length === 0) return poll.done();
    this.artifacts.clearHomeLists();
    for (const change of poll.changes) {
      // Stops at the first that cannot be read: the window is read again at the next tick.
      if (!(await this.refresh(change))) return;
    }
    poll.done();
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    if (this.retry) clearTimeout(this.retry);
    await this.channel?.close();
  }

  /** Resolves once the first load has ended (loaded, off or failed). */
  async settled(): Promise<void> {
    await this.loading;
  }

  /** True once lists can be served from memory (or the catalog is off by configuration). */
  get ready(): boolean {
    return this.state === 'ready' || this.state === 'off';
  }

  get size(): number {
    return this.index?.size ?? 0;
  }

  /** A page from memory, or null when the catalog cannot serve (the caller asks the database). */
  list(filter: ArtifactFilter, sort: SortOption, page: number, limit: number): CatalogPage<CatalogArtifact> | null {
    return this.state === 'ready' && this.index ? this.index.list(filter, sort, page, limit) : null;
  }

  /**
   * One artifact from memory, or null when the catalog cannot serve it (off, loading, or an id it
   * does not hold yet: another instance's write may be on its way, so the caller asks the database).
   */
  get(id: string): CatalogArtifact | null {
    return (this.state === 'ready' && this.index?.get(id)) || null;
  }

  /** Facets from memory, or, when the catalog is off, over the database's searched set. */
  async facets(filter: ArtifactFilter): Promise<ArtifactFacets> {
    if (this.state === 'ready' && this.index) return this.index.facets(filter);
    const scratch = new CatalogIndex<CatalogArtifact>();
    for (const doc of await this.artifacts.findSearchedForCatalog({ search: filter.search, adderUid: filter.adderUid })) scratch.upsert(doc);
    // The scratch index holds just the searched set: the rest of the filter applies as usual.
    return scratch.facets({ ...filter, search: undefined, adderUid: undefined });
  }

  /** From the snapshot if it can be used, else from the collection. */
  private async start(): Promise<void> {
    if (await this.restore()) this.loading = null;
    else await this.load();
  }

  /**
   * Builds the index from the current snapshot and applies the changes logged since its position.
   * False (with the reason logged and counted) when there is none, or it is stale or corrupt.
   */
  private async restore(): Promise<boolean> {
    const { snapshots: store, follower } = this;
    if (!store || !follower || this.config.catalogSnapshotMs === 0) return false;
    const started = Date.now();
    this.pending = [];
    try {
      const { meta, index: fresh } = await readSnapshot(store, this.config.catalogMaxArtifacts, () => this.stopped);
      follower.restart(meta.position.getTime());
      const poll = await follower.poll();
      if (poll.reload) throw new SnapshotError('stale', 'the change log no longer reaches back to it');
      const since = [...poll.changes];
      this.index = fresh;
      for (const change of since) {
        if ('all' in change) throw new SnapshotError('stale', 'everything changed since');
        if (!(await this.refresh(change))) throw new Error('a change since it could not be read');
      }
      poll.done();
      const heard = this.pending;
      this.pending = null;
      if (heard.some((change) => 'all' in change)) throw new SnapshotError('stale', 'everything changed meanwhile');
      for (const change of heard) if (!('all' in change) && !(await this.refresh(change))) throw new Error('a change could not be read');
      this.lastFullLoad = meta.loadedAt.getTime();
      this.state = 'ready';
      this.source = 'snapshot';
      catalogEvents.inc({ event: 'snapshot-restored' });
      this.logger.log(`catalog restored from a snapshot: ${fresh.size} artifacts, ${since.length} changes since, in ${Date.now() - started} ms`);
      return true;
    } catch (error) {
      this.index = null;
      const reason = error instanceof SnapshotError ? error.reason : 'failed';
      catalogEvents.inc({ event: `snapshot-${reason}` });
      this.logger.log(`catalog snapshot not used (${reason}: ${error instanceof Error ? error.message : String(error)}): reading the collection`);
      return false;
    } finally {
      this.pending = null;
    }
  }

  /**
   * Writes a snapshot of this index when the current one is due (writeSnapshotIfDue), or at once
   * after a read of the whole collection (`fresh`: the best base there is, and the one to replace a
   * snapshot that could not be used) and after an artifact was removed or its contributor's
   * details changed (an erasure must not live on in the snapshot): SnapshotSchedule.
   */
  private async keepSnapshot(fresh = false): Promise<void> {
    const { snapshots: store, follower, index } = this;
    const now = Date.now();
    if (!store || !follower || !index || this.state !== 'ready') return;
    const turn = this.schedule.take(now, fresh);
    if (!turn) return;
    try {
      const written = await writeSnapshotIfDue(store, index.docs(), { every: turn.every, position: Math.min(follower.position, now), loadedAt: this.lastFullLoad });
      if (!written) return;
      catalogEvents.inc({ event: 'snapshot-written' });
      this.logger.log(`catalog snapshot written: ${written.count} artifacts, ${written.chunks} chunks, in ${Date.now() - now} ms`);
    } catch (error) {
      turn.failed();
      catalogEvents.inc({ event: 'snapshot-write-failed' });
      this.logger.warn(`catalog snapshot write failed: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      turn.done();
    }
  }

  private async load(): Promise<void> {
    const started = Date.now();
    this.lastFullLoad = started;
    this.pending = [];
    try {
      // Counted while reading (FerretDB counts by reading every document anyway, and a separate
      // count of a large collection would meet the operation timeout the scan is exempt from).
      const fresh = new CatalogIndex<CatalogArtifact>();
      let batch = 0;
      for await (const doc of this.artifacts.scanCatalog()) {
        if (this.stopped) return;
        if (fresh.size >= this.config.catalogMaxArtifacts) {
          this.logger.warn(`more than CATALOG_MAX_ARTIFACTS (${this.config.catalogMaxArtifacts}) artifacts: the database serves lists`);
          this.index = null;
          this.state = 'off';
          return;
        }
        // Hidden by a moderation decision: never served from memory (details read the database).
        if (!doc.moderation) fresh.upsert(doc);
        batch += 1;
        if (batch % LOAD_BATCH === 0) await new Promise((resolve) => setImmediate(resolve));
      }
      fresh.compact();
      const heard = this.pending;
      this.pending = null;
      this.index = fresh;
      for (const change of heard) await this.refresh(change);
      // Whatever was written before the scan began is in it: the log is read from there on.
      this.follower?.restart(started);
      this.state = 'ready';
      this.source = 'database';
      catalogEvents.inc({ event: 'load' });
      this.logger.log(`catalog loaded: ${fresh.size} artifacts in ${Date.now() - started} ms`);
      void this.keepSnapshot(true);
    } catch (error) {
      // Lists fall back to the database until a load succeeds: the next one is tried soon (not
      // only at the next full re-read, which may be far off).
      if (this.state !== 'ready') this.state = 'failed';
      catalogEvents.inc({ event: 'load-failed' });
      this.logger.warn(`catalog load failed: ${error instanceof Error ? error.message : String(error)}`);
      this.retryLater();
    } finally {
      this.pending = null;
      this.loading = null;
    }
  }

  private retryLater(): void {
    if (this.stopped || this.retry) return;
    this.retry = setTimeout(() => {
      this.retry = null;
      if (!this.stopped && this.loading === null && this.state !== 'ready') this.loading = this.load();
    }, Math.min(LOAD_RETRY_MS, this.config.catalogRefreshMs));
    this.retry.unref();
  }

  /** Applies a change to the index; a local one is also passed on to the other instances. */
  private async apply(change: ArtifactChange, origin: ChangeOrigin): Promise<void> {
    if (origin === 'elsewhere') this.artifacts.clearHomeLists();
    else this.channel?.publish(change);
    if (this.pending) this.pending.push(change);
    await Promise.all([origin === 'here' ? this.record(change) : undefined, this.index ? this.refresh(change) : undefined]);
    if (this.schedule.owed) void this.keepSnapshot();
  }

  /** Writes a local change to the log for the instances without Redis (kept for later if it fails). */
  private async record(change: ArtifactChange): Promise<void> {
    try {
      await this.follower?.record(change);
    } catch (error) {
      this.logger.warn(`change log write failed, kept for the next tick: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  /** Takes an artifact out (deleted or hidden): the snapshot must not keep it longer than needed. */
  private forget(index: CatalogIndex<CatalogArtifact>, id: string): void {
    if (!index.has(id)) return;
    index.remove(id);
    this.schedule.owe();
  }

  /** Re-reads what a change names; false when the database could not be read. */
  private async refresh(change: ArtifactChange): Promise<boolean> {
    const index = this.index;
    if (!index) return true;
    if ('all' in change) {
      if (this.loading === null) this.loading = this.load();
      return true;
    }
    try {
      const docs = await this.artifacts.findForCatalog(change);
      for (const doc of docs) {
        const id = doc._id.toHexString();
        if (doc.moderation) this.forget(index, id);
        else {
          if (personalChange(index.get(id), doc)) this.schedule.owe();
          index.upsert(doc);
        }
      }
      if ('ids' in change) {
        const found = new Set(docs.filter((doc) => !doc.moderation).map((doc) => doc._id.toHexString()));
        for (const id of change.ids) if (!found.has(id)) this.forget(index, id);
      }
      catalogEvents.inc({ event: 'refresh' });
      return true;
    } catch (error) {
      // The database could not be read: the next tick reads the change log's window again (without
      // a log, the whole collection).
      this.missed = true;
      if (!this.follower && this.channel) this.channel.subscribed = false;
      catalogEvents.inc({ event: 'refresh-failed' });
      this.logger.warn(`catalog refresh failed: ${error instanceof Error ? error.message : String(error)}`);
      return false;
    }
  }
}
