import { ARTIFACT_TYPES, DEFAULT_SORT, MAX_SEARCH_LENGTH, SORT_OPTIONS, type ArtifactType, type SortOption } from './artifact';
import { MAX_YEAR, MIN_YEAR, type ArtifactFilters } from './discovery';

// The All Artifacts page's query, read from and written to its URL. Here rather than in the catalog
// because the shell reads it too: it asks the api for a first page's list before the catalog's code
// has arrived (first-page.ts), and both must ask for exactly the same thing.

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
