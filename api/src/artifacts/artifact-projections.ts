import type { ArtifactDoc } from './artifact.schema';

// Server-only fields never leave the repository.
export const PUBLIC_PROJECTION = { searchTokens: 0, nameLower: 0, place: 0, derivedVersion: 0 } as const;
/** What the in-process catalog keeps of each artifact: the public fields and what it sorts and filters by. */
export const CATALOG_PROJECTION = { searchTokens: 0, derivedVersion: 0 } as const;

/** What the open data publishes of an artifact (api/src/open-data): public fields, no owner ids or emails. */
export const OPEN_DATA_PROJECTION = {
  name: 1, image: 1, images: 1, type: 1, context: 1, shortDescription: 1, createdAt: 1, discoveredAt: 1, discoveredBy: 1, location: 1,
  place: 1, rights: 1, credit: 1, adderName: 1, addedAt: 1, yearStart: 1, yearEnd: 1, datePrecision: 1, dateQualifier: 1,
} as const;
export type OpenDataArtifact = Pick<ArtifactDoc, '_id' | keyof typeof OPEN_DATA_PROJECTION>;

export type StoredArtifact = Omit<ArtifactDoc, 'searchTokens' | 'nameLower' | 'place' | 'derivedVersion'>;
/** An artifact as the in-process catalog keeps it (CATALOG_PROJECTION): the public fields and what it sorts and filters by. */
export type CatalogArtifact = Omit<ArtifactDoc, 'searchTokens' | 'derivedVersion'>;

/** One page of a list, and how many artifacts the whole list holds. */
export interface ListResult {
  items: StoredArtifact[];
  total: number;
}
