import { listArtifacts, useApiData } from '@antiquarium/api-client';
import { Pagination, Spinner, toast } from '@antiquarium/ui';
import { useSearchParams } from 'react-router-dom';
import { ArtifactListCard } from './artifact-list-card';
import { queryKey, readQuery, writeQuery, type ArtifactQuery } from './artifact-query';
import { FilterForm } from './filter-form';
import '../../shared/catalog.css';
import './all-artifacts.css';

export const ALL_ARTIFACTS_TEXTS = {
  empty: 'No artifacts match your criteria.',
  fetchFailed: 'Failed to fetch artifacts',
} as const;

/** Exposed as 'catalog/AllArtifacts'. Type, sort, search and page are sent to the server. */
export default function AllArtifactsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const query = readQuery(searchParams);

  const result = useApiData(
    queryKey(query),
    (signal) =>
      listArtifacts(
        { type: query.type || undefined, sort: query.sort, search: query.search || undefined, page: query.page },
        { signal },
      ),
    (error) => {
      // Spec: a failed search is only logged; any other failed list gets the toast.
      if (query.search) console.error('Search failed', error);
      else void toast('error', ALL_ARTIFACTS_TEXTS.fetchFailed);
    },
  );

  const onChange = (next: ArtifactQuery) => setSearchParams(writeQuery(next));

  return (
    <div className="aq-container cat-all">
      <div className="cat-all__head">
        <h1>All Artifacts</h1>
        <p>Browse the whole collection. Filter by type, sort it, or search by name.</p>
      </div>
      <FilterForm query={query} onChange={onChange} />
      <div role="status" className="cat-all__status">
        {result.status === 'ready' ? `${result.data.total} ${result.data.total === 1 ? 'artifact' : 'artifacts'} found` : ''}
      </div>
      {result.status === 'loading' ? <Spinner label={query.search ? 'Searching…' : 'Loading artifacts…'} /> : null}
      {result.status === 'error' ? (
        <div className="cat-message">
          <p>The artifacts could not be loaded.</p>
          <button type="button" className="aq-button" onClick={result.retry}>
            Try again
          </button>
        </div>
      ) : null}
      {result.status === 'ready' && result.data.items.length === 0 ? (
        <p className="cat-message">{ALL_ARTIFACTS_TEXTS.empty}</p>
      ) : null}
      {result.status === 'ready' && result.data.items.length > 0 ? (
        <>
          <ul className="aq-grid">
            {result.data.items.map((artifact, index) => (
              <li key={artifact._id}>
                <ArtifactListCard artifact={artifact} eager={index < 3} />
              </li>
            ))}
          </ul>
          <Pagination
            page={query.page}
            hrefOf={(page) => ({ search: writeQuery({ ...query, page }).toString() })}
            total={result.data.total}
            pageSize={result.data.pageSize}
            nextPage={result.data.nextPage}
          />
        </>
      ) : null}
    </div>
  );
}
