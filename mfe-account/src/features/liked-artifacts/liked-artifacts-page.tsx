import { likedArtifacts, useApiData } from '@antiquarium/api-client';
import { DataView, gridImagePriority, Pagination, readPage, toast, usePagingFocus } from '@antiquarium/ui';
import { Link, useSearchParams } from 'react-router-dom';
import { LikedArtifactCard } from './liked-artifact-card';
import { pageHref } from '../../shared/page-href';
import '../../shared/account.css';

export const LIKED_TEXTS = {
  title: 'Liked Artifacts',
  intro: 'The artifacts you liked, the most recent first.',
  empty: "You haven't liked any artifacts yet.",
  browse: 'Browse All Artifacts',
  fetchFailed: 'Could not fetch liked artifacts.',
  loadFailed: 'Your liked artifacts could not be loaded.',
  retry: 'Try again',
} as const;

/** Cards per page (fills rows of 1, 2 or 3 columns). */
export const LIKED_PAGE_SIZE = 24;

/** Exposed as 'account/LikedArtifacts' (a login-required route in the shell). */
export default function LikedArtifactsPage() {
  const [searchParams] = useSearchParams();
  const page = readPage(searchParams);
  const result = useApiData(
    `liked:${page}`,
    (signal) => likedArtifacts({ page, limit: LIKED_PAGE_SIZE }, { signal }),
    () => void toast('error', LIKED_TEXTS.fetchFailed),
  );
  // After Previous or Next, focus goes to the list's heading once the new page is shown.
  const paging = usePagingFocus<HTMLHeadingElement>(page, result.status === 'ready');

  const content = (
    <DataView result={result} loading="Loading liked artifacts…" failed={LIKED_TEXTS.loadFailed} retry={LIKED_TEXTS.retry} className="acc-message">
      {(data) =>
        data.items.length === 0 && page === 1 ? (
          <div className="acc-message">
            <p>{LIKED_TEXTS.empty}</p>
            <Link className="aq-button aq-button--primary" to="/all-artifacts">
              {LIKED_TEXTS.browse}
            </Link>
          </div>
        ) : (
          <>
            <ul className="aq-grid">
              {data.items.map((artifact, index) => (
                <li key={artifact._id}>
                  <LikedArtifactCard artifact={artifact} imagePriority={gridImagePriority(index)} />
                </li>
              ))}
            </ul>
            <Pagination
              page={page}
              hrefOf={pageHref}
              total={data.total}
              pageSize={data.pageSize}
              nextPage={data.nextPage}
              onPage={paging.onPage}
            />
          </>
        )
      }
    </DataView>
  );

  return (
    <section className="aq-container acc-page" aria-labelledby="liked-title">
      <div className="acc-page__head">
        <h1 id="liked-title" ref={paging.target}>{LIKED_TEXTS.title}</h1>
        <p>{LIKED_TEXTS.intro}</p>
      </div>
      {content}
    </section>
  );
}
