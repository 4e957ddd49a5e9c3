import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import Redis from 'ioredis';
import type { ArtifactFacets, SortOption } from '@antiquarium/contracts';
import { ArtifactsRepository, type ArtifactFilter, type CatalogArtifact } from '../artifacts/artifacts.repository';
import { APP_CONFIG, type AppConfig } from '../config/env';
import { catalogEvents } from '../observability/metrics';
import { ArtifactChanges, type ArtifactChange, type ChangeOrigin } from './artifact-changes';
import { CatalogIndex, type CatalogPage } from './catalog-index';

/** How soon a failed load is tried again (at most; CATALOG_REFRESH_MS when that is shorter). */
const LOAD_RETRY_MS = 5000;
/** How many loaded documents the loader hands the index at a time (it yields between batches). */
const LOAD_BATCH = 1000;

interface ChangeMessage {
  from: string;
  change: ArtifactChange;
}

function isChange(value: unknown): value is ArtifactChange {
  if (typeof value !== 'object' || value === null) return false;
  const change = value as Record<string, unknown>;
  if (Array.isArray(change['ids'])) return change['ids'].every((id) => typeof id === 'string' && /^[0-9a-f]{24}$/.test(id)) && change['ids'].length <= 1000;
  if (typeof change['adderUid'] === 'string') return change['adderUid'].length <= 128;
  return change['all'] === true;
}

/**
 * Serves lists, facets and suggestions from an in-process index of the whole collection
 * (CatalogIndex), so FerretDB is never asked to sort, count or facet per request
 * (docs/decisions/0007-discovery-search.md).
 * - Loaded at start-up (readiness waits for it); writes of this process refresh it before they
 *   answer (read-your-writes); writes of other instances arrive through Redis pub/sub when REDIS_URL
 *   is set, and the whole collection is re-read every CATALOG_REFRESH_MS when it is not (or while
 *   Redis is unreachable): that is the bound on another instance's staleness.
 * - Past CATALOG_MAX_ARTIFACTS (or with it at 0) it stays off and the database serves lists.
 */
@Injectable()
export class CatalogService implements OnApplicationBootstrap, OnModuleDestroy {
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
  /** Why the catalog is off, when it is (for readiness details and logs). */
  state: 'loading' | 'ready' | 'off' | 'failed' = 'loading';

  constructor(
    private readonly artifacts: ArtifactsRepository,
    private readonly changes: ArtifactChanges,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.changes.listen((change, origin) => this.apply(change, origin));
  }

  onApplicationBootstrap(): void {
    // Writes travel between instances whether or not this one keeps a catalog: the others' catalogs
    // must hear this one's writes, and its home-list cache must hear theirs (a moderation decision
    // hides an artifact on every instance within the channel's latency, not the cache's 5 s).
    if (this.config.redisUrl) this.connectRedis(this.config.redisUrl);
    if (this.config.catalogMaxArtifacts === 0) {
      this.state = 'off';
      return;
    }
    this.loading = this.load();
    this.timer = setInterval(() => {
      if (!this.subscribed && this.loading === null) this.loading = this.load();
    }, this.config.catalogRefreshMs);
    this.timer.unref();
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
    if (this.index) await this.refresh(change);
  }

  private async refresh(change: ArtifactChange): Promise<void> {
    const index = this.index;
    if (!index) return;
    if ('all' in change) {
      if (this.loading === null) this.loading = this.load();
      return;
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
    } catch (error) {
      // The database could not be read: the whole collection is re-read by the next timer tick.
      this.subscribed = false;
      catalogEvents.inc({ event: 'refresh-failed' });
      this.logger.warn(`catalog refresh failed: ${error instanceof Error ? error.message : String(error)}`);
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
