import { deleteArtifact, listArtifacts, useApiData } from '@antiquarium/api-client';
import { useAuthStore } from '@antiquarium/auth-store';
import type { Artifact } from '@antiquarium/contracts';
import { confirmDialog, DataView, Pagination, readPage, Spinner, toast, usePagingFocus } from '@antiquarium/ui';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { ArtifactsTable } from './artifacts-table';
import { pageHref } from '../../shared/page-href';
import '../../shared/account.css';

export const MY_ARTIFACTS_TEXTS = {
  title: 'My Artifacts',
  intro: 'The artifacts you have shared with the community. Update their details or remove them.',
  empty: 'No artifacts found. Start by adding some historical treasures!',
  add: 'Add Artifact',
  fetchFailed: 'Failed to fetch artifacts',
  loadFailed: 'Your artifacts could not be loaded.',
  retry: 'Try again',
  confirmTitle: 'Are you sure?',
  confirmText: (name: string) => `“${name}” will be deleted for good. You won't be able to revert this!`,
  confirmButton: 'Yes, delete it!',
  deleted: 'Artifact deleted successfully',
  deleteFailed: 'Failed to delete artifact',
} as const;

/** Rows per page: bounded for users with many artifacts; the api says whether there is a next page. */
export const MY_ARTIFACTS_PAGE_SIZE = 20;

function MyArtifactsList({ email }: { email: string }) {
  const [searchParams] = useSearchParams();
  const page = readPage(searchParams);
  const [removed, setRemoved] = useState<ReadonlySet<string>>(new Set());
  const [deleting, setDeleting] = useState<string | null>(null);
  // After a deletion the member stays here (issue 43), and the focus goes to what changed: the count
  // (or the empty list's message), not to the page's body where the removed row's button was.
  const [deletions, setDeletions] = useState(0);
  const emptied = useRef<HTMLDivElement>(null);

  // Only the caller's own: the api accepts `email` only when it is the signed-in user's.
  const result = useApiData(
    `mine:${email}:${page}`,
    (signal) => listArtifacts({ email, sort: 'latest', page, limit: MY_ARTIFACTS_PAGE_SIZE }, { signal }),
    () => void toast('error', MY_ARTIFACTS_TEXTS.fetchFailed),
  );
  // After Previous or Next, focus goes to the count of the new page's list, as on All Artifacts.
  const paging = usePagingFocus<HTMLParagraphElement>(page, result.status === 'ready');
  const count = paging.target;
  useEffect(() => {
    if (deletions > 0) (count.current ?? emptied.current)?.focus();
  }, [deletions, count]);

  const onDelete = async (artifact: Artifact, trigger: HTMLButtonElement) => {
    if (deleting) return;
    const confirmed = await confirmDialog({
      title: MY_ARTIFACTS_TEXTS.confirmTitle,
      text: MY_ARTIFACTS_TEXTS.confirmText(artifact.name),
      confirmLabel: MY_ARTIFACTS_TEXTS.confirmButton,
      destructive: true,
    });
    if (!confirmed) {
      trigger.focus();
      return;
    }
    setDeleting(artifact._id);
    try {
      const { deletedCount } = await deleteArtifact(artifact._id);
      if (deletedCount > 0) {
        setRemoved((current) => new Set(current).add(artifact._id));
        setDeletions((count) => count + 1);
        void toast('success', MY_ARTIFACTS_TEXTS.deleted);
      } else {
        void toast('error', MY_ARTIFACTS_TEXTS.deleteFailed);
        trigger.focus();
      }
    } catch (error) {
      console.error('Delete failed', error);
      void toast('error', MY_ARTIFACTS_TEXTS.deleteFailed);
      trigger.focus();
    } finally {
      setDeleting(null);
    }
  };

  return (
    <DataView
      result={result}
      loading="Loading your artifacts…"
      failed={MY_ARTIFACTS_TEXTS.loadFailed}
      retry={MY_ARTIFACTS_TEXTS.retry}
      className="acc-message"
    >
      {(data) => {
        const rows = data.items.filter((artifact) => !removed.has(artifact._id));
        const total = Math.max(0, data.total - (data.items.length - rows.length));
        if (rows.length === 0 && page === 1) {
          return (
            <div className="acc-message" ref={emptied} tabIndex={-1}>
              <p>{MY_ARTIFACTS_TEXTS.empty}</p>
              <Link className="aq-button aq-button--primary" to="/add-artifact">
                {MY_ARTIFACTS_TEXTS.add}
              </Link>
            </div>
          );
        }
        return (
          <>
            <p className="acc-count" role="status" ref={count} tabIndex={-1}>
              {total} {total === 1 ? 'artifact' : 'artifacts'}
            </p>
            <ArtifactsTable artifacts={rows} deleting={deleting} onDelete={onDelete} />
            <Pagination
              page={page}
              hrefOf={pageHref}
              total={data.total}
              pageSize={data.pageSize}
              nextPage={data.nextPage}
              onPage={paging.onPage}
            />
          </>
        );
      }}
    </DataView>
  );
}

/** Exposed as 'account/MyArtifacts' (a login-required route in the shell). */
export default function MyArtifactsPage() {
  const email = useAuthStore((state) => state.user?.email ?? null);
  return (
    <section className="aq-container acc-page" aria-labelledby="my-artifacts-title">
      <div className="acc-page__head">
        <h1 id="my-artifacts-title">{MY_ARTIFACTS_TEXTS.title}</h1>
        <p>{MY_ARTIFACTS_TEXTS.intro}</p>
      </div>
      {/* The shell only shows this route to a signed-in user; without an email there is nothing to ask for. */}
      {email ? <MyArtifactsList email={email} /> : <Spinner label="Checking your sign-in…" />}
    </section>
  );
}
