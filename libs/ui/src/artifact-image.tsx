import { useState, type SyntheticEvent } from 'react';

const LARGE_SUFFIX = /-960\.webp(?=$|[?#])/;

/**
 * The api serves its demo images in two widths, `<slug>-960.webp` and `<slug>-480.webp`; any other
 * URL (a user's own image) is used as it is.
 */
export function imageSrcSet(src: string): string | undefined {
  if (!LARGE_SUFFIX.test(src)) return undefined;
  return `${src.replace(LARGE_SUFFIX, '-480.webp')} 480w, ${src} 960w`;
}

/** Shown instead of an image whose URL fails: a neutral frame, so the card keeps its shape. */
export const IMAGE_PLACEHOLDER =
  'data:image/svg+xml,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 3"><rect width="4" height="3" fill="#e4d9c6"/><path d="M.8 2.3l.8-.9.6.6.5-.4.5.7z" fill="#c8b89b"/></svg>',
  );

export interface ArtifactImageProps {
  src: string;
  alt: string;
  /** Intrinsic size: lets the browser reserve the box before the image arrives (no layout shift). */
  width: number;
  height: number;
  /** The `sizes` attribute: how wide the image is shown, so the browser picks the right file. */
  sizes?: string;
  className?: string;
  /** Above-the-fold images pass 'eager' (and get a high fetch priority). */
  loading?: 'lazy' | 'eager';
}

export function ArtifactImage({
  src,
  alt,
  width,
  height,
  sizes = '(min-width: 1024px) 25vw, (min-width: 640px) 50vw, 100vw',
  className,
  loading = 'lazy',
}: ArtifactImageProps) {
  const [failed, setFailed] = useState(false);
  const srcSet = failed ? undefined : imageSrcSet(src);
  const onError = (event: SyntheticEvent<HTMLImageElement>) => {
    // Only swap once: if the placeholder itself failed we would loop.
    if (!failed) setFailed(true);
    event.currentTarget.removeAttribute('srcset');
  };
  return (
    <img
      src={failed || !src ? IMAGE_PLACEHOLDER : src}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      alt={alt}
      width={width}
      height={height}
      loading={loading}
      decoding="async"
      fetchPriority={loading === 'eager' ? 'high' : undefined}
      className={className ? `aq-artifact-image ${className}` : 'aq-artifact-image'}
      onError={onError}
    />
  );
}
