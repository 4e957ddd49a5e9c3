import type { ArtifactFacets, SortOption } from '@antiquarium/contracts';
import type { CatalogArtifact } from './artifact-projections';
import type { ArtifactFilter } from './artifact-query';

/** A page of a list served from memory. */
export interface CatalogListPage {
  items: CatalogArtifact[];
  total: number;
  /** When a search found nothing: the closest words the collection contains. */
  didYouMean: string | null;
}

/**
 * The in-process catalog as the artifacts' reads ask it (lists, facets and details in
 * artifacts.service.ts, related-artifacts.ts). The catalog (api/src/catalog) reads and follows the
 * artifacts through this folder and provides this port from its global module (catalog.module.ts):
 * an abstract class owned here, so that artifacts imports nothing of the catalog (issue 30).
 */
export abstract class ArtifactCatalog {
  /** A page from memory, or null when the catalog cannot serve (the caller asks the database). */
  abstract list(filter: ArtifactFilter, sort: SortOption, page: number, limit: number): CatalogListPage | null;
  /** One artifact from memory, or null when the catalog does not hold it (the caller asks the database). */
  abstract get(id: string): CatalogArtifact | null;
  /** Facets from memory, or, when the catalog is off, over the database's searched set. */
  abstract facets(filter: ArtifactFilter): Promise<ArtifactFacets>;
}
