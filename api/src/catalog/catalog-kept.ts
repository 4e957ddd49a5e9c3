import type { ArtifactFacets, SortOption } from '@antiquarium/contracts';
import type { FacetCounts } from './catalog-facets';
import { searchOf, type CatalogFilter } from './catalog-filter';
import { COMPARED, SORT_COMPARES, type Compared, type Entry } from './catalog-orders';

// What CatalogIndex keeps between requests and updates on each write, and which writes touch it.

/** What a write changed of an artifact: its searched texts, a filtered value, the values orders compare. */
export interface Change {
  texts: boolean;
  filtered: boolean;
  compared: ReadonlySet<Compared>;
}
/** An artifact added or removed: it changes everything. */
export const EVERYTHING: Change = { texts: true, filtered: true, compared: new Set(COMPARED) };

/**
 * A search's scores, kept across writes: each write that changes the texts scores the artifact it
 * wrote (with the collection's statistics of that moment), until `writes` pass `rescoreAfter`.
 */
export interface KeptSearch {
  scores: Map<string, number>;
  writes: number;
}
export interface KeptList<T> {
  filter: CatalogFilter;
  sort: SortOption;
  entries: Entry<T>[];
}
export interface KeptFacets {
  filter: CatalogFilter;
  counts: FacetCounts;
  /** The counts as answered, until the next change of them. */
  answer: ArtifactFacets | null;
}

/** Whether a change can alter a kept list or count of the filter (and, for a list, its order). */
export function touches(change: Change, filter: CatalogFilter, sort?: SortOption): boolean {
  return change.filtered || (change.texts && searchOf(filter) !== '') || (sort !== undefined && SORT_COMPARES[sort].some((value) => change.compared.has(value)));
}

/** A list in relevance order: its ranks are shares of the best score, so it is listed again rather than updated. */
export const ranked = (kept: KeptList<unknown>) => kept.sort === 'relevance' && searchOf(kept.filter) !== '';
