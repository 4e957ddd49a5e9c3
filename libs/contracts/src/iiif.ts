// IIIF addresses (docs/decisions/0023-iiif.md): where the api serves an artifact's Presentation 3
// manifest and a public collection's IIIF Collection, relative to the api's public address.

/** An artifact's manifest, under the api's address. */
export function iiifManifestPath(artifactId: string): string {
  return `iiif/3/artifacts/${encodeURIComponent(artifactId)}/manifest`;
}

/** A public collection as a IIIF Collection, under the api's address. */
export function iiifCollectionPath(collectionId: string): string {
  return `iiif/3/collections/${encodeURIComponent(collectionId)}`;
}

/** A manifest as schema.org names a work about the artwork (JSON-LD's `subjectOf`), as harvesters read it. */
export function iiifManifestReference(manifestUrl: string): Record<string, string> {
  return {
    '@type': 'CreativeWork',
    name: 'IIIF Presentation 3 manifest',
    url: manifestUrl,
    encodingFormat: 'application/ld+json;profile="http://iiif.io/api/presentation/3/context.json"',
  };
}
