import { memberCollections, useApiData } from '@antiquarium/api-client';
import { collectionPagePath, type CollectionSummary } from '@antiquarium/contracts';
import { ArtifactImage, DataView, Pagination, readPage, usePagingFocus } from '@antiquarium/ui';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { ownerName } from './collection-data';
import { COLLECTION_TEXTS } from './collection-view';
import '../../shared/catalog.css';
import '../../shared/collection.css';

export const MEMBER_COLLECTIONS_TEXTS = {
  title: (name: string | null) => (name ? `Collections by ${name}` : 'Collections'),
  intro: 'The public collections of this member, last changed first.',
  empty: 'This member has no public collections yet.',
  loading: 'Loading collections…',
  loadFailed: 'These collections could not be loaded.',
  retry: 'Try again',
} as const;

export const MEMBER_COLLECTIONS_PAGE_SIZE = 24;

const COVER_SIZES = '(min-width: 1200px) 380px, (min-width: 600px) 50vw, 100vw';

function CollectionCard({ collection }: { collection: CollectionSummary }) {
  return (
    <li className="aq-card">
      <div className="aq-card__media">
        {collection.coverImage ? (
          <ArtifactImage src={collection.coverImage} alt="" width={960} height={720} sizes={COVER_SIZES} />
        ) : null}
      </div>
      <div className="aq-card__body">
        <h2 className="aq-card__title">
          <Link className="aq-card__link" to={collectionPagePath(collection.id)}>
            {collection.title}
          </Link>
        </h2>
        {collection.description ? <p className="aq-card__desc aq-card__desc--2">{collection.description}</p> : null}
        <p className="cat-collection__meta">{COLLECTION_TEXTS.items(collection.itemCount)}</p>
      </div>
    </li>
  );
}

/** Exposed as 'catalog/MemberCollections': a member's public collections, for anyone. */
export default function MemberCollectionsPage() {
  const { uid = '' } = useParams();
  const [searchParams] = useSearchParams();
  const page = readPage(searchParams);
  const result = useApiData(`member-collections:${uid}:${page}`, (signal) =>
    memberCollections(uid, { page, limit: MEMBER_COLLECTIONS_PAGE_SIZE }, { signal }),
  );
  // After Previous or Next, focus goes to the list's heading once the new page is shown.
  const paging = usePagingFocus<HTMLHeadingElement>(page, result.status === 'ready');
  const first = result.status === 'ready' ? result.data.items[0] : undefined;
  const name = first ? ownerName(first) : null;

  return (
    <section className="aq-container cat-collection" aria-labelledby="member-collections-title">
      <div className="cat-collection__head">
        <h1 id="member-collections-title" ref={paging.target}>{MEMBER_COLLECTIONS_TEXTS.title(name)}</h1>
        <p>{MEMBER_COLLECTIONS_TEXTS.intro}</p>
      </div>
      <DataView result={result} loading={MEMBER_COLLECTIONS_TEXTS.loading} failed={MEMBER_COLLECTIONS_TEXTS.loadFailed} retry={MEMBER_COLLECTIONS_TEXTS.retry} className="cat-message">
        {(data) =>
          data.items.length === 0 ? (
            <p className="cat-message">{MEMBER_COLLECTIONS_TEXTS.empty}</p>
          ) : (
            <>
              <ul className="cat-collection__list">
                {data.items.map((collection) => (
                  <CollectionCard key={collection.id} collection={collection} />
                ))}
              </ul>
              <Pagination
                page={page}
                hrefOf={(next) => ({ search: next > 1 ? `?page=${next}` : '' })}
                total={data.total}
                pageSize={data.pageSize}
                nextPage={data.nextPage}
                onPage={paging.onPage}
              />
            </>
          )
        }
      </DataView>
    </section>
  );
}
