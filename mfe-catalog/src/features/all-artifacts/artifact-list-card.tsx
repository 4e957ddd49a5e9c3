import { createdDateLabel, datingLabel, type Artifact } from '@antiquarium/contracts';
import { ArtifactCard, HeartIcon, likeCount } from '@antiquarium/ui';
import { useId } from 'react';
import { Link } from 'react-router-dom';

export function ArtifactListCard({ artifact, eager = false }: { artifact: Artifact; eager?: boolean }) {
  const titleId = useId();
  return (
    <ArtifactCard
      artifact={artifact}
      eager={eager}
      sizes="(min-width: 1200px) 300px, (min-width: 768px) 40vw, (min-width: 640px) 50vw, 100vw"
      badges={
        <span className="aq-badge">
          <span className="aq-visually-hidden">Type: </span>
          {artifact.type}
        </span>
      }
      heading={
        <h2 id={titleId} className="aq-card__title">
          {artifact.name}
        </h2>
      }
    >
      <p className="aq-card__desc aq-card__desc--2">{artifact.shortDescription}</p>
      <dl className="aq-card__meta">
        <div>
          <dt>Created:</dt>
          <dd>{createdDateLabel(artifact.createdAt)}</dd>
        </div>
        <div>
          <dt>Dated:</dt>
          <dd>{datingLabel(artifact.dating)}</dd>
        </div>
        <div>
          <dt>
            <HeartIcon />
            <span className="aq-visually-hidden">Likes:</span>
          </dt>
          <dd>{likeCount(artifact.likes)}</dd>
        </div>
      </dl>
      <div className="aq-card__action">
        <Link className="aq-button" to={`/artifacts/${artifact._id}`} aria-describedby={titleId}>
          Details
        </Link>
      </div>
    </ArtifactCard>
  );
}
