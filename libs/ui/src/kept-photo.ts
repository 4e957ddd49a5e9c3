import { parseHttpUrl, type Artifact, type ArtifactImage as KeptPhoto, type ResponsiveImage, type ResponsiveImageOptions } from '@antiquarium/contracts';
import { placeholderDataUrl } from './photo-placeholder';

/** A kept photo as an `<img>` and the `<source>`s before it take it. */
export interface KeptPhotoImage extends ResponsiveImage {
  /** Best format first (AVIF, then WebP), as the api lists them; the img's JPEG srcset comes last. */
  sources: { type: string; srcSet: string }[];
  /** The ThumbHash drawn as a data URL, painted behind the photo. */
  placeholder?: string;
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
 * What a kept photo's `<picture>` needs: its JPEG fallback and srcset, its AVIF and WebP sources,
 * its own size and its placeholder. Undefined when its address is not an http(s) URL (nothing else
 * is ever loaded); the caller then shows its drawn frame.
 */
export function keptPhotoImage(photo: KeptPhoto, { sizes, maxWidth = Infinity }: ResponsiveImageOptions): KeptPhotoImage | undefined {
  const src = parseHttpUrl(photo.url);
  if (!src) return undefined;
  const sources = photo.sources.flatMap(({ type, srcset }) => {
    const srcSet = IMAGE_TYPE.test(type) ? candidates(srcset, maxWidth) : undefined;
    return srcSet ? [{ type, srcSet }] : [];
  });
  return {
    src,
    srcSet: candidates(photo.srcset, maxWidth),
    sizes,
    sources,
    width: photo.width,
    height: photo.height,
    placeholder: placeholderDataUrl(photo.placeholder),
  };
}

/**
 * An artifact's cover as a kept photo (its first), or undefined for a record that has only an
 * address. Read defensively: a remote is released on its own (docs/decisions/0008) and may meet an
 * api from before photos, whose artifacts carry no `images` at all.
 */
export function coverPhoto(artifact: Pick<Artifact, 'images'>): KeptPhoto | undefined {
  return artifact.images?.[0];
}
