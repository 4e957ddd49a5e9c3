/**
 * Photos the site keeps (docs/decisions/0018-photos.md): a member uploads them with the tus
 * protocol, the api cleans and resizes them, and an artifact names 1 to 8 of them in order, the
 * first being its cover. The api, the contribute forms and the catalog read these shapes.
 */

/** The tus creation endpoint; an upload lives at `${UPLOADS_PATH}/<id>`. */
export const UPLOADS_PATH = '/media/uploads';
/** Where the derived files are served: `${PHOTOS_PATH}/<hash>-<width>.<format>`. */
export const PHOTOS_PATH = '/media/photos';

export const PHOTO_LIMITS = {
  minPhotos: 1,
  maxPhotos: 8,
  /** Bytes of one uploaded photo (or one fetched from a pasted address). */
  maxBytes: 25 * 1024 * 1024,
  altLength: 250,
  captionLength: 300,
} as const;

/** What an upload may be, by its bytes (the api sniffs them; the name and the header are not trusted). */
export const PHOTO_MEDIA_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif'] as const;
export type PhotoMediaType = (typeof PHOTO_MEDIA_TYPES)[number];

/** The widths a photo is published in (never wider than its original); cards use up to 960. */
export const PHOTO_WIDTHS = [320, 480, 640, 800, 960, 1280, 1920, 2560] as const;
/** The formats each width is published in, best first: a `<picture>` offers them in this order. */
export const PHOTO_FORMATS = ['avif', 'webp', 'jpg'] as const;
export type PhotoFormat = (typeof PHOTO_FORMATS)[number];

export type UploadState = 'processing' | 'ready' | 'failed';

/** `GET /media/uploads/<id>`, for its uploader only. */
export interface UploadStatus {
  id: string;
  state: UploadState;
  /** Why the photo was refused (state `failed`). */
  reason?: string;
  /** True when the photo carried a location (GPS) that was removed. */
  locationRemoved: boolean;
  width?: number;
  height?: number;
}

/** A photo as a create or an update names it: a new upload, or one the artifact already has. */
export type ArtifactImageInput = { upload: string; alt: string; caption?: string } | { id: string; alt: string; caption?: string };

/** A photo of an artifact as the api reads it out. */
export interface ArtifactImage {
  id: string;
  /** The JPEG at the width a details page shows (the fallback every browser reads). */
  url: string;
  /** Every published width of `url`'s format. */
  srcset: string;
  /** The same widths in each format (`<picture>`'s sources). */
  sources: { type: string; srcset: string }[];
  alt: string;
  caption?: string;
  /** The photo's own size, upright. */
  width: number;
  height: number;
  /** A ThumbHash (base64): a blurred preview painted before the photo arrives. */
  placeholder: string;
}

/** The published widths of a photo `width` pixels wide: every standard width below it, and at least the smallest. */
export function photoWidths(width: number): number[] {
  const widths = PHOTO_WIDTHS.filter((candidate) => candidate <= width);
  return widths.length > 0 ? widths : [PHOTO_WIDTHS[0]];
}

/** A derived file's name: content-addressed by the cleaned photo's hash. */
export function photoFileName(hash: string, width: number, format: PhotoFormat): string {
  return `${hash}-${width}.${format}`;
}

export const PHOTO_FILE_NAME = /^([a-f0-9]{32})-(\d{3,4})\.(avif|webp|jpg)$/;

export const PHOTO_CONTENT_TYPES: Record<PhotoFormat, string> = { avif: 'image/avif', webp: 'image/webp', jpg: 'image/jpeg' };
