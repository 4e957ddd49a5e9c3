import { relatedArtifacts, useApiData } from '@antiquarium/api-client';
import { DataView } from '@antiquarium/ui';
import { useEffect, useRef, useState } from 'react';
import { FeaturedCard } from '../../shared/featured-card';

export const RELATED_TEXTS = {
  heading: 'Related artifacts',
  loading: 'Loading related artifacts…',
  none: 'No related artifacts yet.',
  failed: 'Related artifacts could not be loaded right now.',
  retry: 'Try again',
} as const;

/** How far below the screen the section starts loading, so the cards are there when it scrolls in. */
const LOAD_MARGIN = '300px';

function RelatedList({ artifactId }: { artifactId: string }) {
  const related = useApiData(`related:${artifactId}`, (signal) => relatedArtifacts(artifactId, { signal }));
  return (
    <DataView result={related} loading={RELATED_TEXTS.loading} failed={RELATED_TEXTS.failed} retry={RELATED_TEXTS.retry} className="cat-message">
      {(artifacts) => {
        if (artifacts.length === 0) return <p className="cat-message">{RELATED_TEXTS.none}</p>;
        return (
          <ul className="aq-grid aq-grid--4">
            {artifacts.map((artifact) => (
              <li key={artifact._id}>
                <FeaturedCard artifact={artifact} />
              </li>
            ))}
          </ul>
        );
      }}
    </DataView>
  );
}

/**
 * "Related artifacts" under the details (issue 28): up to 6 of the same era, type or place, asked of
 * the api only when the section comes near the screen (it is below the fold on every width).
 */
export function RelatedArtifacts({ artifactId }: { artifactId: string }) {
  const sectionRef = useRef<HTMLElement>(null);
  const [near, setNear] = useState(false);

  useEffect(() => {
    const section = sectionRef.current;
    if (!section || typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: LOAD_MARGIN },
    );
    observer.observe(section);
    return () => observer.disconnect();
  }, []);

  return (
    <section ref={sectionRef} className="cat-section aq-container cat-related" aria-labelledby="related-title">
      <div className="cat-section__head">
        <h2 id="related-title">{RELATED_TEXTS.heading}</h2>
      </div>
      {near ? <RelatedList artifactId={artifactId} /> : null}
    </section>
  );
}
