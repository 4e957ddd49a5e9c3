import { iiifCollectionPath, iiifManifestPath } from '@antiquarium/contracts';
import { apiAddress } from './client';

// IIIF (docs/decisions/0023-iiif.md): the api's Presentation API 3.0 documents, which any IIIF
// viewer opens (Mirador, Universal Viewer, Clover) beside a museum's.

/** An artifact's IIIF manifest ('' before start-up). */
export function iiifManifestUrl(artifactId: string): string {
  return apiAddress(iiifManifestPath(artifactId));
}

/** A public collection as a IIIF Collection ('' before start-up). */
export function iiifCollectionUrl(collectionId: string): string {
  return apiAddress(iiifCollectionPath(collectionId));
}

/**
 * The link IIIF's drag-and-drop convention asks for: dropped on a viewer, it is read for its
 * `manifest` parameter (the document itself answers the same with it).
 */
export function iiifDragLink(documentUrl: string): string {
  return documentUrl ? `${documentUrl}?manifest=${encodeURIComponent(documentUrl)}` : '';
}
