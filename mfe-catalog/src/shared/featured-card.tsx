import { createdDateLabel, type Artifact } from '@antiquarium/contracts';
import { ArtifactCard, HeartIcon, likeCount } from '@antiquarium/ui';
import { Link } from 'react-router-dom';
import { ReportLink } from './report-link';

/**
 * Its image's width in the home page's grid: the section has no side padding (catalog.css), the
 * grid's gap is 1.5rem; 1, 2, 3 and 4 columns (libs/ui styles.css, .aq-grid--4).
 */
export const FEATURED_IMAGE_SIZES =
  '(min-width: 1200px) 282px, (min-width: 960px) calc((100vw - 3rem) / 3), (min-width: 640px) calc((100vw - 1.5rem) / 2), 100vw';

/**
 * The home page's card: like and date badges over the image, a clamped description. Its image is
 * lazy: on a phone the banner fills the first screen, and on wider screens the banner's picture is
 * the page's largest element, not a card's.
 */
export function FeaturedCard({ artifact }: { artifact: Artifact }) {
  // Not useId: the page's markup is made on the server and hydrated inside the shell's tree, where
  // React would number it differently (docs/decisions/0011). An artifact is listed once per page.
  const titleId = `featured-${artifact._id}-title`;
  return (
    <ArtifactCard
      artifact={artifact}
      sizes={FEATURED_IMAGE_SIZES}
      badges={
        <>
          <span className="aq-badge">
            <HeartIcon />
            {likeCount(artifact.likes)}
            <span className="aq-visually-hidden"> likes</span>
          </span>
          <span className="aq-badge">
            <span className="aq-visually-hidden">Created At: </span>
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
        <Link className="aq-button" to={`/artifacts/${artifact._id}`} aria-label={`View Details: ${artifact.name}`}>
          View Details
        </Link>
        <ReportLink artifact={artifact} />
      </div>
    </ArtifactCard>
  );
}
