import { createdDateLabel, type Artifact } from '@antiquarium/contracts';
import { ArtifactImage } from '@antiquarium/ui';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { HeartIcon } from '../../shared/heart-icon';
import { likeCount } from '../../shared/likes-label';

export function ArtifactListCard({ artifact, eager = false }: { artifact: Artifact; eager?: boolean }) {
  const titleId = useId();
  return (
    <article className="cat-card">
      <div className="cat-card__media">
        <ArtifactImage
          src={artifact.image}
          alt={artifact.name}
          width={960}
          height={720}
          loading={eager ? 'eager' : 'lazy'}
          sizes="(min-width: 1200px) 380px, (min-width: 960px) 33vw, (min-width: 640px) 50vw, 100vw"
        />
        <div className="cat-card__badges">
          <span className="cat-badge">
            <span className="aq-visually-hidden">Type: </span>
            {artifact.type}
          </span>
        </div>
      </div>
      <div className="cat-card__body">
        <h2 id={titleId} className="cat-card__title">
          {artifact.name}
        </h2>
        <p className="cat-card__desc cat-card__desc--2">{artifact.shortDescription}</p>
        <dl className="cat-card__meta">
          <div>
            <dt>Created:</dt>
            <dd>{createdDateLabel(artifact.createdAt)}</dd>
          </div>
          <div>
            <dt>
              <HeartIcon />
              <span className="aq-visually-hidden">Likes:</span>
            </dt>
            <dd>{likeCount(artifact.likes)}</dd>
          </div>
        </dl>
        <div className="cat-card__action">
          <Link className="aq-button" to={`/artifacts/${artifact._id}`} aria-describedby={titleId}>
            Details
          </Link>
        </div>
      </div>
    </article>
  );
}
