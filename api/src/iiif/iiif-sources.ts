import { MEDIA_IMAGE_WIDTHS, OBJECT_ID_SOURCE, PHOTO_FILE_NAME, PHOTOS_PATH, type Artifact } from '@antiquarium/contracts';

/**
 * Which picture a IIIF image id names (docs/decisions/0023-iiif.md):
 * - a kept photo by its hash, as its files are named (`/media/photos/<hash>-<width>.<format>`): the
 *   IIIF image is the photo's widest published JPEG (the original is not kept);
 * - `cover-<artifact id>`: the picture of an artifact that has no kept photo and whose address is a
 *   file of the api's own media folder (the demo seed's `/media/<name>-<width>.webp`): the widest
 *   width of that name in MEDIA_DIR.
 */
export type ImageRef = { kind: 'photo'; hash: string } | { kind: 'cover'; artifactId: string };

const PHOTO_ID = /^[a-f0-9]{32}$/;
const COVER_ID = new RegExp(`^cover-(${OBJECT_ID_SOURCE})$`);

/** The picture an id names, or null for an id that can name none (answered 404). */
export function parseImageId(id: string): ImageRef | null {
  if (PHOTO_ID.test(id)) return { kind: 'photo', hash: id };
  const cover = COVER_ID.exec(id);
  return cover ? { kind: 'cover', artifactId: cover[1] as string } : null;
}

export function coverImageId(artifactId: string): string {
  return `cover-${artifactId}`;
}

/** A kept photo's hash, read from its address as the artifact's reads write it (null for anything else). */
export function photoHashOf(url: string): string | null {
  const name = url.split('?')[0]?.split('/').pop() ?? '';
  return PHOTO_FILE_NAME.exec(name)?.[1] ?? null;
}

const MEDIA_NAME = /^([a-z0-9]+(?:-[a-z0-9]+)*)-(\d+)\.webp$/;

/**
 * The name of the media-folder picture an artifact's address names (`<api>/media/<name>-<width>.webp`,
 * a published width, on the api's own public address: what ArtifactPhotos calls the api's own), or null.
 */
export function mediaPictureName(image: string, publicApiUrl: string): string | null {
  const prefix = `${publicApiUrl}/media/`;
  if (!image.startsWith(prefix)) return null;
  const match = MEDIA_NAME.exec(image.slice(prefix.length));
  if (!match || !(MEDIA_IMAGE_WIDTHS as readonly number[]).includes(Number(match[2]))) return null;
  return match[1] as string;
}

/** The media widths to look for, widest first. */
export const MEDIA_WIDTHS_WIDEST_FIRST = [...MEDIA_IMAGE_WIDTHS].sort((a, b) => b - a);

/**
 * What a public artifact's canvases are made of: its photos in order (labelled with their alt text),
 * else the site's own photo or media-folder picture its address names (labelled with the artifact's
 * name: it has no alt text), else nothing.
 */
export function picturesOf(artifact: Pick<Artifact, '_id' | 'name' | 'image' | 'images'>, publicApiUrl: string): { imageId: string; alt: string; caption?: string }[] {
  if (artifact.images.length > 0) {
    return artifact.images.flatMap((image) => {
      const hash = photoHashOf(image.url);
      return hash ? [{ imageId: hash, alt: image.alt, ...(image.caption ? { caption: image.caption } : {}) }] : [];
    });
  }
  const ownPhoto = artifact.image.startsWith(`${publicApiUrl}${PHOTOS_PATH}/`) ? photoHashOf(artifact.image) : null;
  if (ownPhoto) return [{ imageId: ownPhoto, alt: artifact.name }];
  return mediaPictureName(artifact.image, publicApiUrl) ? [{ imageId: coverImageId(artifact._id), alt: artifact.name }] : [];
}
