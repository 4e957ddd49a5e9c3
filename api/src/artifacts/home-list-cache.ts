import { SORT_OPTIONS } from '@antiquarium/contracts';
import { TtlCache } from '@antiquarium/contracts/ttl-cache';
import { homeListCache } from '../observability/metrics';
import type { ListResult } from './artifact-projections';

/** The home page's lists: the first page, no filter, at most this many items (featured, latest). */
export const HOME_LIST_MAX_LIMIT = 8;
/** How long a home list is reused. Writes through this process clear the cache at once. */
export const HOME_LIST_TTL_MS = 5_000;
/** One entry per sort and limit: none is ever dropped for room. */
const HOME_LIST_MAX_ENTRIES = SORT_OPTIONS.length * HOME_LIST_MAX_LIMIT;

/**
 * A small cache of the home page's lists, so that the busiest page does not sort the collection on
 * every visit (FerretDB 1.24 sorts in memory; docs/performance.md): a TtlCache keyed by sort and
 * limit, which counts hits and misses and hands out copies. Correctness:
 * - `clear()` runs after every write of this process has finished (or failed): a load that began
 *   before it is neither stored nor shared with later readers, so a read that starts after a write
 *   always sees it.
 * - Writes through other api processes show after at most the TTL (it counts from a load's start).
 * - A failed load is not stored: with the database down the lists answer 503 like every read.
 *
 * A fifth cache beside the catalog's four (catalog/catalog-index.ts keeps its sorted orders,
 * searches, lists and facets), kept because it serves where they cannot: the database path. While
 * the catalog serves, the home lists come from it (ArtifactsService.list asks it first) and never
 * reach this cache; they reach it past CATALOG_MAX_ARTIFACTS (the collections where a sort costs
 * most), with the catalog off (CATALOG_MAX_ARTIFACTS=0, the api suite's third run), while it loads
 * at start-up and after a failed load. There, without it, each visit to the home page would ask the
 * database for a sorted find and a count per list. A home list is served by one of the two at a time.
 */
export class HomeListCache {
  private readonly lists: TtlCache<ListResult>;

  constructor(
    ttlMs = HOME_LIST_TTL_MS,
    private readonly now: () => number = Date.now,
  ) {
    this.lists = new TtlCache<ListResult>(ttlMs, HOME_LIST_MAX_ENTRIES);
  }

  get(key: string, load: () => Promise<ListResult>): Promise<ListResult> {
    const now = this.now();
    const kept = this.lists.peek(key, now);
    if (kept) {
      homeListCache.inc({ result: 'hit' });
      return Promise.resolve(copy(kept));
    }
    homeListCache.inc({ result: 'miss' });
    return this.lists.get(key, load, now).then(copy);
  }

  clear(): void {
    this.lists.clear();
  }
}

function copy(value: ListResult): ListResult {
  return { items: [...value.items], total: value.total };
}
