import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { responsiveImage, type ArtifactImage as KeptPhoto } from '@antiquarium/contracts';
import { keptPhotoImage } from './kept-photo';

/**
 * Where an image sits on its page's first screen, which decides how it is fetched:
 * - 'lcp': the page's largest element on a phone's first screen: fetched at once, with high priority;
 * - 'eager': above the fold on wider screens only: fetched at once, at the browser's own priority;
 * - 'lazy': below the fold: fetched as it nears the viewport, decoded off the main thread.
 */
export type ImagePriority = 'lcp' | 'eager' | 'lazy';

export interface ArtifactImageProps {
  src: string;
  alt: string;
  /**
   * Intrinsic size of an image the api does not host (a member's own URL), so the browser reserves
   * the box before it arrives (no layout shift); the api's images carry their own. A kept photo's
   * drawn frame, should it fail, takes this shape: the box the caller shows it in.
   */
  width: number;
  height: number;
  /** The `sizes` attribute: how wide the image is shown at each viewport width (match the CSS). */
  sizes: string;
  /** The widest file worth offering (the api's images only). */
  maxWidth?: number;
  className?: string;
  priority?: ImagePriority;
  /**
   * One of the photos the site keeps (libs/contracts photos.ts): offered as AVIF and WebP before its
   * JPEGs, at its own size, with its blurred placeholder painted behind it until it arrives. Its
   * addresses are used instead of `src`; `alt` stays the caller's (a card's title names the artifact).
   */
  photo?: KeptPhoto;
}

/**
 * Shown instead of an image that is not an http(s) URL or fails to load: a neutral frame of the
 * same shape, drawn in the page (no image request, and nothing but http(s) is ever loaded). With an
 * empty alt the picture was decorative (its title says what it is), and so is the frame.
 */
function ImagePlaceholder({ alt, width, height, className }: Pick<ArtifactImageProps, 'alt' | 'width' | 'height' | 'className'>) {
  const named = alt.trim() !== '';
  return (
    <span
      role={named ? 'img' : undefined}
      aria-label={named ? alt : undefined}
      aria-hidden={named ? undefined : true}
      className={`aq-artifact-image aq-artifact-image--missing${className ? ` ${className}` : ''}`}
      style={{ aspectRatio: `${width} / ${height}` }}
    >
      <svg viewBox="0 0 4 3" aria-hidden="true" focusable="false">
        <path d="M.8 2.3l.8-.9.6.6.5-.4.5.7z" />
      </svg>
    </span>
  );
}

/**
 * Whether an image element has already failed: its request ended (`complete`) with nothing to show.
 * A loaded picture without an intrinsic size (some SVGs) also has naturalWidth 0, so `decode()`,
 * which refuses only a broken image, has the last word where the browser offers it.
 */
async function hasFailed(img: HTMLImageElement): Promise<boolean> {
  if (!img.complete || img.naturalWidth > 0) return false;
  if (typeof img.decode !== 'function') return true;
  return img.decode().then(
    () => false,
    () => true,
  );
}

/**
 * The placeholder behind a kept photo: in the markup itself (a data URL, drawn on the server too), so
 * a composed first page shows it before any code. The photos are opaque (the api drops any alpha), so
 * once painted the photo hides it; where a box shows a photo whole (object-fit: contain, the details
 * page) the blur fills the sides.
 */
function placeholderStyle(placeholder: string | undefined): CSSProperties | undefined {
  return placeholder ? { backgroundImage: `url("${placeholder}")`, backgroundSize: 'cover', backgroundPosition: 'center' } : undefined;
}

/**
 * An artifact's picture. The api's own images come in several widths (`responsiveImage`), a kept
 * photo in several widths and formats too (`keptPhotoImage`); when a width is missing (a media folder
 * seeded before it existed, or a foreign site that happens to use the same names) the stored URL
 * alone is tried before the placeholder.
 */
export function ArtifactImage({ src, alt, width, height, sizes, maxWidth, className, priority = 'lazy', photo }: ArtifactImageProps) {
  const [failure, setFailure] = useState<{ src: string; plain: boolean } | null>(null);
  const ref = useRef<HTMLImageElement>(null);
  const errorSeen = useRef(false);

  // A picture rendered on the server (the composed first pages) may fail before the page is
  // hydrated: its error event fired before React listened, and the browser's broken-image icon
  // would stay. The first render is the server's markup either way; once mounted, an image that
  // already ended without a picture is given the error event it missed, and the handler below
  // switches as for any other. Only at mount: later images are created with their listener.
  useEffect(() => {
    const img = ref.current;
    if (!img) return;
    let mounted = true;
    void hasFailed(img).then((broken) => {
      if (broken && mounted && !errorSeen.current) img.dispatchEvent(new Event('error'));
    });
    return () => {
      mounted = false;
    };
  }, []);

  const kept = photo ? keptPhotoImage(photo, { sizes, maxWidth }) : undefined;
  const image = photo ? kept : responsiveImage(src, { sizes, maxWidth });
  // A failure belongs to the address that failed: another artifact's picture starts afresh.
  const shown = photo ? photo.url : src;
  const failed = failure?.src === shown ? failure : null;
  if (!image || (failed && !failed.plain)) {
    // The frame keeps the box the picture had, so nothing below it moves: a kept photo's is the
    // caller's (a card crops every photo to 4:3), an older image's the size its address names.
    const frame = photo ? { width, height } : { width: image?.width ?? width, height: image?.height ?? height };
    return <ImagePlaceholder alt={alt} width={frame.width} height={frame.height} className={className} />;
  }
  const responsive = Boolean(image.srcSet) && !failed;
  const img = (
    <img
      ref={ref}
      src={image.src}
      srcSet={responsive ? image.srcSet : undefined}
      sizes={responsive ? image.sizes : undefined}
      alt={alt}
      width={image.width ?? width}
      height={image.height ?? height}
      loading={priority === 'lazy' ? 'lazy' : 'eager'}
      decoding={priority === 'lcp' ? undefined : 'async'}
      fetchPriority={priority === 'lcp' ? 'high' : undefined}
      className={className ? `aq-artifact-image ${className}` : 'aq-artifact-image'}
      style={placeholderStyle(kept?.placeholder)}
      onError={() => {
        errorSeen.current = true;
        setFailure({ src: shown, plain: responsive });
      }}
    />
  );
  if (!kept || !responsive || kept.sources.length === 0) return img;
  // The browser takes the first source whose type it decodes, else the img's JPEGs.
  return (
    <picture className="aq-picture">
      {kept.sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={kept.sizes} />
      ))}
      {img}
    </picture>
  );
}
