import type { ArtifactImage, ArtifactImageInput } from '@antiquarium/contracts';
import { validateArtifactUpdate } from '@antiquarium/contracts/validation';
import { PHOTO_TEXTS } from './photo-texts';

export type PhotoStage = 'uploading' | 'processing' | 'ready' | 'failed';
export type PhotoText = 'alt' | 'caption';

/** One photo of the form: a new file on its way through the api, or one the artifact already has. */
export interface Photo {
  /** Stable across reorders (React's key and the ids of its controls). */
  key: string;
  /** The artifact's own photo (kept); undefined for a new file. */
  id?: string;
  /** The picked file (new photos only): uploaded again by "Try again". */
  file?: File;
  /** The thumbnail: an object URL of the local file, or the kept photo's address. */
  preview: string;
  /** A kept photo's published widths (the browser picks a small one for the thumbnail). */
  srcset?: string;
  /** The picked file's name ('' for a kept photo, which its alt text describes). */
  name: string;
  stage: PhotoStage;
  /** Percent of the file sent. */
  sent: number;
  /** The api's upload id, once the upload is complete. */
  upload?: string;
  /** Why it cannot be used (the api's words when it gave any). */
  problem?: string;
  locationRemoved: boolean;
  alt: string;
  caption: string;
  /** Texts the member has edited: their messages show from then on. */
  touched: Partial<Record<PhotoText, boolean>>;
}

export function keptPhoto(image: ArtifactImage): Photo {
  return {
    key: `kept-${image.id}`,
    id: image.id,
    preview: image.url,
    srcset: image.srcset || undefined,
    name: '',
    stage: 'ready',
    sent: 100,
    locationRemoved: false,
    alt: image.alt,
    caption: image.caption ?? '',
    touched: {},
  };
}

export function newPhoto(file: File, key: string, preview: string): Photo {
  return { key, file, preview, name: file.name, stage: 'uploading', sent: 0, locationRemoved: false, alt: '', caption: '', touched: {} };
}

// Any id the shared validation accepts: the texts are judged on their own, by the api's own rules.
const TEXT_CHECK_ID = 'text-check';

/** A photo text's message from the shared validation (the one the api runs), or undefined. */
export function photoTextError(field: PhotoText, value: string): string | undefined {
  const input = field === 'alt' ? { id: TEXT_CHECK_ID, alt: value } : { id: TEXT_CHECK_ID, alt: 'x', caption: value };
  const result = validateArtifactUpdate({ images: [input] });
  return result.ok ? undefined : result.fields.images?.replace(/^Photo \d+: /, '');
}

/** The messages a photo shows at its texts: once edited, or after a submit (`checked`). */
export function textErrors(photo: Photo, checked: boolean): Partial<Record<PhotoText, string>> {
  const errors: Partial<Record<PhotoText, string>> = {};
  for (const field of ['alt', 'caption'] as const) {
    const message = checked || photo.touched[field] ? photoTextError(field, photo[field]) : undefined;
    if (message) errors[field] = message;
  }
  return errors;
}

/** What stops the photos from being sent, one sentence per photo, in order; empty when nothing does. */
export function photoProblems(photos: readonly Photo[]): string[] {
  return photos.flatMap((photo, index) => {
    const number = index + 1;
    if (photo.stage === 'uploading') return [PHOTO_TEXTS.stillUploading(number)];
    if (photo.stage === 'processing') return [PHOTO_TEXTS.stillProcessing(number)];
    if (photo.stage === 'failed') return [PHOTO_TEXTS.notUsable(number)];
    const errors = textErrors(photo, true);
    return [errors.alt, errors.caption].filter((message) => message !== undefined).map((message) => PHOTO_TEXTS.textProblem(number, message));
  });
}

/** The photos as a create or an update names them, in the displayed order (the first is the cover). */
export function photoInputs(photos: readonly Photo[]): ArtifactImageInput[] {
  return photos.map((photo) => {
    const caption = photo.caption.trim() ? { caption: photo.caption.trim() } : {};
    const alt = photo.alt.trim();
    return photo.id !== undefined ? { id: photo.id, alt, ...caption } : { upload: photo.upload ?? '', alt, ...caption };
  });
}

/** Whether the photos are the artifact's saved ones, in the same order and with the same texts (compared trimmed, as stored). */
export function samePhotos(photos: readonly Photo[], saved: readonly ArtifactImage[]): boolean {
  return (
    photos.length === saved.length &&
    photos.every((photo, index) => {
      const image = saved[index];
      return image !== undefined && photo.id === image.id && photo.alt.trim() === image.alt.trim() && photo.caption.trim() === (image.caption ?? '').trim();
    })
  );
}

/** The list with the photo at `from` moved to `to`. */
export function moved<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
}
