import { parseHttpUrl } from './artifact';
import { PHOTO_WIDTHS, type ArtifactImage } from './photos';

/**
 * The images the api hosts (MEDIA_DIR, served at `/media`): every picture is published in these
 * widths, as `<name>-<width>.webp`, all 4:3. They follow what the pages show: 320 for the 208-286 px
 * strip and desktop cards on 1x screens, 480 and 640 for cards and the details picture (up to 568 px)
 * at 1x-2x, 800 for a phone's full-width card at 1.75-2x (380-412 px: Chromium takes the first file
 * at least as wide as the slot times the density, so without it those phones get the 960), 960 for
 * 2.6-3x phones and 1280 for the details picture on 2x screens (docs/performance.md, "Images").
 * An artifact's `image` names the 960 px file, so the stored URL works on its own; the other widths
 * are found by name. Any other URL (a member's own image) is used as it is.
 */
export const MEDIA_IMAGE_WIDTHS = [320, 480, 640, 800, 960, 1280] as const;
export type MediaImageWidth = (typeof MEDIA_IMAGE_WIDTHS)[number];

/** The width an artifact's stored `image` URL names. */
export const MEDIA_IMAGE_SRC_WIDTH: MediaImageWidth = 960;

/**
 * A card's picture is at most ~455 px wide: 960 px covers it at 2x, and a 3x phone is not sent the
 * 1280 px file for a thumbnail (the difference does not show; the bytes do).
 */
export const CARD_IMAGE_MAX_WIDTH: MediaImageWidth = 960;

/** The shape of every hosted image (intrinsic height = width * 3 / 4). */
export const MEDIA_IMAGE_RATIO = { width: 4, height: 3 } as const;

export function mediaImageHeight(width: number): number {
  return Math.round((width * MEDIA_IMAGE_RATIO.height) / MEDIA_IMAGE_RATIO.width);
}

export function mediaImageFileName(name: string, width: MediaImageWidth): string {
  return `${name}-${width}.webp`;
}

/** `…/media/<name>-<width>.webp`, nothing after it: a kebab-case name, so no space or comma can reach a srcset. */
const MEDIA_PATH = /^(.*\/media\/)([a-z0-9]+(?:-[a-z0-9]+)*)-(\d+)\.webp$/;

/** A member's photo as the api keeps it (photos.ts): `…/media/photos/<hash>-<width>.jpg`. */
const PHOTO_PATH = /^(.*\/media\/photos\/)([a-f0-9]{32})-(\d{3,4})\.jpg$/;

/**
 * A kept photo's address (an artifact's `image`, its cover): every published width up to the one
 * it names, which is the widest a card shows. Its shape is the photo's own, unknown here: the
 * caller's box holds it (the cards crop to 4:3).
 */
function photoImage(parsed: URL, [, folder, hash, named]: RegExpExecArray, sizes: string, maxWidth: number): ResponsiveImage {
  const widths = PHOTO_WIDTHS.filter((width) => width <= Number(named) && (width <= maxWidth || width === PHOTO_WIDTHS[0]));
  const base = `${parsed.origin}${folder}${hash}`;
  return { src: parsed.toString(), srcSet: widths.map((width) => `${base}-${width}.jpg ${width}w`).join(', '), sizes };
}

export interface ResponsiveImage {
  /** The URL as given (normalised): what a browser without srcset support loads. */
  src: string;
  /** Every published width up to `maxWidth`; only for the images the api hosts. */
  srcSet?: string;
  sizes?: string;
  /** Intrinsic size of `src`, when known (the api's images); otherwise the caller's own. */
  width?: number;
  height?: number;
  /** The format of srcSet's files, when a preload must name it (a kept photo's AVIF). */
  type?: string;
}

export interface ResponsiveImageOptions {
  /** How wide the image is shown at each viewport width (the `sizes` attribute). */
  sizes: string;
  /** The widest file to offer: small pictures need not send a 3x phone the largest one. */
  maxWidth?: number;
}

/**
 * The `src`, `srcSet` and `sizes` of an image URL: all published widths for one of the api's media
 * images, else the URL alone. Undefined when the text is not an http(s) URL (nothing else is ever
 * loaded). The srcset is built from the parsed URL only, so a raw text cannot add a candidate.
 */
export function responsiveImage(url: string, { sizes, maxWidth = Infinity }: ResponsiveImageOptions): ResponsiveImage | undefined {
  const src = parseHttpUrl(url);
  if (!src) return undefined;
  const parsed = new URL(src);
  const photo = parsed.search || parsed.hash ? null : PHOTO_PATH.exec(parsed.pathname);
  if (photo) return photoImage(parsed, photo, sizes, maxWidth);
  const match = parsed.search || parsed.hash ? null : MEDIA_PATH.exec(parsed.pathname);
  const width = Number(match?.[3]);
  if (!match || !(MEDIA_IMAGE_WIDTHS as readonly number[]).includes(width)) return { src };
  const [, folder, name] = match;
  const base = `${parsed.origin}${folder}${name}`;
  const widths = MEDIA_IMAGE_WIDTHS.filter((candidate, index) => candidate <= maxWidth || index === 0);
  return {
    src,
    srcSet: widths.map((candidate) => `${base}-${candidate}.webp ${candidate}w`).join(', '),
    sizes,
    width,
    height: mediaImageHeight(width),
  };
}

/** A kept photo as a `<picture>` shows it: its JPEG `<img>` and the `<source>`s before it, best format first. */
export interface KeptPhotoPicture extends ResponsiveImage {
  sources: { type: string; srcSet: string }[];
}

const CANDIDATE = /^(\S+) (\d+)w$/;
const IMAGE_TYPE = /^image\/[a-z0-9.+-]+$/;

/**
 * A srcset rebuilt from its parsed candidates, up to `maxWidth` (and at least the narrowest one), as
 * responsiveImage builds the api's older images': whatever the api's text holds, only http(s) URLs
 * followed by a width reach the attribute, so no text can add a candidate of its own. The api's
 * photo addresses hold no comma or space (`…/media/photos/<hash>-<width>.<format>`).
 */
function candidates(srcset: string, maxWidth: number): string | undefined {
  const parsed = srcset.split(/,\s*/).flatMap((candidate) => {
    const match = CANDIDATE.exec(candidate.trim());
    const url = match ? parseHttpUrl(match[1] as string) : undefined;
    return url && match ? [{ url, width: Number(match[2]) }] : [];
  });
  const narrowest = Math.min(...parsed.map(({ width }) => width));
  const kept = parsed.filter(({ width }) => width <= maxWidth || width === narrowest);
  return kept.length > 0 ? kept.map(({ url, width }) => `${url} ${width}w`).join(', ') : undefined;
}

/**
 * What a kept photo's `<picture>` needs: its JPEG fallback and srcset, its AVIF and WebP sources and
 * its own size. Undefined when its address is not an http(s) URL (nothing else is ever loaded).
 * The card draws it so, and the shell's entry preloads the first source of a list's lead photo.
 */
export function keptPhotoPicture(photo: Pick<ArtifactImage, 'url' | 'srcset' | 'sources' | 'width' | 'height'>, { sizes, maxWidth = Infinity }: ResponsiveImageOptions): KeptPhotoPicture | undefined {
  const src = parseHttpUrl(photo.url);
  if (!src) return undefined;
  const sources = photo.sources.flatMap(({ type, srcset }) => {
    const srcSet = IMAGE_TYPE.test(type) ? candidates(srcset, maxWidth) : undefined;
    return srcSet ? [{ type, srcSet }] : [];
  });
  return { src, srcSet: candidates(photo.srcset, maxWidth), sizes, sources, width: photo.width, height: photo.height };
}
