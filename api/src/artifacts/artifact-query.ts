import type { QueryFilter, SortOrder } from 'mongoose';
import { queryTokens, type ArtifactType, type SortOption } from '@antiquarium/contracts';
import type { ArtifactDoc } from './artifact.schema';

export interface ArtifactFilter {
  search?: string;
  type?: ArtifactType;
  adderUid?: string;
  /** Years (signed, no year 0): the artifact's range overlaps [from, to], or lies inside it with within. */
  from?: number;
  to?: number;
  within?: boolean;
  place?: string;
  /** The contributor's own list: their artifacts hidden by a moderation decision are in it too (with adderUid only). */
  includeHidden?: boolean;
}

// On the database path relevance has no score to sort by: it reads as name order. MongoDB sorts
// null first ascending, so undated artifacts lead era-asc here (the catalog puts them last).
export const LIST_SORTS: Record<SortOption, Record<string, SortOrder>> = {
  name: { nameLower: 1, _id: 1 },
  latest: { addedAt: -1, _id: -1 },
  oldest: { addedAt: 1, _id: 1 },
  likes: { likes: -1, _id: -1 },
  'era-asc': { yearStart: 1, _id: 1 },
  'era-desc': { yearStart: -1, _id: -1 },
  relevance: { nameLower: 1, _id: 1 },
};

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
}

/**
 * Every token must be among the name's tokens. The longest (the most selective) is also given as
 * an equality: FerretDB 1.24 hands equality filters to PostgreSQL but filters `$all` itself after
 * reading every document (12x slower at 10 000 artifacts); MongoDB answers both from the same index.
 */
export function tokenQuery(tokens: readonly string[]) {
  const longest = tokens.reduce((best, token) => (token.length > best.length ? token : best));
  return tokens.length === 1 ? longest : { $eq: longest, $all: [...tokens] };
}

/** The database query a list's filter asks for. */
export function filterToQuery(filter: ArtifactFilter): QueryFilter<ArtifactDoc> {
  const query: QueryFilter<ArtifactDoc> = {};
  // Artifacts hidden by a moderation decision are in no list but their contributor's own
  // (docs/decisions/0012-moderation.md).
  if (!(filter.includeHidden && filter.adderUid)) query.moderation = { $exists: false };
  if (filter.type) query.type = filter.type;
  if (filter.adderUid) query.adderUid = filter.adderUid;
  if (filter.place) query.place = filter.place;
  if (filter.from !== undefined || filter.to !== undefined) {
    const [low, high] = filter.within ? (['yearStart', 'yearEnd'] as const) : (['yearEnd', 'yearStart'] as const);
    if (filter.from !== undefined) query[low] = { $gte: filter.from };
    if (filter.to !== undefined) query[high] = { ...(query[high] as object | undefined), $lte: filter.to };
    // An undated artifact matches no year filter.
    if (filter.from === undefined) query[low] = { $ne: null };
    if (filter.to === undefined) query[high] = { $ne: null };
  }
  const search = filter.search?.trim();
  if (search) {
    const tokens = queryTokens(search);
    // Words go through the indexed tokens; a query of punctuation only ('(', '.*') has no
    // words and is matched literally against the name instead.
    if (tokens.length > 0) query.searchTokens = tokenQuery(tokens);
    else query.name = { $regex: escapeRegex(search), $options: 'i' };
  }
  return query;
}

/** Nothing but the moderation clause: the whole public collection (the home lists). */
export function isWholePublicCollection(query: QueryFilter<ArtifactDoc>): boolean {
  return Object.keys(query).length === 1 && 'moderation' in query;
}
