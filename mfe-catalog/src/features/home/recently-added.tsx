import { documentArtifactPage, listArtifacts, useApiData } from '@antiquarium/api-client';
import { RECENT_QUERY } from '@antiquarium/contracts';
import { ArtifactImage, coverPhoto, DataView } from '@antiquarium/ui';
import { Link } from 'react-router-dom';
import { ReportLink } from '../../shared/report-link';

/** The strip's columns (home.css): 13rem, four in the 1200 px container from 1200 px (gap 1rem). */
export const RECENT_IMAGE_SIZES = '(min-width: 1200px) 288px, 208px';

export function RecentlyAdded() {
  // The api sorts newest first and stops at 8, instead of the page downloading and reversing everything.
  const recent = useApiData('recent', (signal) => listArtifacts(RECENT_QUERY, { signal }), undefined, () => documentArtifactPage(RECENT_QUERY));
  return (
    <section className="cat-section aq-container" aria-labelledby="recent-title">
      <div className="cat-section__head">
        <h2 id="recent-title">Recently Added Artifacts</h2>
        <p>The newest pieces shared by the community.</p>
      </div>
      <DataView result={recent} loading="Loading recently added artifacts…" failed="Recently added artifacts could not be loaded right now." retry="Try again" className="cat-message">
        {(data) =>
          data.items.length === 0 ? (
            <p className="cat-message">Nothing has been added yet.</p>
          ) : (
            <ul className="cat-strip">
              {data.items.map((artifact) => (
                <li key={artifact._id} className="cat-strip__item">
                  {/* The View Details link (the featured cards' word, issue 32) is stretched over the whole
                      card: one tab stop, the whole card clickable. Named after its artifact. */}
                  <article className="cat-mini-card">
                    <ArtifactImage src={artifact.image} photo={coverPhoto(artifact)} alt="" width={960} height={720} sizes={RECENT_IMAGE_SIZES} maxWidth={640} />
                    <div className="cat-mini-card__body">
                      <h3 className="cat-mini-card__title">{artifact.name}</h3>
                      <p className="cat-mini-card__type">{artifact.type}</p>
                      <div className="cat-mini-card__actions">
                        <Link className="cat-mini-card__link" to={`/artifacts/${artifact._id}`} aria-label={`View Details: ${artifact.name}`}>
                          View Details
                        </Link>
                        <ReportLink artifact={artifact} />
                      </div>
                    </div>
                  </article>
                </li>
              ))}
            </ul>
          )
        }
      </DataView>
    </section>
  );
}
