import { createdDateLabel, type Artifact } from '@antiquarium/contracts';
import { ArtifactCard, HeartIcon, likeCount } from '@antiquarium/ui';
import { useId } from 'react';
import { Link } from 'react-router-dom';

/** The home page's card: like and date badges over the image, a clamped description. */
export function FeaturedCard({ artifact, eager = false }: { artifact: Artifact; eager?: boolean }) {
  const titleId = useId();
  return (
    <ArtifactCard
      artifact={artifact}
      eager={eager}
      sizes="(min-width: 1200px) 280px, (min-width: 960px) 33vw, (min-width: 640px) 50vw, 100vw"
      badges={
        <>
          <span className="aq-badge">
            <HeartIcon />
            {likeCount(artifact.likes)}
            <span className="aq-visually-hidden"> likes</span>
          </span>
          <span className="aq-badge">
            <span className="aq-visually-hidden">Created: </span>
            {createdDateLabel(artifact.createdAt)}
          </span>
        </>
      }
      heading={
        <h3 id={titleId} className="aq-card__title">
          {artifact.name}
        </h3>
      }
    >
      <p className="aq-card__desc">{artifact.shortDescription}..</p>
      <div className="aq-card__action">
        <Link className="aq-button" to={`/artifacts/${artifact._id}`} aria-describedby={titleId}>
          View Details
        </Link>
      </div>
    </ArtifactCard>
  );
}
