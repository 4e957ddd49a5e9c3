import { PHOTO_CONTENT_TYPES, PHOTO_FORMATS, photoFileName, photoWidths } from '@antiquarium/contracts';
import type { ProcessedPhoto } from './photo-processor';
import type { PhotoStore } from './photo-store';
import type { ProcessedFields } from './photos.repository';

/**
 * A processed photo's files in the store (docs/decisions/0018-photos.md): what the queue does with
 * a member's upload and the demo seed with its plates, so that both end up alike.
 */

/** Stores every derived file of a processed photo; what its record keeps of it. */
export async function storeDerivedFiles(store: PhotoStore, photo: ProcessedPhoto): Promise<ProcessedFields> {
  for (const file of photo.files) {
    await store.put(photoFileName(photo.hash, file.width, file.format), file.bytes, PHOTO_CONTENT_TYPES[file.format]);
  }
  const widths = [...new Set(photo.files.map((file) => file.width))];
  const storedBytes = photo.files.reduce((sum, file) => sum + file.bytes.length, 0);
  const { width, height, hash, placeholder, locationRemoved } = photo;
  return { width, height, hash, placeholder, widths, storedBytes, locationRemoved };
}

/** Every stored file's key of a photo. */
export function derivedKeys(hash: string, widths: readonly number[]): string[] {
  return widths.flatMap((width) => PHOTO_FORMATS.map((format) => photoFileName(hash, width, format)));
}

/** The cover is the 960 px file (a card's widest), or the photo's widest when it is smaller. */
export function coverWidth(width: number): number {
  return photoWidths(width).filter((candidate) => candidate <= 960).at(-1) ?? 320;
}

/** The cover's address (an artifact's `image`): the JPEG at coverWidth of a photo as an artifact keeps it. */
export function coverUrlOf(image: { src: string; width: number }): string {
  return `${image.src}-${coverWidth(image.width)}.jpg`;
}
