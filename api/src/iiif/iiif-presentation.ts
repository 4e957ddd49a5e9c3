import { DEFAULT_RIGHTS, FIELD_LABELS, collectionPagePath, datingLabel, iiifCollectionPath, iiifManifestPath, isRightsUri, type Artifact, type Collection } from '@antiquarium/contracts';
import { SITE_NAME } from '../mail/mail-template';
import type { Dimensions } from './iiif-image-request';

/**
 * IIIF Presentation API 3.0 documents (docs/decisions/0023-iiif.md): an artifact as a Manifest, a
 * public collection as a Collection of them. Built from what the public reads of them (the Artifact
 * and Collection shapes of the contracts), so nothing hidden can reach a manifest.
 */

export const PRESENTATION_CONTEXT = 'http://iiif.io/api/presentation/3/context.json';

/** A language map: `none` for the members' own texts (written in any language), `en` for the site's. */
type LanguageMap = Record<string, string[]>;
const none = (text: string): LanguageMap => ({ none: [text] });
const en = (text: string): LanguageMap => ({ en: [text] });
const entry = (label: string, value: string) => ({ label: en(label), value: none(value) });

/** Where the documents point: the api's public address (ids, services) and the site's (pages). */
export interface IiifAddresses {
  publicApiUrl: string;
  siteOrigin: string;
}

/** One picture of an artifact, with the size of its IIIF image. */
export interface ManifestPicture extends Dimensions {
  imageId: string;
  /** The canvas's label: the photo's alt text. */
  alt: string;
  caption?: string;
}

/** The width of a manifest's thumbnail (never wider than its picture: upscaling is refused). */
export const THUMBNAIL_WIDTH = 400;
/**
 * The canvas of an artifact whose picture the site does not keep (a pasted address whose copy
 * failed, a demo picture missing from MEDIA_DIR): the site's 4:3 shape, painted with nothing, since
 * a Manifest must have a canvas and the site loads no stranger's picture.
 */
export const EMPTY_CANVAS: Dimensions = { width: 1280, height: 960 };

export function manifestId(addresses: IiifAddresses, artifactId: string): string {
  return `${addresses.publicApiUrl}/${iiifManifestPath(artifactId)}`;
}

export function collectionId(addresses: IiifAddresses, id: string): string {
  return `${addresses.publicApiUrl}/${iiifCollectionPath(id)}`;
}

function serviceOf(addresses: IiifAddresses, imageId: string) {
  return [{ id: `${addresses.publicApiUrl}/iiif/3/${imageId}`, type: 'ImageService3', profile: 'level2' }];
}

function provider(addresses: IiifAddresses) {
  const home = `${addresses.siteOrigin}/`;
  // The organisation is not its home page: a URI of its own (one resource, one type).
  return [{ id: `${home}#organisation`, type: 'Agent', label: en(SITE_NAME), homepage: [{ id: home, type: 'Text', label: en(SITE_NAME), format: 'text/html' }] }];
}

/** The thumbnail of a picture, as the Image API makes it: THUMBNAIL_WIDTH wide at most, the height as the library computes it. */
function thumbnailOf(addresses: IiifAddresses, picture: ManifestPicture) {
  const width = Math.min(THUMBNAIL_WIDTH, picture.width);
  const height = Math.floor(width / (picture.width / picture.height));
  const service = serviceOf(addresses, picture.imageId);
  return [{ id: `${service[0]!.id}/full/${width},/0/default.jpg`, type: 'Image', format: 'image/jpeg', width, height, service }];
}

function canvasOf(addresses: IiifAddresses, base: string, picture: ManifestPicture, index: number) {
  const id = `${base}/canvas/${index + 1}`;
  const service = serviceOf(addresses, picture.imageId);
  return {
    id,
    type: 'Canvas',
    label: none(picture.alt),
    ...(picture.caption ? { summary: none(picture.caption) } : {}),
    width: picture.width,
    height: picture.height,
    thumbnail: thumbnailOf(addresses, picture),
    items: [
      {
        id: `${id}/page`,
        type: 'AnnotationPage',
        items: [
          {
            id: `${id}/painting`,
            type: 'Annotation',
            motivation: 'painting',
            target: id,
            body: { id: `${service[0]!.id}/full/max/0/default.jpg`, type: 'Image', format: 'image/jpeg', width: picture.width, height: picture.height, service },
          },
        ],
      },
    ],
  };
}

/** The artifact's metadata pairs, in the order of the details page; empty texts are left out. */
function metadataOf(artifact: Artifact) {
  const pairs: [string, string][] = [
    [FIELD_LABELS.type, artifact.type],
    [FIELD_LABELS.createdAt, artifact.createdAt],
    ['Date read as', datingLabel(artifact.dating)],
    [FIELD_LABELS.context, artifact.context],
    [FIELD_LABELS.location, artifact.location],
    [FIELD_LABELS.discoveredBy, artifact.discoveredBy],
    [FIELD_LABELS.discoveredAt, artifact.discoveredAt],
    ['Contributor', artifact.adderName],
  ];
  return pairs.filter(([, value]) => value.trim() !== '').map(([label, value]) => entry(label, value));
}

/** A public artifact as a IIIF Manifest: one canvas per picture, in order (the first the cover). */
export function artifactManifest(artifact: Artifact, pictures: readonly ManifestPicture[], addresses: IiifAddresses): Record<string, unknown> {
  const id = manifestId(addresses, artifact._id);
  const base = id.replace(/\/manifest$/, '');
  const page = `${addresses.siteOrigin}/artifacts/${artifact._id}`;
  const record = `${addresses.publicApiUrl}/open-data/artifacts/${artifact._id}`;
  const credit = artifact.credit.trim();
  const cover = pictures[0];
  const items =
    pictures.length > 0
      ? pictures.map((picture, index) => canvasOf(addresses, base, picture, index))
      : [{ id: `${base}/canvas/1`, type: 'Canvas', label: en('No picture kept by the site'), ...EMPTY_CANVAS }];
  return {
    '@context': PRESENTATION_CONTEXT,
    id,
    type: 'Manifest',
    label: none(artifact.name),
    summary: none(artifact.shortDescription),
    metadata: metadataOf(artifact),
    rights: isRightsUri(artifact.rights) ? artifact.rights : DEFAULT_RIGHTS,
    requiredStatement: entry('Attribution', credit || `Contributed by ${artifact.adderName} to ${SITE_NAME}`),
    provider: provider(addresses),
    homepage: [{ id: page, type: 'Text', label: none(artifact.name), format: 'text/html' }],
    // The open data's record of the artifact (api/src/open-data), as JSON and as schema.org JSON-LD.
    seeAlso: [
      { id: record, type: 'Dataset', label: en('Open data record (CC0)'), format: 'application/json' },
      { id: `${record}?format=jsonld`, type: 'Dataset', label: en('Open data record as schema.org JSON-LD (CC0)'), format: 'application/ld+json', profile: 'https://schema.org/' },
    ],
    ...(cover ? { thumbnail: thumbnailOf(addresses, cover) } : {}),
    items,
  };
}

/**
 * A public collection as a IIIF Collection: its available artifacts' manifests in the owner's order,
 * each with the owner's note as its summary.
 */
export function collectionDocument(collection: Collection, addresses: IiifAddresses): Record<string, unknown> {
  const description = collection.description.trim();
  const owner = collection.ownerName?.trim();
  return {
    '@context': PRESENTATION_CONTEXT,
    id: collectionId(addresses, collection.id),
    type: 'Collection',
    label: none(collection.title),
    ...(description ? { summary: none(description) } : {}),
    ...(owner ? { metadata: [entry('Curated by', owner)] } : {}),
    provider: provider(addresses),
    homepage: [{ id: `${addresses.siteOrigin}${collectionPagePath(collection.id)}`, type: 'Text', label: none(collection.title), format: 'text/html' }],
    items: collection.items.flatMap((item) => {
      if (!item.artifact) return [];
      const note = item.note.trim();
      return [{ id: manifestId(addresses, item.artifactId), type: 'Manifest', label: none(item.artifact.name), ...(note ? { summary: none(note) } : {}) }];
    }),
  };
}
