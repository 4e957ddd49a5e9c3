import type { Artifact } from '@antiquarium/contracts';
import type { ReactNode } from 'react';
import { ArtifactImage } from './artifact-image';

export interface ArtifactCardProps {
  artifact: Artifact;
  /** The first cards of a page are above the fold: loaded at once, with a high priority. */
  eager?: boolean;
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

/** The artifact card of every list: image with badges, then the heading and what the list shows. */
export function ArtifactCard({ artifact, eager = false, sizes, badges, heading, decorativeImage = false, children }: ArtifactCardProps) {
  return (
    <article className="aq-card">
      <div className="aq-card__media">
        <ArtifactImage
          src={artifact.image}
          alt={decorativeImage ? '' : artifact.name}
          width={960}
          height={720}
          loading={eager ? 'eager' : 'lazy'}
          sizes={sizes}
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
