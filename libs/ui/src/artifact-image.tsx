import { useState } from 'react';
import { parseHttpUrl } from '@antiquarium/contracts';

const LARGE_SUFFIX = /-960\.webp(?=$|[?#])/;

/**
 * The api serves its demo images in two widths, `<slug>-960.webp` and `<slug>-480.webp`; any other
 * URL (a member's own image) is used as it is. Built from the parsed URL only: a raw text could end
 * its URL at a space and add an image candidate of its own.
 */
export function imageSrcSet(src: string): string | undefined {
  const url = parseHttpUrl(src);
  if (!url || !LARGE_SUFFIX.test(url)) return undefined;
  return `${url.replace(LARGE_SUFFIX, '-480.webp')} 480w, ${url} 960w`;
}

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

/**
 * Shown instead of an image that is not an http(s) URL or fails to load: a neutral frame of the
 * same shape, drawn in the page (no image request, and nothing but http(s) is ever loaded).
 */
function ImagePlaceholder({ alt, width, height, className }: Pick<ArtifactImageProps, 'alt' | 'width' | 'height' | 'className'>) {
  return (
    <span
      role="img"
      aria-label={alt}
      className={`aq-artifact-image aq-artifact-image--missing${className ? ` ${className}` : ''}`}
      style={{ aspectRatio: `${width} / ${height}` }}
    >
      <svg viewBox="0 0 4 3" aria-hidden="true" focusable="false">
        <path d="M.8 2.3l.8-.9.6.6.5-.4.5.7z" />
      </svg>
    </span>
  );
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
  const url = parseHttpUrl(src);
  if (failed || !url) return <ImagePlaceholder alt={alt} width={width} height={height} className={className} />;
  const srcSet = imageSrcSet(url);
  return (
    <img
      src={url}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      alt={alt}
      width={width}
      height={height}
      loading={loading}
      decoding="async"
      fetchPriority={loading === 'eager' ? 'high' : undefined}
      className={className ? `aq-artifact-image ${className}` : 'aq-artifact-image'}
      onError={() => setFailed(true)}
    />
  );
}
