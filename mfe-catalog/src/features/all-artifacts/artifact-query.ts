import {
  ARTIFACT_TYPES,
  DEFAULT_SORT,
  ERAS,
  MAX_SEARCH_LENGTH,
  MAX_YEAR,
  MIN_YEAR,
  SORT_OPTIONS,
  formatYear,
  type ArtifactFilters,
  type ArtifactType,
  type SortOption,
} from '@antiquarium/contracts';

/**
 * The All Artifacts state, kept in the URL query so that every view can be shared, survives a
 * reload, and back and forward step through the choices.
 */
export interface ArtifactQuery {
  /** '' means All Types. */
  type: ArtifactType | '';
  /** null: the server's default (best match while searching, name otherwise). */
  sort: SortOption | null;
  search: string;
  /** Signed years, no year 0 (1 BC is -1); null: open on that side. */
  from: number | null;
  to: number | null;
  /** Only artifacts whose whole range lies inside [from, to]. */
  within: boolean;
  place: string;
  page: number;
}

export const DEFAULT_QUERY: ArtifactQuery = { type: '', sort: null, search: '', from: null, to: null, within: false, place: '', page: 1 };

export function isArtifactType(value: string): value is ArtifactType {
  return (ARTIFACT_TYPES as readonly string[]).includes(value);
}

export function isSortOption(value: string): value is SortOption {
  return (SORT_OPTIONS as readonly string[]).includes(value);
}

/** The sort the list is in: the chosen one, or the server's default for this query. */
export function effectiveSort(query: Pick<ArtifactQuery, 'sort' | 'search'>): SortOption {
  if (query.sort && (query.sort !== 'relevance' || query.search)) return query.sort;
  return query.search ? 'relevance' : DEFAULT_SORT;
}

function readYear(value: string | null): number | null {
  if (value === null || !/^-?\d{1,8}$/.test(value)) return null;
  const year = Number(value);
  return year === 0 || year < MIN_YEAR || year > MAX_YEAR ? null : year;
}

/** Reads the URL leniently: a hand-edited or stale value falls back to the default, never to an error. */
export function readQuery(params: URLSearchParams): ArtifactQuery {
  const type = params.get('type') ?? '';
  const sort = params.get('sort') ?? '';
  const page = Number(params.get('page'));
  let from = readYear(params.get('from'));
  let to = readYear(params.get('to'));
  if (from !== null && to !== null && from > to) [from, to] = [to, from];
  return {
    type: isArtifactType(type) ? type : '',
    sort: isSortOption(sort) ? sort : null,
    search: (params.get('search') ?? '').trim().slice(0, MAX_SEARCH_LENGTH),
    from,
    to,
    within: params.get('within') === 'true' && (from !== null || to !== null),
    place: (params.get('place') ?? '').trim().slice(0, 60),
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/** Writes only what differs from the defaults, so the plain list keeps the plain URL. */
export function writeQuery(query: ArtifactQuery): URLSearchParams {
  const params = new URLSearchParams();
  const search = query.search.trim();
  if (search) params.set('search', search);
  if (query.type) params.set('type', query.type);
  if (query.from !== null) params.set('from', String(query.from));
  if (query.to !== null) params.set('to', String(query.to));
  if (query.within && (query.from !== null || query.to !== null)) params.set('within', 'true');
  if (query.place) params.set('place', query.place);
  // A sort is written when it differs from the default for this query (best match needs a search).
  if (query.sort && query.sort !== effectiveSort({ sort: null, search }) && (query.sort !== 'relevance' || search)) params.set('sort', query.sort);
  if (query.page > 1) params.set('page', String(query.page));
  return params;
}

/** The filters the list and its facets share, as the api takes them. */
export function filtersOf(query: ArtifactQuery): ArtifactFilters {
  return {
    search: query.search || undefined,
    type: query.type || undefined,
    from: query.from ?? undefined,
    to: query.to ?? undefined,
    within: query.within || undefined,
    place: query.place || undefined,
  };
}

/** A stable name for the request the query makes (changes exactly when the results would). */
export function queryKey(query: ArtifactQuery): string {
  return writeQuery(query).toString();
}

/** The same, for the facets: everything but the sort and the page. */
export function filtersKey(query: ArtifactQuery): string {
  return writeQuery({ ...query, sort: null, page: 1 }).toString();
}

/** The era whose bounds the range is, if it is one. */
export function eraOf(query: Pick<ArtifactQuery, 'from' | 'to'>) {
  return ERAS.find((era) => era.from === query.from && era.to === query.to) ?? null;
}

/** 'Ancient', '1400 BC - 1301 BC', 'from AD 500', 'to 1500'. */
export function rangeLabel(query: Pick<ArtifactQuery, 'from' | 'to'>): string {
  const era = eraOf(query);
  if (era) return era.label;
  if (query.from !== null && query.to !== null) return `${formatYear(query.from)} - ${formatYear(query.to)}`;
  if (query.from !== null) return `from ${formatYear(query.from)}`;
  return query.to !== null ? `to ${formatYear(query.to)}` : '';
}

/** The ordinal name of a century from its first year: '14th century BC', '1st century AD', '20th century'. */
export function centuryLabel(from: number): string {
  const number = from > 0 ? Math.floor(from / 100) + 1 : -from / 100;
  const tens = number % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][number % 10] ?? 'th');
  const era = from < 0 ? ' BC' : number <= 10 ? ' AD' : '';
  return `${number}${suffix} century${era}`;
}
