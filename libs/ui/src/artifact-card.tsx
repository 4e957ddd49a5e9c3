import { CARD_IMAGE_MAX_WIDTH, type Artifact } from '@antiquarium/contracts';
import type { ReactNode } from 'react';
import { ArtifactImage, type ImagePriority } from './artifact-image';
import { coverPhoto } from './kept-photo';

/**
 * The priority of a card's image in a grid at the top of its page (all artifacts, liked artifacts):
 * the first card is the LCP element on a phone (one column, its image on the first screen), the rest
 * of the first row (up to 3 columns) is above the fold on wider screens only, and the others below.
 */
export function gridImagePriority(index: number): ImagePriority {
  if (index === 0) return 'lcp';
  return index < 3 ? 'eager' : 'lazy';
}

export interface ArtifactCardProps {
  artifact: Artifact;
  /** How its image is fetched: the page decides from where the card sits (see ImagePriority). */
  imagePriority?: ImagePriority;
  /** How wide the card is shown at each viewport width (the image's `sizes`). */
  sizes: string;
  /** Over the image's top edge (type, likes, date). */
  badges?: ReactNode;
  /** The card's heading, at the level its page needs. */
  heading: ReactNode;
  /** Set when the title alone is not the image's description (the image then has alt ""). */
  decorativeImage?: boolean;
  children?: ReactNode;
}

/**
 * The artifact card of every list: image with badges, then the heading and what the list shows. A
 * kept photo shows its cover (the first photo) in every format; its alt text is the details page's,
 * the card's image keeps the card's own (the title names the artifact).
 */
export function ArtifactCard({ artifact, imagePriority = 'lazy', sizes, badges, heading, decorativeImage = false, children }: ArtifactCardProps) {
  return (
    <article className="aq-card">
      <div className="aq-card__media">
        <ArtifactImage
          src={artifact.image}
          alt={decorativeImage ? '' : artifact.name}
          width={960}
          height={720}
          priority={imagePriority}
          sizes={sizes}
          maxWidth={CARD_IMAGE_MAX_WIDTH}
          photo={coverPhoto(artifact)}
        />
        {badges ? <div className="aq-card__badges">{badges}</div> : null}
      </div>
      <div className="aq-card__body">
        {heading}
        {children}
      </div>
    </article>
  );
}
