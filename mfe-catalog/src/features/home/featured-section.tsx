import { documentArtifactPage, listArtifacts, useApiData } from '@antiquarium/api-client';
import { FEATURED_QUERY } from '@antiquarium/contracts';
import { DataView } from '@antiquarium/ui';
import { Link } from 'react-router-dom';
import { FeaturedCard } from '../../shared/featured-card';

export const FEATURED_TEXTS = {
  heading: 'Featured Historical Artifacts',
  subtext: 'A curated collection of the most fascinating and impactful historical items shared by our community.',
} as const;

export function FeaturedSection() {
  // Bounded on the server (8, most liked): the home page never downloads the whole collection. The
  // shell has asked for it already on a visit that starts here (@antiquarium/contracts' first-page).
  const featured = useApiData('featured', (signal) => listArtifacts(FEATURED_QUERY, { signal }), undefined, () => documentArtifactPage(FEATURED_QUERY));
  return (
    <section className="cat-section aq-container" aria-labelledby="featured-title">
      <div className="cat-section__head">
        <h2 id="featured-title">{FEATURED_TEXTS.heading}</h2>
        <p>{FEATURED_TEXTS.subtext}</p>
      </div>
      <DataView result={featured} loading="Loading featured artifacts…" failed="Featured artifacts could not be loaded right now." retry="Try again" className="cat-message">
        {(data) =>
          data.items.length === 0 ? (
            <p className="cat-message">No artifacts have been shared yet. Be the first!</p>
          ) : (
            <ul className="aq-grid aq-grid--4">
              {data.items.map((artifact) => (
                <li key={artifact._id}>
                  <FeaturedCard artifact={artifact} />
                </li>
              ))}
            </ul>
          )
        }
      </DataView>
      <div className="cat-section__foot">
        <Link className="aq-button aq-button--primary" to="/all-artifacts">
          See All Artifacts
        </Link>
      </div>
    </section>
  );
}
