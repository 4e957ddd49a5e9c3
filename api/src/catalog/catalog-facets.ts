import { ARTIFACT_TYPES, CENTURY_FACET_FROM, CENTURY_FACET_TO, ERAS, centuryStart, type ArtifactFacets } from '@antiquarium/contracts';
import type { Entry } from './catalog-orders';
import { overlaps, type CatalogFilter } from './catalog-filter';

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

/** A filter's facets as counts, kept through changes: an artifact added or taken out adds or takes its own. */
export interface FacetCounts {
  total: number;
  types: Map<string, number>;
  eras: number[];
  centuries: number[];
  places: Map<string, number>;
}

export function emptyCounts(): FacetCounts {
  return { total: 0, types: new Map(ARTIFACT_TYPES.map((type) => [type, 0])), eras: ERAS.map(() => 0), centuries: CENTURY_STARTS.map(() => 0), places: new Map() };
}

const KNOWN_TYPES: ReadonlySet<string> = new Set(ARTIFACT_TYPES);

function bump(counts: Map<string, number>, key: string, by: number, keepZero: boolean): void {
  const count = (counts.get(key) ?? 0) + by;
  if (count === 0 && !keepZero) counts.delete(key);
  else counts.set(key, count);
}

/**
 * Adds (`by` 1) or takes out (-1) one artifact's part of the counts: each facet over the filter
 * without its own part. `found`: whether the filter's search finds it (true without a search).
 */
export function tally(counts: FacetCounts, filter: CatalogFilter, entry: Entry<unknown>, found: boolean, by: 1 | -1): void {
  if (!found) return;
  if (filter.adderUid && entry.adderUid !== filter.adderUid) return;
  const byType = !filter.type || entry.type === filter.type;
  const byPlace = !filter.place || entry.place === filter.place;
  const byYears = overlaps(entry, filter.from, filter.to, filter.within === true);
  if (byType && byPlace && byYears) counts.total += by;
  if (byPlace && byYears) bump(counts.types, entry.type, by, KNOWN_TYPES.has(entry.type));
  if (byType && byYears) bump(counts.places, entry.place, by, false);
  if (byType && byPlace && entry.start !== null && entry.end !== null) {
    const { start, end } = entry;
    ERAS.forEach((era, index) => {
      if (start <= era.to && end >= era.from) counts.eras[index] = (counts.eras[index] as number) + by;
    });
    if (end >= CENTURY_FACET_FROM && start <= CENTURY_FACET_TO) {
      const first = centuryIndex(centuryStart(Math.max(start, CENTURY_FACET_FROM)));
      for (let index = first; index < CENTURY_STARTS.length && (CENTURY_STARTS[index] as number) <= end; index += 1) {
        counts.centuries[index] = (counts.centuries[index] as number) + by;
      }
    }
  }
}

/** The counts as the api answers them; `didYouMean` is asked only when nothing was found. */
export function renderFacets(counts: FacetCounts, didYouMean: () => string | null): ArtifactFacets {
  return {
    total: counts.total,
    types: [...counts.types].map(([value, count]) => ({ value, count })),
    eras: ERAS.map((era, index) => ({ value: era.value, from: era.from, to: era.to, count: counts.eras[index] as number })),
    centuries: CENTURY_STARTS.map((from, index) => ({ from, count: counts.centuries[index] as number })).filter((century) => century.count > 0),
    places: [...counts.places]
      .filter(([value]) => value !== '')
      .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
      .slice(0, MAX_PLACES)
      .map(([value, count]) => ({ value, count })),
    didYouMean: counts.total === 0 ? didYouMean() : null,
  };
}
