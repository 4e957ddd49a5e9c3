import type { ArtifactImage as KeptPhoto } from '@antiquarium/contracts';
import { ArtifactImage } from '@antiquarium/ui';
import { useState } from 'react';
import { ZoomFrame } from './zoom-frame';

export const PHOTO_GALLERY_TEXTS = {
  /** The thumbnails' group. */
  choose: 'Photos of this artifact',
  /** A thumbnail's accessible name: which photo it shows, and what is on it. */
  thumbnail: (position: number, count: number, alt: string) => `Photo ${position} of ${count}${alt.trim() ? `: ${alt.trim()}` : ''}`,
} as const;

/** A thumbnail's width (artifact-details.css): 64 px, so a 2x screen takes the 320 px file. */
const THUMBNAIL_SIZES = '64px';

export interface PhotoGalleryProps {
  photos: KeptPhoto[];
  /** The artifact's name: the alt text of a photo that has none of its own. */
  name: string;
  /** The large photo's width at each viewport width (the details page's picture). */
  sizes: string;
  /** The artifact's IIIF manifest, for deep zoom ('' for none). */
  manifestUrl?: string;
}

/**
 * An artifact's kept photos on its details page: the shown one large, at its own shape, with its
 * alt text and its caption under it; with several, a row of thumbnails that switch it. Plain
 * buttons, so a keyboard reaches and presses each; they also choose the photo deep zoom shows.
 */
export function PhotoGallery({ photos, name, sizes, manifestUrl = '' }: PhotoGalleryProps) {
  const [shownIndex, setShownIndex] = useState(0);
  const shown = photos[shownIndex] ?? photos[0];
  if (!shown) return null;
  return (
    <div className="cat-photos">
      <figure className="cat-photos__figure">
        <ZoomFrame manifestUrl={manifestUrl} index={shownIndex} name={name}>
          <div className="cat-photos__frame">
            {/* Keyed by photo: another photo starts without the last one's failure, over its own placeholder. */}
            <ArtifactImage
              key={shown.id}
              src={shown.url}
              photo={shown}
              alt={shown.alt.trim() || name}
              width={shown.width}
              height={shown.height}
              priority="lcp"
              sizes={sizes}
              className="cat-photos__image"
            />
          </div>
        </ZoomFrame>
        {shown.caption ? <figcaption className="cat-photos__caption">{shown.caption}</figcaption> : null}
      </figure>
      {photos.length > 1 ? (
        <ul className="cat-photos__thumbnails" aria-label={PHOTO_GALLERY_TEXTS.choose}>
          {photos.map((photo, index) => (
            <li key={photo.id}>
              <button
                type="button"
                className="cat-photos__thumbnail"
                aria-label={PHOTO_GALLERY_TEXTS.thumbnail(index + 1, photos.length, photo.alt)}
                aria-pressed={index === shownIndex}
                onClick={() => setShownIndex(index)}
              >
                <ArtifactImage src={photo.url} photo={photo} alt="" width={photo.width} height={photo.height} sizes={THUMBNAIL_SIZES} maxWidth={320} />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
