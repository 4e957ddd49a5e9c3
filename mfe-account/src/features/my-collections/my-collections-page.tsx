import { myCollections, useApiData } from '@antiquarium/api-client';
import { useAuthStore } from '@antiquarium/auth-store';
import { collectionPagePath, type CollectionSummary } from '@antiquarium/contracts';
import { DataView, Pagination, readPage, Spinner, toast, usePagingFocus } from '@antiquarium/ui';
import { useRef, type RefObject } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { pageHref } from '../../shared/page-href';
import { CreateCollectionForm } from './create-collection-form';
import '../../shared/account.css';
import './my-collections.css';

export const MY_COLLECTIONS_TEXTS = {
  title: 'My Collections',
  intro: 'Gather artifacts in your own order, with a note on each. Add them with “Add to collection” on an artifact’s page.',
  empty: 'You have no collections yet. Create one below.',
  fetchFailed: 'Failed to fetch collections',
  loadFailed: 'Your collections could not be loaded.',
  retry: 'Try again',
  public: 'Public',
  private: 'Private',
  items: (count: number) => (count === 1 ? '1 artifact' : `${count} artifacts`),
  publicPage: 'My public collections page',
} as const;

export const MY_COLLECTIONS_PAGE_SIZE = 20;

function CollectionRow({ collection }: { collection: CollectionSummary }) {
  return (
    <li className="acc-collections__item">
      <h2 className="acc-collections__name">
        <Link to={collectionPagePath(collection.id)}>{collection.title}</Link>
      </h2>
      <p className="acc-collections__facts">
        <span className="aq-badge aq-badge--light">{collection.visibility === 'public' ? MY_COLLECTIONS_TEXTS.public : MY_COLLECTIONS_TEXTS.private}</span>{' '}
        {MY_COLLECTIONS_TEXTS.items(collection.itemCount)}
      </p>
    </li>
  );
}

/** `heading`: the page's heading, where the focus goes after Previous or Next once the new page is shown. */
function MyCollectionsList({ heading }: { heading: RefObject<HTMLHeadingElement | null> }) {
  const [searchParams] = useSearchParams();
  const page = readPage(searchParams);
  const result = useApiData(
    `my-collections:${page}`,
    (signal) => myCollections({ page, limit: MY_COLLECTIONS_PAGE_SIZE }, { signal }),
    () => void toast('error', MY_COLLECTIONS_TEXTS.fetchFailed),
  );
  const paging = usePagingFocus(page, result.status === 'ready', heading);
  return (
    <DataView result={result} loading="Loading your collections…" failed={MY_COLLECTIONS_TEXTS.loadFailed} retry={MY_COLLECTIONS_TEXTS.retry} className="acc-message">
      {(data) => {
        if (data.items.length === 0 && page === 1) return <p className="acc-message">{MY_COLLECTIONS_TEXTS.empty}</p>;
        return (
          <>
            <ul className="acc-collections">
              {data.items.map((collection) => (
                <CollectionRow key={collection.id} collection={collection} />
              ))}
            </ul>
            <Pagination page={page} hrefOf={pageHref} total={data.total} pageSize={data.pageSize} nextPage={data.nextPage} onPage={paging.onPage} />
          </>
        );
      }}
    </DataView>
  );
}

/** Exposed as 'account/MyCollections' (a login-required route in the shell). */
export default function MyCollectionsPage() {
  const uid = useAuthStore((state) => state.user?.uid ?? null);
  const heading = useRef<HTMLHeadingElement>(null);
  return (
    <section className="aq-container acc-page" aria-labelledby="my-collections-title">
      <div className="acc-page__head">
        <h1 id="my-collections-title" ref={heading}>{MY_COLLECTIONS_TEXTS.title}</h1>
        <p>{MY_COLLECTIONS_TEXTS.intro}</p>
        {uid ? (
          <p>
            <Link className="acc-collections__public" to={`/members/${encodeURIComponent(uid)}/collections`}>
              {MY_COLLECTIONS_TEXTS.publicPage}
            </Link>
          </p>
        ) : null}
      </div>
      {uid ? <MyCollectionsList heading={heading} /> : <Spinner label="Checking your sign-in…" />}
      <CreateCollectionForm />
    </section>
  );
}
