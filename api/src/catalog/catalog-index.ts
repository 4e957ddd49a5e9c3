import { normaliseText, type ArtifactFacets, type SortOption } from '@antiquarium/contracts';
import { emptyCounts, renderFacets, tally, type FacetCounts } from './catalog-facets';
import { filterKey, passes, searchOf, type CatalogFilter } from './catalog-filter';
import { COMPARED, ORDERS, SortedOrders, orderOf, position, type Entry } from './catalog-orders';
import { EVERYTHING, ranked, touches, type Change, type KeptFacets, type KeptList, type KeptSearch } from './catalog-kept';
import { KeptValues } from './kept-values';
import { StringPool } from './string-pool';
import { editDistance, suggestionDistance } from './edit-distance';
import { TextIndex } from './text-index';

export { centuryIndex, MAX_PLACES } from './catalog-facets';
export type { CatalogFilter } from './catalog-filter';

/** An artifact as the catalog keeps it: the public document plus what lists filter and sort by. */
export interface CatalogDoc {
  _id: { toHexString(): string };
  name: string;
  type: string;
  shortDescription: string;
  context: string;
  discoveredBy: string;
  location: string;
  adderUid: string;
  likes?: number | null;
  addedAt: Date | string;
  nameLower: string;
  yearStart?: number | null;
  yearEnd?: number | null;
  place?: string | null;
}

export interface CatalogPage<T> {
  items: T[];
  total: number;
  /** When a search found nothing: the closest words the collection contains. */
  didYouMean: string | null;
}

/** The fields searched, and how much a match in each weighs in the relevance order. */
const SEARCH_FIELDS = ['name', 'shortDescription', 'context', 'discoveredBy', 'location'] as const;
const BOOST = { name: 4, shortDescription: 2, context: 1, discoveredBy: 1, location: 1 };
/**
 * What is kept between requests, at most (KeptValues). Searches and facets: 128 each. A search holds
 * a score per artifact found (about 45 bytes each: a broad one at 100 000 artifacts holds 4 MB), so
 * their scores are bounded too, at 400 000 (about 18 MB). Lists: 32, holding at most 1 000 000
 * entries (8 bytes each). A kept search is scored again once writes of a hundredth of the
 * collection have changed its texts (`rescoreAfter`, below).
 */
export interface KeptLimits {
  searches: number;
  scores: number;
  lists: number;
  listEntries: number;
  facets: number;
  rescoreAfter: number;
}
const KEPT: KeptLimits = { searches: 128, scores: 400_000, lists: 32, listEntries: 1_000_000, facets: 128, rescoreAfter: 0.01 };

/**
 * Fields whose values a collection repeats (a type, a contributor, a place, a period, a museum, a
 * rights statement): the index keeps one copy of each value (StringPool). Names and descriptions are
 * each artifact's own.
 */
const SHARED_FIELDS = ['type', 'adderUid', 'adderName', 'adderEmail', 'place', 'location', 'discoveredBy', 'discoveredAt', 'createdAt', 'rights', 'credit', 'datePrecision', 'dateQualifier'];
/**
 * The document's id as one flat string. bson's toHexString joins twelve two-letter pieces, which V8
 * keeps as a tree of joins (about 250 bytes an id against 40 flat: 21 MB of heap at 100 000
 * artifacts, measured in a heap snapshot); the catalog keeps each id as long as the artifact.
 */
function flatId(doc: Pick<CatalogDoc, '_id'>): string {
  return Buffer.from(doc._id.toHexString(), 'latin1').toString('latin1');
}

function termOf(term: string): string | null {
  const folded = normaliseText(term);
  return folded.length > 0 ? folded : null;
}

function tokenize(text: string): string[] {
  return text.split(/[^\p{L}\p{N}\p{M}]+/u).filter(Boolean);
}

/** The texts the catalog searches, as the text index takes them. */
function textsOf(doc: CatalogDoc): Record<(typeof SEARCH_FIELDS)[number], string> {
  return { name: doc.name, shortDescription: doc.shortDescription, context: doc.context, discoveredBy: doc.discoveredBy, location: doc.location };
}

/**
 * The catalog in memory: every artifact with a full-text index over its texts (TextIndex), serving
 * lists (filters, sorts, counts), facets and suggestions without asking the database to sort or
 * count (docs/decisions/0007-discovery-search.md). Fed by CatalogService from the database.
 *
 * What it answered is kept and updated by each write rather than worked out again (issue 47: the
 * first request after a write at 100 000 artifacts): the sorted orders (SortedOrders), the latest
 * searches' scores, lists and facets. A write takes the artifact out of the kept lists and counts by
 * its values before the change, and puts it back by its values after.
 */
export class CatalogIndex<T extends CatalogDoc = CatalogDoc> {
  private readonly entries = new Map<string, Entry<T>>();
  private readonly text = new TextIndex({ fields: SEARCH_FIELDS, boost: BOOST, tokenize, processTerm: termOf });
  private readonly orders = new SortedOrders<T>();
  private readonly shared = new StringPool();
  private readonly keep: KeptLimits;
  /** The latest searches' scores (a list, its facets and the next pages ask for the same words). */
  private readonly searches: KeptValues<KeptSearch>;
  private readonly facetsKept: KeptValues<KeptFacets>;
  private readonly listsKept: KeptValues<KeptList<T>>;

  constructor(limits: Partial<KeptLimits> = {}) {
    this.keep = { ...KEPT, ...limits };
    this.searches = new KeptValues({ count: this.keep.searches, weight: this.keep.scores }, (kept) => kept.scores.size);
    this.facetsKept = new KeptValues({ count: this.keep.facets, weight: Infinity });
    this.listsKept = new KeptValues({ count: this.keep.lists, weight: this.keep.listEntries }, (kept) => kept.entries.length);
  }

  get size(): number {
    return this.entries.size;
  }

  upsert(doc: T): void {
    // The same values, one copy each: the document is the index's from here on.
    this.shared.internFields(doc as unknown as Record<string, unknown>, SHARED_FIELDS);
    const id = flatId(doc);
    const next: Entry<T> = {
      id,
      doc,
      type: doc.type,
      adderUid: doc.adderUid,
      nameKey: doc.nameLower,
      addedAtMs: new Date(doc.addedAt).getTime(),
      likes: doc.likes ?? 0,
      start: typeof doc.yearStart === 'number' ? doc.yearStart : null,
      end: typeof doc.yearEnd === 'number' ? doc.yearEnd : null,
      place: doc.place ?? '',
    };
    const entry = this.entries.get(id);
    if (!entry) {
      this.text.add(id, textsOf(doc));
      this.entries.set(id, next);
      this.orders.add(next);
      this.rescore(next, id);
      this.putIn(next, EVERYTHING);
      return;
    }
    if (entry.doc === doc) {
      // The kept document itself, changed by the caller: its old texts are gone, and with them what
      // was found by them.
      this.text.replace(id, textsOf(doc));
      this.orders.move(entry, new Set(COMPARED), () => Object.assign(entry, next));
      for (const kept of [this.searches, this.facetsKept, this.listsKept]) kept.clear();
      return;
    }
    const change: Change = {
      texts: SEARCH_FIELDS.some((field) => entry.doc[field] !== doc[field]),
      filtered: entry.type !== next.type || entry.adderUid !== next.adderUid || entry.place !== next.place || entry.start !== next.start || entry.end !== next.end,
      compared: new Set(COMPARED.filter((value) => entry[value] !== next[value])),
    };
    this.takeOut(entry, change);
    if (change.texts) this.text.replace(id, textsOf(doc));
    // The same object, updated: kept lists that hold it show the new document.
    this.orders.move(entry, change.compared, () => Object.assign(entry, next));
    if (change.texts) this.rescore(entry, id);
    this.putIn(entry, change);
  }

  /** Packs what a bulk build left room to grow in (the text index's postings): call once it is built. */
  compact(): void {
    this.text.compact();
  }

  remove(id: string): void {
    const entry = this.entries.get(id);
    if (!entry) return;
    this.takeOut(entry, EVERYTHING);
    this.entries.delete(id);
    this.text.remove(id);
    this.orders.remove(entry);
    this.rescore(null, id);
  }

  /** Every document the catalog holds (a snapshot's contents), in no particular order. */
  *docs(): IterableIterator<T> {
    for (const entry of this.entries.values()) yield entry.doc;
  }

  has(id: string): boolean {
    return this.entries.has(id);
  }

  /** One artifact as the catalog keeps it (the details page), or undefined. */
  get(id: string): T | undefined {
    return this.entries.get(id)?.doc;
  }

  /**
   * Before a change, by the entry's values then: takes it out of the kept counts and lists the
   * change can alter. A list in relevance order that held it is dropped.
   */
  private takeOut(entry: Entry<T>, change: Change): void {
    for (const [, kept] of this.facetsKept.entries()) {
      if (!touches(change, kept.filter)) continue;
      tally(kept.counts, kept.filter, entry, this.found(kept.filter, entry), -1);
      kept.answer = null;
    }
    for (const [key, kept] of this.listsKept.entries()) {
      if (!touches(change, kept.filter, kept.sort)) continue;
      if (ranked(kept)) {
        if (this.found(kept.filter, entry)) this.listsKept.delete(key);
        continue;
      }
      const at = position(kept.entries, entry, ORDERS[orderOf(kept.sort)]);
      if (kept.entries[at] !== entry) continue;
      kept.entries.splice(at, 1);
      this.listsKept.reweigh(key);
    }
  }

  /** After a change, by the entry's values now: puts it back where the filters find it. */
  private putIn(entry: Entry<T>, change: Change): void {
    for (const [, kept] of this.facetsKept.entries()) {
      if (!touches(change, kept.filter)) continue;
      tally(kept.counts, kept.filter, entry, this.found(kept.filter, entry), 1);
      kept.answer = null;
    }
    for (const [key, kept] of this.listsKept.entries()) {
      if (!touches(change, kept.filter, kept.sort) || !passes(kept.filter, entry, this.found(kept.filter, entry))) continue;
      if (ranked(kept)) {
        this.listsKept.delete(key);
        continue;
      }
      kept.entries.splice(position(kept.entries, entry, ORDERS[orderOf(kept.sort)]), 0, entry);
      this.listsKept.reweigh(key);
    }
  }

  /**
   * After a write that changed the texts (`entry` null: removed), each kept search's score of the
   * artifact written. A search written to by a hundredth of the collection (by default) since it
   * was scored is dropped, with its relevance lists: every score reads the collection's word
   * statistics, which each write nudges.
   */
  private rescore(entry: Entry<T> | null, id: string): void {
    const limit = this.text.documentCount * this.keep.rescoreAfter;
    for (const [search, kept] of this.searches.entries()) {
      kept.writes += 1;
      if (kept.writes > limit) {
        this.searches.delete(search);
        this.listsKept.deleteWhere((list) => ranked(list) && searchOf(list.filter) === search);
        continue;
      }
      const score = entry ? this.scoreOf(search, entry) : null;
      if (score === null) kept.scores.delete(id);
      else kept.scores.set(id, score);
      this.searches.reweigh(search);
    }
  }

  /** Whether the filter's search finds the entry (always, without a search). */
  private found(filter: CatalogFilter, entry: Entry<T>): boolean {
    const search = searchOf(filter);
    if (!search) return true;
    const kept = this.searches.get(search);
    return kept ? kept.scores.has(entry.id) : this.scoreOf(search, entry) !== null;
  }

  /** Entries whose texts hold every word of the search (the last word may be a prefix), with scores. */
  private searched(search: string): Map<string, number> | null {
    const query = search.trim();
    if (!query) return null;
    const known = this.searches.get(query);
    if (known) return known.scores;
    const scores = this.score(query);
    this.searches.set(query, { scores, writes: 0 });
    return scores;
  }

  private score(query: string): Map<string, number> {
    if (this.hasTerms(query)) return this.text.search(query, { prefix: true });
    // Punctuation only ('(', '.*'): matched literally against the name, as text.
    const scores = new Map<string, number>();
    const literal = normaliseText(query);
    for (const entry of this.entries.values()) if (normaliseText(entry.doc.name).includes(literal)) scores.set(entry.id, 1);
    return scores;
  }

  /** One entry's score for a search (as `score` gives it), or null when the search does not find it. */
  private scoreOf(query: string, entry: Entry<T>): number | null {
    if (this.hasTerms(query)) return this.text.scoreOf(entry.id, textsOf(entry.doc), query, { prefix: true });
    return normaliseText(entry.doc.name).includes(normaliseText(query)) ? 1 : null;
  }

  private hasTerms(query: string): boolean {
    return tokenize(query).some((word) => termOf(word) !== null);
  }

  /** One page of the artifacts that pass the filter, in the order asked, with the total. */
  list(filter: CatalogFilter, sort: SortOption, page: number, limit: number): CatalogPage<T> {
    const key = `${sort}|${filterKey(filter)}`;
    let matching = this.listsKept.get(key)?.entries;
    if (!matching) {
      matching = this.matching(filter, sort);
      this.listsKept.set(key, { entries: matching, sort, filter: { ...filter } });
    }
    const skip = (page - 1) * limit;
    const items = matching.slice(skip, skip + limit).map((entry) => entry.doc);
    const didYouMean = matching.length === 0 && filter.search ? this.suggest(filter.search) : null;
    return { items, total: matching.length, didYouMean };
  }

  /** Every entry that passes the filter, in the order asked. */
  private matching(filter: CatalogFilter, sort: SortOption): Entry<T>[] {
    const scores = this.searched(searchOf(filter));
    const keep = (entry: Entry<T>) => passes(filter, entry, !scores || scores.has(entry.id));
    if (sort === 'relevance' && scores) {
      // Scores in whole percents of the best: near-equal matches read in name order, and pages
      // stay put while writes elsewhere nudge the collection's statistics.
      let best = Number.MIN_VALUE;
      for (const score of scores.values()) best = Math.max(best, score);
      const ranks: { entry: Entry<T>; rank: number }[] = [];
      for (const [id, score] of scores) {
        const entry = this.entries.get(id);
        if (entry && keep(entry)) ranks.push({ entry, rank: Math.round((score / best) * 100) });
      }
      return ranks.sort((a, b) => b.rank - a.rank || ORDERS.name(a.entry, b.entry)).map(({ entry }) => entry);
    }
    return this.orders.get(orderOf(sort), () => this.entries.values()).filter(keep);
  }
  /**
   * The closest words the collection contains for a search that found nothing ('roseta stnoe' ->
   * 'rosetta stone'), each word within suggestionDistance; null when nothing is that close.
   */
  suggest(search: string): string | null {
    const terms = tokenize(search).map(termOf).filter((term): term is string => term !== null);
    if (terms.length === 0) return null;
    const chosen: string[] = [];
    for (const term of terms) {
      const distance = suggestionDistance(term);
      // Of the collection's words within the distance, the nearest, then the most used, is taken.
      const best = [...this.text.nearWords(term, distance)].sort((a, b) => editDistance(term, a[0]) - editDistance(term, b[0]) || b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0];
      if (!best) return null;
      chosen.push(best[0]);
    }
    const suggestion = chosen.join(' ');
    if (suggestion === terms.join(' ')) return null;
    // Only words that find something together.
    return this.text.matchesAll(suggestion) ? suggestion : null;
  }

  /**
   * Counts beside every choice: each facet over the filter without its own part. The same filters
   * answer from the kept counts, which writes update (a copy: callers may not share it).
   */
  facets(filter: CatalogFilter): ArtifactFacets {
    const key = filterKey(filter);
    let kept = this.facetsKept.get(key);
    if (!kept) {
      kept = { filter: { ...filter }, counts: this.countFacets(filter), answer: null };
      this.facetsKept.set(key, kept);
    }
    const search = searchOf(filter);
    kept.answer ??= renderFacets(kept.counts, () => (search ? this.suggest(search) : null));
    return structuredClone(kept.answer);
  }

  private countFacets(filter: CatalogFilter): FacetCounts {
    const scores = this.searched(searchOf(filter));
    const counts = emptyCounts();
    for (const entry of this.entries.values()) tally(counts, filter, entry, !scores || scores.has(entry.id), 1);
    return counts;
  }
}
