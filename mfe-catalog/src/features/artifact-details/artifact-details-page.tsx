import { ApiRequestError, getArtifact, iiifManifestUrl, useApiData } from '@antiquarium/api-client';
import { datingLabel, type Artifact } from '@antiquarium/contracts';
import { useAuthStore } from '@antiquarium/auth-store';
import { ArtifactImage, HeartIcon, likeCount, likesLabel, NotFound, Spinner, toast, usePageTitle } from '@antiquarium/ui';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { ReportButton } from '../report/report-button';
import { CiteButton } from '../citation/cite-button';
import { RelatedArtifacts } from '../related/related-artifacts';
import { IiifLink } from '../../shared/iiif-link';
import { AddToCollectionButton } from '../add-to-collection/add-to-collection-button';
import { LikeButton } from './like-button';
import { ModerationNotice } from './moderation-notice';
import { PhotoGallery } from './photo-gallery';
import { RightsBadge } from './rights-badge';
import { ShareButton } from './share-button';
import { ZoomFrame } from './zoom-frame';
import '../../shared/catalog.css';
import './artifact-details.css';

export const DETAILS_TEXTS = {
  likedStatusFailed: 'Could not fetch liked status',
} as const;

/** The picture's width (artifact-details.css): beside the facts from 960 px, in the 1200 px container. */
export const DETAILS_IMAGE_SIZES = '(min-width: 1200px) 568px, (min-width: 960px) calc(50vw - 2rem), calc(100vw - 2rem)';

function orUnknown(value: string | undefined | null): string {
  return value?.trim() ? value : 'Unknown';
}

function ArtifactDetails({ artifact }: { artifact: Artifact }) {
  // Starts from the api's answer: `liked` is the signed-in user's own state.
  const [liked, setLiked] = useState(Boolean(artifact.liked));
  const [likes, setLikes] = useState(likeCount(artifact.likes));
  // The tab says which artifact this is (issue 32), not "Artifact details" for every one.
  usePageTitle(artifact.name);
  // Read defensively: this remote is released on its own (docs/decisions/0008) and may meet an api
  // from before photos, whose artifacts carry no `images`.
  const photos = artifact.images ?? [];
  // A hidden record has no public manifest (the api answers 404 for it): no IIIF link, no deep zoom.
  const manifestUrl = artifact.moderation ? '' : iiifManifestUrl(artifact._id);

  return (
    <article className="aq-container cat-details">
      {photos.length > 0 ? (
        <div className="cat-details__media cat-details__media--photos">
          <PhotoGallery photos={photos} name={artifact.name} sizes={DETAILS_IMAGE_SIZES} manifestUrl={manifestUrl} />
        </div>
      ) : (
        <div className="cat-details__media cat-details__media--photos">
          <ZoomFrame manifestUrl={manifestUrl} index={0} name={artifact.name}>
            <div className="cat-details__picture">
              <ArtifactImage
                src={artifact.image}
                alt={artifact.name}
                width={960}
                height={720}
                priority="lcp"
                sizes={DETAILS_IMAGE_SIZES}
              />
            </div>
          </ZoomFrame>
        </div>
      )}
      <div className="cat-details__info">
        <p className="aq-badge aq-badge--light">{artifact.type}</p>
        <h1>{artifact.name}</h1>
        <ModerationNotice artifact={artifact} />
        <p className="cat-details__likes" aria-live="polite">
          <HeartIcon />
          {likesLabel(likes)}
        </p>
        {/* By the title, not below the description: on a phone they were three screens down (issue 32). */}
        <div className="cat-details__actions">
          <LikeButton
            artifactId={artifact._id}
            liked={liked}
            onChange={(nextLiked, nextLikes) => {
              setLiked(nextLiked);
              setLikes(nextLikes);
            }}
          />
          <ShareButton />
          <CiteButton artifact={artifact} />
          <AddToCollectionButton artifactId={artifact._id} />
          <ReportButton artifactId={artifact._id} />
        </div>
        <dl className="cat-details__facts">
          <div>
            <dt>Period</dt>
            <dd>{orUnknown(artifact.createdAt)}</dd>
          </div>
          <div>
            <dt>Dated</dt>
            <dd>{datingLabel(artifact.dating)}</dd>
          </div>
          <div>
            <dt>Location</dt>
            <dd>{orUnknown(artifact.location)}</dd>
          </div>
        </dl>
        <section aria-labelledby="details-description">
          <h2 id="details-description">Description</h2>
          <p>{artifact.shortDescription}</p>
        </section>
        <section aria-labelledby="details-technical">
          <h2 id="details-technical">Technical Details</h2>
          <dl className="cat-details__technical">
            <div>
              <dt>Type</dt>
              <dd>{artifact.type}</dd>
            </div>
            <div>
              <dt>Context</dt>
              <dd>{orUnknown(artifact.context)}</dd>
            </div>
            <div>
              <dt>Discovered At</dt>
              <dd>{orUnknown(artifact.discoveredAt)}</dd>
            </div>
            <div>
              <dt>Discovered By</dt>
              <dd>{orUnknown(artifact.discoveredBy)}</dd>
            </div>
          </dl>
        </section>
        <RightsBadge rights={artifact.rights} credit={artifact.credit} />
        {artifact.adderName ? <p className="cat-details__adder">Shared by {artifact.adderName}</p> : null}
        <IiifLink url={manifestUrl} kind="manifest" />
        <p className="cat-details__back">
          <Link className="aq-button" to="/all-artifacts">
            Back to All Artifacts
          </Link>
        </p>
      </div>
    </article>
  );
}

/** Exposed as 'catalog/ArtifactDetails' (a login-required route in the shell). */
export default function ArtifactDetailsPage() {
  const { id = '' } = useParams();
  const signedIn = useAuthStore((state) => Boolean(state.user?.email));
  const result = useApiData(`artifact:${id}`, async (signal) => {
    const artifact = await getArtifact(id, { signal });
    // The api answers `liked` for a signed-in caller: without it (the token could not be sent or
    // checked) the button cannot know the user's state.
    if (signedIn && typeof artifact.liked !== 'boolean') {
      console.error(`${DETAILS_TEXTS.likedStatusFailed} for artifact ${id}`);
      void toast('error', DETAILS_TEXTS.likedStatusFailed);
    }
    return artifact;
  });

  if (result.status === 'loading') return <Spinner label="Loading artifact…" />;
  if (result.status === 'error') {
    if (result.error instanceof ApiRequestError && result.error.status === 404) return <NotFound />;
    return (
      <div className="aq-container cat-details__error">
        <h1>This artifact could not be loaded</h1>
        <p className="cat-message">Please check your connection and try again.</p>
        <button type="button" className="aq-button aq-button--primary" onClick={result.retry}>
          Try again
        </button>
      </div>
    );
  }
  // Keyed by id: another artifact starts from its own like state.
  return (
    <>
      <ArtifactDetails key={result.data._id} artifact={result.data} />
      <RelatedArtifacts key={`related-${result.data._id}`} artifactId={result.data._id} />
    </>
  );
}
