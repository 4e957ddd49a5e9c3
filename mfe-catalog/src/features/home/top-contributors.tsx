import { documentTopContributors, topContributors, useApiData } from '@antiquarium/api-client';
import { TOP_CONTRIBUTOR_COUNT, type Contributor } from '@antiquarium/contracts';
import { DataView, likesLabel } from '@antiquarium/ui';

function artifactsLabel(count: number): string {
  return `${count} ${count === 1 ? 'artifact' : 'artifacts'}`;
}

function initials(name: string): string {
  return (
    name
      .split(/[\s@.]+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((part) => part[0]?.toUpperCase() ?? '')
      .join('') || '?'
  );
}

/** Ranked by total likes on the server; shown in the order received. */
export function ContributorList({ contributors }: { contributors: Contributor[] }) {
  return (
    <ol className="cat-contributors">
      {contributors.map((contributor, index) => (
        <li key={`${contributor.name}-${index}`} className="cat-contributors__item">
          <span className="cat-contributors__rank" aria-hidden="true">
            #{index + 1}
          </span>
          <span className="cat-contributors__avatar" aria-hidden="true">
            {initials(contributor.name)}
          </span>
          <h3 className="cat-contributors__name">{contributor.name}</h3>
          <p className="cat-contributors__stats">
            <span>{artifactsLabel(contributor.artifacts)}</span>
            <span>{likesLabel(contributor.likes)}</span>
          </p>
        </li>
      ))}
    </ol>
  );
}

export function TopContributors() {
  const top = useApiData(
    'top-contributors',
    (signal) => topContributors(TOP_CONTRIBUTOR_COUNT, { signal }),
    undefined,
    () => documentTopContributors(TOP_CONTRIBUTOR_COUNT),
  );
  return (
    <section className="cat-section aq-container" aria-labelledby="contributors-title">
      <div className="cat-section__head">
        <h2 id="contributors-title">Top Contributors</h2>
        <p>The members whose shared artifacts have collected the most likes.</p>
      </div>
      <DataView result={top} loading="Loading top contributors…" failed="Top contributors could not be loaded right now." retry="Try again" className="cat-message">
        {(contributors) =>
          contributors.length === 0 ? (
            <p className="cat-message">No contributors yet. Share an artifact to lead the list!</p>
          ) : (
            <ContributorList contributors={contributors.slice(0, TOP_CONTRIBUTOR_COUNT)} />
          )
        }
      </DataView>
    </section>
  );
}
