/**
 * Exploring the collection: the era vocabulary, the facet answer and the list filters that
 * GET /artifacts and GET /artifacts/facets share (docs/api.md, docs/decisions/0007).
 * Years are signed with no year 0 (dates.ts): 1 BC is -1, AD 1 is 1.
 */
import type { ArtifactType } from './artifact';

/** The earliest and latest year a `from` / `to` filter may name. */
export const MIN_YEAR = -10_000_000;
export const MAX_YEAR = 9_999;

export interface Era {
  value: string;
  label: string;
  /** First and last year of the era, inclusive. */
  from: number;
  to: number;
}

/** The fixed era vocabulary, oldest first; together the eras cover every year without overlap. */
export const ERAS: readonly Era[] = [
  { value: 'prehistory', label: 'Prehistory', from: MIN_YEAR, to: -3001 },
  { value: 'ancient', label: 'Ancient', from: -3000, to: 500 },
  { value: 'medieval', label: 'Medieval', from: 501, to: 1500 },
  { value: 'early-modern', label: 'Early modern', from: 1501, to: 1800 },
  { value: 'modern', label: 'Modern', from: 1801, to: MAX_YEAR },
];

/** The centuries facet covers these years; an artifact counts in every century its range overlaps. */
export const CENTURY_FACET_FROM = -3000;
export const CENTURY_FACET_TO = 2100;

/** The place counted for artifacts whose present location names no place the gazetteer knows. */
export const UNKNOWN_PLACE = 'Unknown';

/** The filters of GET /artifacts that GET /artifacts/facets takes as well. */
export interface ArtifactFilters {
  search?: string;
  type?: ArtifactType;
  /** Overlaps [from, to] (or lies inside it with `within`); either end may be absent. */
  from?: number;
  to?: number;
  within?: boolean;
  /** A value of the places facet. */
  place?: string;
}

export interface FacetCount {
  value: string;
  count: number;
}

/** GET /artifacts/facets: counts over the current result set; a facet ignores its own filter. */
export interface ArtifactFacets {
  total: number;
  types: FacetCount[];
  eras: Array<{ value: string; from: number; to: number; count: number }>;
  /** `from` is the century's first year (-1400 for the 14th century BC, 1301 for the 14th AD). */
  centuries: Array<{ from: number; count: number }>;
  places: FacetCount[];
  /** When the search found nothing: the closest words the collection contains, else null. */
  didYouMean: string | null;
}

/** The first year of the century that holds `year` (no year 0). */
export function centuryStart(year: number): number {
  return year > 0 ? Math.floor((year - 1) / 100) * 100 + 1 : -Math.ceil(-year / 100) * 100;
}

/** The last year of the century that starts at `from`. */
export function centuryEnd(from: number): number {
  return from + 99;
}
