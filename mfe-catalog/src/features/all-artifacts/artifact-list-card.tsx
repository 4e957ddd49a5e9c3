import { ALL_ARTIFACTS_IMAGE_SIZES, createdDateLabel, datingLabel, type Artifact } from '@antiquarium/contracts';
import { ArtifactCard, HeartIcon, likeCount, type ImagePriority } from '@antiquarium/ui';
import { Link } from 'react-router-dom';
import { ReportLink } from '../../shared/report-link';


export function ArtifactListCard({ artifact, imagePriority = 'lazy' }: { artifact: Artifact; imagePriority?: ImagePriority }) {
  // Not useId: the page's markup is made on the server and hydrated inside the shell's tree, where
  // React would number it differently (docs/decisions/0011). An artifact is listed once per page.
  const titleId = `artifact-${artifact._id}-title`;
  return (
    <ArtifactCard
      artifact={artifact}
      imagePriority={imagePriority}
      sizes={ALL_ARTIFACTS_IMAGE_SIZES}
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
          {/* The spec's word for this date (My Artifacts' column 'Created At'), issue 32. */}
          <dt>Created At:</dt>
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
        {/* Named after its artifact (24 links on a page, each its own name), starting with what it shows. */}
        <Link className="aq-button" to={`/artifacts/${artifact._id}`} aria-label={`Details: ${artifact.name}`}>
          Details
        </Link>
        <ReportLink artifact={artifact} />
      </div>
    </ArtifactCard>
  );
}
