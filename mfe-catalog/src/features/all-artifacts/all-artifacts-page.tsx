import { documentArtifactFacets, documentArtifactPage, getArtifactFacets, listArtifacts, useApiData } from '@antiquarium/api-client';
import type { Artifact, ArtifactFacets } from '@antiquarium/contracts';
import { DataView, gridImagePriority, Pagination, toast, useProgressiveList, usePagingFocus } from '@antiquarium/ui';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { ActiveFilters, DidYouMean } from './active-filters';
import { ArtifactListCard } from './artifact-list-card';
import { effectiveSort, filtersKey, filtersOf, queryKey, readQuery, writeQuery, type ArtifactQuery } from './artifact-query';
import { FilterForm } from './filter-form';
import { RefineDrawer } from './refine-drawer';
import '../../shared/catalog.css';
import './all-artifacts.css';

/** The cards rendered with the data: two rows of three on a desktop, more than a phone shows. */
export const FIRST_CARDS = 6;
const NO_ARTIFACTS: readonly Artifact[] = [];

export const ALL_ARTIFACTS_TEXTS = {
  empty: 'No artifacts match your criteria.',
  fetchFailed: 'Failed to fetch artifacts',
  firstPage: 'Go to the first page',
} as const;

/**
 * Exposed as 'catalog/AllArtifacts'. Every choice (search, type, era or years, place, sort, page)
 * lives in the URL and is sent to the server; the facets call, made alongside the list, gives the
 * count beside each choice. On a phone the refine panel folds into a drawer.
 */
export default function AllArtifactsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const query = readQuery(searchParams);

  const listParams = { ...filtersOf(query), sort: effectiveSort(query), page: query.page };
  // A first page composed on the server brought its list: the first render shows all of it, as the
  // document already does (docs/decisions/0010).
  const [brought] = useState(() => documentArtifactPage(listParams));
  const result = useApiData(
    queryKey(query),
    (signal) => listArtifacts(listParams, { signal }),
    (error) => {
      // Spec: a failed search is only logged; any other failed list gets the toast.
      if (query.search) console.error('Search failed', error);
      else void toast('error', ALL_ARTIFACTS_TEXTS.fetchFailed);
    },
    () => brought,
  );

  // Counts are a help, not the page: a failed facets call leaves the list as it is.
  const facets = useApiData(
    filtersKey(query),
    (signal) => getArtifactFacets(filtersOf(query), { signal }),
    () => undefined,
    () => documentArtifactFacets(filtersOf(query)),
  );
  // While new counts load, the last ones stay: the panel keeps its shape and the timeline its focus.
  const [kept, setKept] = useState<ArtifactFacets | null>(null);
  if (facets.status === 'ready' && kept !== facets.data) setKept(facets.data);
  const counts = facets.status === 'ready' ? facets.data : kept;
  const suggestion = result.status === 'ready' ? result.data.didYouMean : null;
  // 24 cards are built in two steps, so that no single task builds them all (catalog-long-lists).
  const cards = useProgressiveList(result.status === 'ready' ? result.data.items : NO_ARTIFACTS, FIRST_CARDS, brought?.items);

  // After Previous or Next, focus goes to the count of the new page's results (issue 32).
  const paging = usePagingFocus<HTMLDivElement>(query.page, result.status === 'ready' && cards.complete);

  // A choice's own event ends at once; the navigation and the new list's render follow in tasks of
  // their own, so that a tap on a slow phone never waits for a long one (catalog-long-lists).
  const onChange = (next: ArtifactQuery) => {
    setTimeout(() => setSearchParams(writeQuery(next)), 0);
  };

  return (
    <div className="aq-container cat-all">
      <div className="cat-all__head">
        <h1>All Artifacts</h1>
        <p>Browse the whole collection. Filter by type, era, years and place, sort it, or search any word.</p>
      </div>
      <FilterForm query={query} onChange={onChange} />
      <div className="cat-all__layout">
        <RefineDrawer
          query={query}
          facets={counts}
          onChange={onChange}
          total={result.status === 'ready' ? result.data.total : null}
          focusResults={() => paging.target.current?.focus()}
        />
        <div className="cat-all__results">
          <ActiveFilters query={query} onChange={onChange} />
          <div role="status" className="cat-all__status" tabIndex={-1} ref={paging.target}>
            {result.status === 'ready' ? `${result.data.total} ${result.data.total === 1 ? 'artifact' : 'artifacts'} found` : ''}
          </div>
          <DidYouMean query={query} suggestion={suggestion} />
          <DataView result={result} loading={query.search ? 'Searching…' : 'Loading artifacts…'} failed="The artifacts could not be loaded." retry="Try again" className="cat-message">
            {(data) =>
              data.items.length === 0 ? (
                <div className="cat-message">
                  <p>{ALL_ARTIFACTS_TEXTS.empty}</p>
                  {/* A page past the last (an old link, ?page=99) while the choices do match: a way back. */}
                  {query.page > 1 && data.total > 0 ? (
                    <Link className="aq-button" to={{ search: writeQuery({ ...query, page: 1 }).toString() }}>
                      {ALL_ARTIFACTS_TEXTS.firstPage}
                    </Link>
                  ) : null}
                </div>
              ) : (
                <>
                  {/* Busy while the rest of the page's cards are still coming (useProgressiveList). */}
                  <ul className="aq-grid cat-all__grid" aria-busy={!cards.complete}>
                    {cards.shown.map((artifact, index) => (
                      <li key={artifact._id}>
                        <ArtifactListCard artifact={artifact} imagePriority={gridImagePriority(index)} />
                      </li>
                    ))}
                  </ul>
                  {/* Under the last card only: it would move down while the rest arrive. */}
                  {cards.complete ? (
                    <Pagination
                      page={query.page}
                      hrefOf={(page) => ({ search: writeQuery({ ...query, page }).toString() })}
                      total={data.total}
                      pageSize={data.pageSize}
                      nextPage={data.nextPage}
                      onPage={paging.onPage}
                    />
                  ) : null}
                </>
              )
            }
          </DataView>
        </div>
      </div>
    </div>
  );
}
