import type { Artifact } from '@antiquarium/contracts';
import { ArtifactCard, HeartIcon, likesLabel, type ImagePriority } from '@antiquarium/ui';
import { Link } from 'react-router-dom';

/** Image, name, shortDescription and likes; the whole card opens the details (its title's link). */
/** Its image's width (the .aq-grid of libs/ui in the 1200 px container): 1, 2 and 3 columns, gaps of 1.5rem. */
export const LIKED_IMAGE_SIZES =
  '(min-width: 1200px) 374px, (min-width: 960px) calc((100vw - 5rem) / 3), (min-width: 640px) calc(50vw - 1.75rem), calc(100vw - 2rem)';

export function LikedArtifactCard({ artifact, imagePriority = 'lazy' }: { artifact: Artifact; imagePriority?: ImagePriority }) {
  return (
    <ArtifactCard
      artifact={artifact}
      imagePriority={imagePriority}
      decorativeImage
      sizes={LIKED_IMAGE_SIZES}
      heading={
        <h2 className="aq-card__title">
          <Link className="aq-card__link" to={`/artifacts/${artifact._id}`}>
            {artifact.name}
          </Link>
        </h2>
      }
    >
      <p className="aq-card__desc">{artifact.shortDescription}</p>
      <p className="aq-card__likes">
        <HeartIcon />
        {likesLabel(artifact.likes)}
      </p>
    </ArtifactCard>
  );
}
