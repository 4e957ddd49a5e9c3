import type { Artifact } from '@antiquarium/contracts';
import { ArtifactImage } from '@antiquarium/ui';
import { Link } from 'react-router-dom';

function likesLabel(likes: number | undefined): string {
  const count = typeof likes === 'number' && likes > 0 ? likes : 0;
  return `${count} ${count === 1 ? 'like' : 'likes'}`;
}

function HeartIcon() {
  return (
    <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false" className="acc-heart">
      <path
        d="M12 21s-7.5-4.6-9.6-9.1C.9 8.6 2.7 4.8 6.4 4.5c2.1-.2 3.7.9 4.6 2.4.9-1.5 2.5-2.6 4.6-2.4 3.7.3 5.5 4.1 4 7.4C19.5 16.4 12 21 12 21z"
        fill="currentColor"
      />
    </svg>
  );
}

/** Image, name, shortDescription and likes; the whole card opens the details (its title's link). */
export function LikedArtifactCard({ artifact, eager = false }: { artifact: Artifact; eager?: boolean }) {
  return (
    <article className="acc-card">
      <div className="acc-card__media">
        <ArtifactImage
          src={artifact.image}
          alt=""
          width={960}
          height={720}
          loading={eager ? 'eager' : 'lazy'}
          sizes="(min-width: 1200px) 380px, (min-width: 960px) 33vw, (min-width: 640px) 50vw, 100vw"
        />
      </div>
      <div className="acc-card__body">
        <h2 className="acc-card__title">
          <Link className="acc-card__link" to={`/artifacts/${artifact._id}`}>
            {artifact.name}
          </Link>
        </h2>
        <p className="acc-card__desc">{artifact.shortDescription}</p>
        <p className="acc-card__likes">
          <HeartIcon />
          {likesLabel(artifact.likes)}
        </p>
      </div>
    </article>
  );
}
