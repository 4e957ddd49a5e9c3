import {
  ARTIFACT_TYPES,
  CENTURY_FACET_FROM,
  CENTURY_FACET_TO,
  ERAS,
  centuryStart,
  normaliseText,
  type ArtifactFacets,
  type ArtifactFilters,
  type SortOption,
} from '@antiquarium/contracts';
import { COMPARED, ORDERS, SORT_COMPARES, SortedOrders, type Compared, type Entry } from './catalog-orders';
import { KeptValues } from './kept-values';
import { StringPool } from './string-pool';
import { TextIndex } from './text-index';

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

/** The list's filters (libs/contracts), and the member's own artifacts. */
export interface CatalogFilter extends ArtifactFilters {
  adderUid?: string;
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
 * What is kept until a change touches it, at most (KeptValues). Searches and facets: 128 each. A
 * search holds a score per artifact found (about 45 bytes each: a broad one at 100 000 artifacts
 * holds 4 MB), so their scores are bounded too, at 400 000 (about 18 MB). Lists: 32, holding at most
 * 1 000 000 entries (8 bytes each).
 */
export interface KeptLimits {
  searches: number;
  scores: number;
  lists: number;
  listEntries: number;
  facets: number;
}
const KEPT: KeptLimits = { searches: 128, scores: 400_000, lists: 32, listEntries: 1_000_000, facets: 128 };
/** What an added or removed artifact changes, for CatalogIndex.forget. */
const EVERYTHING = { texts: true, filtered: true, compared: new Set(COMPARED) } as const;
/**
 * Fields whose values a collection repeats (a type, a contributor, a place, a period, a museum, a
 * rights statement): the index keeps one copy of each value (StringPool). Names and descriptions are
 * each artifact's own.
 */
const SHARED_FIELDS = ['type', 'adderUid', 'adderName', 'adderEmail', 'place', 'location', 'discoveredBy', 'discoveredAt', 'createdAt', 'rights', 'credit', 'datePrecision', 'dateQualifier'];
/** Places listed in the places facet at most (the most frequent first). */
export const MAX_PLACES = 40;

/** The first year of every century the centuries facet counts, oldest first (no year 0). */
const CENTURY_STARTS: readonly number[] = (() => {
  const starts: number[] = [];
  for (let year = CENTURY_FACET_FROM; year <= CENTURY_FACET_TO; year = year === -100 ? 1 : year + 100) starts.push(year);
  return starts;
})();

/** BC centuries before AD ones in CENTURY_STARTS (there is no year 0 between -100 and 1). */
const BC_CENTURIES = CENTURY_STARTS.filter((start) => start < 0).length;

/** The position of a century's first year in CENTURY_STARTS, by arithmetic rather than a search. */
export function centuryIndex(start: number): number {
  return start < 0 ? (start - CENTURY_FACET_FROM) / 100 : BC_CENTURIES + (start - 1) / 100;
}

/**
 * Edit distance allowed per word when looking for a suggestion: none for words of one or two
 * letters, one for three or four, two from five (a swapped pair of letters counts two).
 */
export function suggestionDistance(term: string): number {
  if (term.length <= 2) return 0;
  return term.length <= 4 ? 1 : 2;
}

/** Levenshtein distance, to rank the library's fuzzy candidates for one word. */
export function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      current[j] = Math.min((previous[j] as number) + 1, (current[j - 1] as number) + 1, (previous[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length] as number;
}

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

/** The same filters give the same key, whatever the order or absence of their parts. */
function filterKey(filter: CatalogFilter): string {
  return JSON.stringify([filter.search?.trim() ?? '', filter.type ?? '', filter.from ?? null, filter.to ?? null, filter.within === true, filter.place ?? '', filter.adderUid ?? '']);
}

function overlaps(entry: Entry<CatalogDoc>, from: number | undefined, to: number | undefined, within: boolean): boolean {
  if (from === undefined && to === undefined) return true;
  if (entry.start === null || entry.end === null) return false;
  if (within) return (from === undefined || entry.start >= from) && (to === undefined || entry.end <= to);
  return (from === undefined || entry.end >= from) && (to === undefined || entry.start <= to);
}

/**
 * The catalog in memory: every artifact with a full-text index over its texts (TextIndex), serving
 * lists (filters, sorts, counts), facets and suggestions without asking the database to sort or
 * count (docs/decisions/0007-discovery-search.md). Fed by CatalogService from the database.
 */
export class CatalogIndex<T extends CatalogDoc = CatalogDoc> {
  private readonly entries = new Map<string, Entry<T>>();
  private readonly text = new TextIndex({ fields: SEARCH_FIELDS, boost: BOOST, tokenize, processTerm: termOf });
  private readonly orders = new SortedOrders<T>();
  private readonly shared = new StringPool();
  /**
   * The latest searches' scores (a list, its facets and the next pages ask for the same words): a
   * word common to most artifacts costs milliseconds to score.
   */
  private readonly searches: KeptValues<Map<string, number>>;

  /** Facets of the latest filters, and the entries of the latest lists (`searched`: found by words). */
  private readonly facetsKept: KeptValues<{ facets: ArtifactFacets; searched: boolean }>;
  private readonly listsKept: KeptValues<{ entries: Entry<T>[]; sort: SortOption; searched: boolean }>;

  constructor(limits: Partial<KeptLimits> = {}) {
    const keep = { ...KEPT, ...limits };
    this.searches = new KeptValues({ count: keep.searches, weight: keep.scores }, (scores) => scores.size);
    this.facetsKept = new KeptValues({ count: keep.facets, weight: Infinity });
    this.listsKept = new KeptValues({ count: keep.lists, weight: keep.listEntries }, (kept) => kept.entries.length);
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
    const textual = { name: doc.name, shortDescription: doc.shortDescription, context: doc.context, discoveredBy: doc.discoveredBy, location: doc.location };
    const entry = this.entries.get(id);
    if (!entry) {
      this.text.add(id, textual);
      this.entries.set(id, next);
      this.orders.add(next);
      this.forget(EVERYTHING);
      return;
    }
    // The kept document itself, changed by the caller: its old texts are gone.
    const texts = entry.doc === doc || SEARCH_FIELDS.some((field) => entry.doc[field] !== doc[field]);
    if (texts) this.text.replace(id, textual);
    const filtered = entry.type !== next.type || entry.adderUid !== next.adderUid || entry.place !== next.place || entry.start !== next.start || entry.end !== next.end;
    const compared = new Set(COMPARED.filter((value) => entry[value] !== next[value]));
    // The same object, updated: kept lists that hold it show the new document.
    this.orders.move(entry, compared, () => Object.assign(entry, next));
    this.forget({ texts, filtered, compared });
  }

  /** Packs what a bulk build left room to grow in (the text index's postings): call once it is built. */
  compact(): void {
    this.text.compact();
  }

  remove(id: string): void {
    const entry = this.entries.get(id);
    if (!entry) return;
    this.entries.delete(id);
    this.text.remove(id);
    this.orders.remove(entry);
    this.forget(EVERYTHING);
  }

  /**
   * Drops what a change can have made wrong, and keeps the rest:
   * - a change of the searched texts (and any add or remove: the collection's word statistics)
   *   drops the searches' scores, and the facets and lists found by words;
   * - a change of a filtered value (type, adder, place, years; any add or remove) drops the facets
   *   and lists, whose members it can change;
   * - a change of a value an order compares drops the lists in that order (a like: those sorted by
   *   likes). Facets count neither names nor likes, so a like or a rename of the name's sort key
   *   alone keeps them. The sorted orders are moved, not dropped (SortedOrders).
   */
  private forget(change: { texts: boolean; filtered: boolean; compared: ReadonlySet<Compared> }): void {
    if (change.texts) this.searches.clear();
    this.facetsKept.deleteWhere((kept) => change.filtered || (change.texts && kept.searched));
    this.listsKept.deleteWhere((kept) => change.filtered || (change.texts && kept.searched) || SORT_COMPARES[kept.sort].some((value) => change.compared.has(value)));
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

  /** Entries whose texts hold every word of the search (the last word may be a prefix), with scores. */
  private searched(search: string): Map<string, number> | null {
    const query = search.trim();
    if (!query) return null;
    const known = this.searches.get(query);
    if (known) return known;
    const scores = this.score(query);
    this.searches.set(query, scores);
    return scores;
  }

  private score(query: string): Map<string, number> {
    const terms = tokenize(query).map(termOf).filter((term): term is string => term !== null);
    if (terms.length > 0) return this.text.search(query, { prefix: true });
    // Punctuation only ('(', '.*'): matched literally against the name, as text.
    const scores = new Map<string, number>();
    const literal = normaliseText(query);
    for (const entry of this.entries.values()) if (normaliseText(entry.doc.name).includes(literal)) scores.set(entry.id, 1);
    return scores;
  }

  /** One page of the artifacts that pass the filter, in the order asked, with the total. */
  list(filter: CatalogFilter, sort: SortOption, page: number, limit: number): CatalogPage<T> {
    const key = `${sort}|${filterKey(filter)}`;
    let matching = this.listsKept.get(key)?.entries;
    if (!matching) {
      matching = this.matching(filter, sort);
      this.listsKept.set(key, { entries: matching, sort, searched: Boolean(filter.search?.trim()) });
    }
    const skip = (page - 1) * limit;
    const items = matching.slice(skip, skip + limit).map((entry) => entry.doc);
    const didYouMean = matching.length === 0 && filter.search ? this.suggest(filter.search) : null;
    return { items, total: matching.length, didYouMean };
  }

  /** Every entry that passes the filter, in the order asked. */
  private matching(filter: CatalogFilter, sort: SortOption): Entry<T>[] {
    const scores = filter.search ? this.searched(filter.search) : null;
    const keep = (entry: Entry<T>) =>
      (!scores || scores.has(entry.id)) &&
      (!filter.type || entry.type === filter.type) &&
      (!filter.adderUid || entry.adderUid === filter.adderUid) &&
      (!filter.place || entry.place === filter.place) &&
      overlaps(entry, filter.from, filter.to, filter.within === true);
    let matching: Entry<T>[];
    if (sort === 'relevance' && scores) {
      // Scores in whole percents of the best: near-equal matches read in name order, and pages
      // stay put while writes elsewhere nudge the collection's statistics.
      let best = Number.MIN_VALUE;
      for (const score of scores.values()) best = Math.max(best, score);
      const ranked: { entry: Entry<T>; rank: number }[] = [];
      for (const [id, score] of scores) {
        const entry = this.entries.get(id);
        if (entry && keep(entry)) ranked.push({ entry, rank: Math.round((score / best) * 100) });
      }
      matching = ranked.sort((a, b) => b.rank - a.rank || ORDERS.name(a.entry, b.entry)).map(({ entry }) => entry);
    } else {
      matching = this.orders.get(sort === 'relevance' ? 'name' : sort, () => this.entries.values()).filter(keep);
    }
    return matching;
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
   * answer from the last count until a change touches it (a copy: callers may not share it).
   */
  facets(filter: CatalogFilter): ArtifactFacets {
    const key = filterKey(filter);
    let counted = this.facetsKept.get(key)?.facets;
    if (!counted) {
      counted = this.countFacets(filter);
      this.facetsKept.set(key, { facets: counted, searched: Boolean(filter.search?.trim()) });
    }
    return structuredClone(counted);
  }

  private countFacets(filter: CatalogFilter): ArtifactFacets {
    const scores = filter.search ? this.searched(filter.search) : null;
    const within = filter.within === true;
    const counts = {
      types: new Map<string, number>(ARTIFACT_TYPES.map((type) => [type, 0])),
      eras: ERAS.map(() => 0),
      centuries: CENTURY_STARTS.map(() => 0),
      places: new Map<string, number>(),
    };
    let total = 0;
    for (const entry of this.entries.values()) {
      if (scores && !scores.has(entry.id)) continue;
      if (filter.adderUid && entry.adderUid !== filter.adderUid) continue;
      const byType = !filter.type || entry.type === filter.type;
      const byPlace = !filter.place || entry.place === filter.place;
      const byYears = overlaps(entry, filter.from, filter.to, within);
      if (byType && byPlace && byYears) total += 1;
      if (byPlace && byYears) counts.types.set(entry.type, (counts.types.get(entry.type) ?? 0) + 1);
      if (byType && byYears) counts.places.set(entry.place, (counts.places.get(entry.place) ?? 0) + 1);
      if (byType && byPlace && entry.start !== null && entry.end !== null) {
        const { start, end } = entry;
        ERAS.forEach((era, index) => {
          if (start <= era.to && end >= era.from) counts.eras[index] = (counts.eras[index] ?? 0) + 1;
        });
        if (end >= CENTURY_FACET_FROM && start <= CENTURY_FACET_TO) {
          const first = centuryIndex(centuryStart(Math.max(start, CENTURY_FACET_FROM)));
          for (let index = first; index < CENTURY_STARTS.length && (CENTURY_STARTS[index] as number) <= end; index += 1) {
            counts.centuries[index] = (counts.centuries[index] ?? 0) + 1;
          }
        }
      }
    }
    return {
      total,
      types: [...counts.types].map(([value, count]) => ({ value, count })),
      eras: ERAS.map((era, index) => ({ value: era.value, from: era.from, to: era.to, count: counts.eras[index] as number })),
      centuries: CENTURY_STARTS.map((from, index) => ({ from, count: counts.centuries[index] as number })).filter((century) => century.count > 0),
      places: [...counts.places]
        .filter(([value]) => value !== '')
        .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
        .slice(0, MAX_PLACES)
        .map(([value, count]) => ({ value, count })),
      didYouMean: total === 0 && filter.search ? this.suggest(filter.search) : null,
    };
  }
}

