import type { Artifact } from '@antiquarium/contracts';
import { ArtifactCard, HeartIcon, likesLabel } from '@antiquarium/ui';
import { Link } from 'react-router-dom';

/** Image, name, shortDescription and likes; the whole card opens the details (its title's link). */
export function LikedArtifactCard({ artifact, eager = false }: { artifact: Artifact; eager?: boolean }) {
  return (
    <ArtifactCard
      artifact={artifact}
      eager={eager}
      decorativeImage
      sizes="(min-width: 1200px) 380px, (min-width: 960px) 33vw, (min-width: 640px) 50vw, 100vw"
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
