import { Injectable } from '@nestjs/common';
import type { Types } from 'mongoose';
import { ERAS, UNKNOWN_PLACE, type Artifact, type ArtifactType, type SortOption } from '@antiquarium/contracts';
import type { AuthUser } from '../auth/auth-user';
import { ArtifactNotFound } from '../common/errors';
import { ArtifactCatalog } from './artifact-catalog';
import type { StoredArtifact } from './artifact-projections';
import type { ArtifactFilter } from './artifact-query';
import { ArtifactsRepository } from './artifacts.repository';
import { placeOf } from './places';
import { mayDisplayHidden, toArtifact } from './to-artifact';

/** "Related artifacts" on a details page: at most this many. */
export const MAX_RELATED = 6;
/** Each kind of likeness is asked for one more than needed: the artifact itself may be among them. */
const PER_QUERY = MAX_RELATED + 1;
/** The most liked first, as the home page's popular list. */
const RELATED_SORT: SortOption = 'likes';

type Source = Pick<StoredArtifact, 'type' | 'location' | 'yearStart'>;

/**
 * The likenesses asked for, closest first: the same type in the same era, the same place, the same
 * era, the same type. An undated artifact has no era, one whose location names no known place no place.
 */
export function relatedFilters(source: Source): ArtifactFilter[] {
  const start = source.yearStart;
  const era = typeof start === 'number' ? ERAS.find((candidate) => start >= candidate.from && start <= candidate.to) : undefined;
  const eraFilter = era ? { from: era.from, to: era.to } : undefined;
  const place = placeOf(source.location);
  const type = source.type as ArtifactType;
  const filters: (ArtifactFilter | undefined)[] = [
    eraFilter ? { type, ...eraFilter } : undefined,
    place !== UNKNOWN_PLACE ? { place } : undefined,
    eraFilter,
    { type },
  ];
  return filters.filter((filter): filter is ArtifactFilter => filter !== undefined);
}

/**
 * Related artifacts from the catalog engine (its lists are kept until the next change), or from the
 * database when the catalog is off (CATALOG_MAX_ARTIFACTS=0), loading or past its size: a handful of
 * bounded queries. Lists never hold a hidden artifact, and the artifact itself is left out.
 */
@Injectable()
export class RelatedArtifacts {
  constructor(
    private readonly artifacts: ArtifactsRepository,
    private readonly catalog: ArtifactCatalog,
  ) {}

  async of(id: Types.ObjectId, caller: AuthUser | undefined): Promise<Artifact[]> {
    const key = id.toHexString();
    const source = this.catalog.get(key) ?? (await this.artifacts.findById(id));
    // As the details: a hidden artifact is there only for its contributor and moderators.
    if (!source || (source.moderation && !mayDisplayHidden(source, caller))) throw new ArtifactNotFound();
    const chosen = new Map<string, StoredArtifact>();
    for (const filter of relatedFilters(source)) {
      if (chosen.size >= MAX_RELATED) break;
      const items = this.catalog.list(filter, RELATED_SORT, 1, PER_QUERY)?.items ?? (await this.artifacts.list(filter, RELATED_SORT, 1, PER_QUERY)).items;
      for (const doc of items) {
        const docId = doc._id.toHexString();
        if (docId === key || doc.moderation || chosen.has(docId)) continue;
        chosen.set(docId, doc);
        if (chosen.size >= MAX_RELATED) break;
      }
    }
    // Related cards show public fields only: no caller, so no one's email rides along.
    return [...chosen.values()].map((doc) => toArtifact(doc, undefined));
  }
}
