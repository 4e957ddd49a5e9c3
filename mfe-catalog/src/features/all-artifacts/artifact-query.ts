import {
  ARTIFACT_TYPES,
  DEFAULT_SORT,
  MAX_SEARCH_LENGTH,
  SORT_OPTIONS,
  type ArtifactType,
  type SortOption,
} from '@antiquarium/contracts';

/** The All Artifacts state, kept in the URL query so a filtered list can be shared and survives a reload. */
export interface ArtifactQuery {
  /** '' means All Types. */
  type: ArtifactType | '';
  sort: SortOption;
  search: string;
  page: number;
}

export const DEFAULT_QUERY: ArtifactQuery = { type: '', sort: DEFAULT_SORT, search: '', page: 1 };

export function isArtifactType(value: string): value is ArtifactType {
  return (ARTIFACT_TYPES as readonly string[]).includes(value);
}

export function isSortOption(value: string): value is SortOption {
  return (SORT_OPTIONS as readonly string[]).includes(value);
}

/** Reads the URL leniently: a hand-edited or stale value falls back to the default, never to an error. */
export function readQuery(params: URLSearchParams): ArtifactQuery {
  const type = params.get('type') ?? '';
  const sort = params.get('sort') ?? '';
  const page = Number(params.get('page'));
  return {
    type: isArtifactType(type) ? type : '',
    sort: isSortOption(sort) ? sort : DEFAULT_SORT,
    search: (params.get('search') ?? '').trim().slice(0, MAX_SEARCH_LENGTH),
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/** Writes only what differs from the defaults, so the plain list keeps the plain URL. */
export function writeQuery(query: ArtifactQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.type) params.set('type', query.type);
  if (query.sort !== DEFAULT_SORT) params.set('sort', query.sort);
  const search = query.search.trim();
  if (search) params.set('search', search);
  if (query.page > 1) params.set('page', String(query.page));
  return params;
}

/** A stable name for the request the query makes (changes exactly when the results would). */
export function queryKey(query: ArtifactQuery): string {
  return writeQuery(query).toString();
}
