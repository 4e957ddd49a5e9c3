import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger, Optional, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import Redis from 'ioredis';
import { isObjectId, type ArtifactFacets, type SortOption } from '@antiquarium/contracts';
import type { ArtifactCatalog } from '../artifacts/artifact-catalog';
import { ArtifactChanges, type ArtifactChange, type ChangeOrigin } from '../artifacts/artifact-changes';
import type { CatalogArtifact } from '../artifacts/artifact-projections';
import type { ArtifactFilter } from '../artifacts/artifact-query';
import { ArtifactsRepository } from '../artifacts/artifacts.repository';
import { APP_CONFIG, type AppConfig } from '../config/env';
import { catalogEvents } from '../observability/metrics';
import { ArtifactChangeLog, ChangeFollower, type ChangeLogStore } from './change-log';
import { CatalogIndex, type CatalogPage } from './catalog-index';

/** How soon a failed load is tried again (at most; CATALOG_REFRESH_MS when that is shorter). */
const LOAD_RETRY_MS = 5000;
/** How many loaded documents the loader hands the index at a time (it yields between batches). */
const LOAD_BATCH = 1000;
/** How often the change log's old entries are dropped (by every instance: the delete is idempotent). */
const PRUNE_EVERY_MS = 60_000;

interface ChangeMessage {
  from: string;
  change: ArtifactChange;
}

function isChange(value: unknown): value is ArtifactChange {
  if (typeof value !== 'object' || value === null) return false;
  const change = value as Record<string, unknown>;
  if (Array.isArray(change['ids'])) return change['ids'].every((id) => isObjectId(id)) && change['ids'].length <= 1000;
  if (typeof change['adderUid'] === 'string') return change['adderUid'].length <= 128;
  return change['all'] === true;
}

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
 */
@Injectable()
export class CatalogService implements ArtifactCatalog, OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('Catalog');
  private readonly instance = randomUUID();
  private index: CatalogIndex<CatalogArtifact> | null = null;
  /** Changes heard while a load runs, applied when it ends. */
  private pending: ArtifactChange[] | null = null;
  private loading: Promise<void> | null = null;
  private publisher: Redis | null = null;
  private subscriber: Redis | null = null;
  private subscribed = false;
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
  /** Why the catalog is off, when it is (for readiness details and logs). */
  state: 'loading' | 'ready' | 'off' | 'failed' = 'loading';

  constructor(
    private readonly artifacts: ArtifactsRepository,
    private readonly changes: ArtifactChanges,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Optional() @Inject(ArtifactChangeLog) changeLog?: ChangeLogStore,
  ) {
    this.follower = changeLog ? new ChangeFollower(changeLog, this.instance) : null;
    this.changes.listen((change, origin) => this.apply(change, origin));
  }

  onApplicationBootstrap(): void {
    // Writes travel between instances whether or not this one keeps a catalog: the others' catalogs
    // must hear this one's writes, and its home-list cache must hear theirs (a moderation decision
    // hides an artifact on every instance within the channel's latency, not the cache's 5 s).
    if (this.config.redisUrl) this.connectRedis(this.config.redisUrl);
    if (this.config.catalogMaxArtifacts === 0) this.state = 'off';
    else this.loading = this.load();
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
        if (!this.subscribed && this.config.catalogMaxArtifacts > 0) this.loading = this.load();
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
      if (this.subscribed && !this.missed) {
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
    await Promise.all([this.publisher?.quit().catch(() => undefined), this.subscriber?.quit().catch(() => undefined)]);
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
      const heard = this.pending;
      this.pending = null;
      this.index = fresh;
      for (const change of heard) await this.refresh(change);
      // Whatever was written before the scan began is in it: the log is read from there on.
      this.follower?.restart(started);
      this.state = 'ready';
      catalogEvents.inc({ event: 'load' });
      this.logger.log(`catalog loaded: ${fresh.size} artifacts in ${Date.now() - started} ms`);
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
    else this.publish(change);
    if (this.pending) this.pending.push(change);
    await Promise.all([origin === 'here' ? this.record(change) : undefined, this.index ? this.refresh(change) : undefined]);
  }

  /** Writes a local change to the log for the instances without Redis (kept for later if it fails). */
  private async record(change: ArtifactChange): Promise<void> {
    try {
      await this.follower?.record(change);
    } catch (error) {
      this.logger.warn(`change log write failed, kept for the next tick: ${error instanceof Error ? error.message : String(error)}`);
    }
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
        if (doc.moderation) index.remove(doc._id.toHexString());
        else index.upsert(doc);
      }
      if ('ids' in change) {
        const found = new Set(docs.filter((doc) => !doc.moderation).map((doc) => doc._id.toHexString()));
        for (const id of change.ids) if (!found.has(id)) index.remove(id);
      }
      catalogEvents.inc({ event: 'refresh' });
      return true;
    } catch (error) {
      // The database could not be read: the next tick reads the change log's window again (without
      // a log, the whole collection).
      this.missed = true;
      if (!this.follower) this.subscribed = false;
      catalogEvents.inc({ event: 'refresh-failed' });
      this.logger.warn(`catalog refresh failed: ${error instanceof Error ? error.message : String(error)}`);
      return false;
    }
  }

  private publish(change: ArtifactChange): void {
    if (!this.publisher) return;
    const message: ChangeMessage = { from: this.instance, change };
    this.publisher.publish(this.config.changesChannel, JSON.stringify(message)).catch(() => undefined);
  }

  private connectRedis(url: string): void {
    const options = { enableOfflineQueue: false, maxRetriesPerRequest: 0, connectTimeout: 2000 } as const;
    this.publisher = new Redis(url, options);
    this.subscriber = new Redis(url, { ...options, enableOfflineQueue: true });
    // ioredis reconnects by itself; an error event without a listener would crash the process.
    this.publisher.on('error', () => undefined);
    this.subscriber.on('error', () => {
      this.subscribed = false;
    });
    this.subscriber.on('ready', () => {
      this.subscriber?.subscribe(this.config.changesChannel).then(
        () => {
          // Writes missed while not subscribed: re-read everything once.
          if (this.subscribed === false && this.state === 'ready' && this.loading === null) this.loading = this.load();
          this.subscribed = true;
        },
        () => undefined,
      );
    });
    this.subscriber.on('end', () => {
      this.subscribed = false;
    });
    this.subscriber.on('message', (_channel: string, text: string) => {
      let message: ChangeMessage;
      try {
        message = JSON.parse(text) as ChangeMessage;
      } catch {
        return;
      }
      if (message.from === this.instance || !isChange(message.change)) return;
      void this.changes.emit(message.change, 'elsewhere');
    });
  }
}
