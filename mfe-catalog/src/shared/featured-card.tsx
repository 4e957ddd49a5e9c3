import { createdDateLabel, type Artifact } from '@antiquarium/contracts';
import { ArtifactImage } from '@antiquarium/ui';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { HeartIcon } from './heart-icon';
import { likeCount } from './likes-label';

/** The home page's card: like and date badges over the image, a clamped description. */
export function FeaturedCard({ artifact, eager = false }: { artifact: Artifact; eager?: boolean }) {
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
          sizes="(min-width: 1200px) 280px, (min-width: 960px) 33vw, (min-width: 640px) 50vw, 100vw"
        />
        <div className="cat-card__badges">
          <span className="cat-badge">
            <HeartIcon />
            {likeCount(artifact.likes)}
            <span className="aq-visually-hidden"> likes</span>
          </span>
          <span className="cat-badge">
            <span className="aq-visually-hidden">Created: </span>
            {createdDateLabel(artifact.createdAt)}
          </span>
        </div>
      </div>
      <div className="cat-card__body">
        <h3 id={titleId} className="cat-card__title">
          {artifact.name}
        </h3>
        <p className="cat-card__desc">{artifact.shortDescription}..</p>
        <div className="cat-card__action">
          <Link className="aq-button" to={`/artifacts/${artifact._id}`} aria-describedby={titleId}>
            View Details
          </Link>
        </div>
      </div>
    </article>
  );
}
