import { ApiRequestError, documentCollection, getCollection, useApiData } from '@antiquarium/api-client';
import { useAuthStore } from '@antiquarium/auth-store';
import { NotFound, Spinner } from '@antiquarium/ui';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useParams } from 'react-router-dom';
import type { CollectionData } from './collection-data';
import { CollectionView } from './collection-view';
import '../../shared/catalog.css';

export const COLLECTION_PAGE_TEXTS = {
  loading: 'Loading collection…',
  loadFailed: 'This collection could not be loaded',
  loadFailedText: 'Please check your connection and try again.',
  retry: 'Try again',
  editorLoading: 'Loading your editing tools…',
} as const;

// The owner's tools load only for the owner: a visitor's page carries none of their code.
const CollectionEditor = lazy(() => import('./collection-editor'));

function OwnerCollection({ initial }: { initial: CollectionData }) {
  // The header follows what the owner saved (a new title, visibility) without asking again.
  const [collection, setCollection] = useState(initial);
  return (
    <CollectionView
      collection={collection}
      editor={
        <Suspense fallback={<Spinner label={COLLECTION_PAGE_TEXTS.editorLoading} />}>
          <CollectionEditor collection={collection} onSaved={setCollection} />
        </Suspense>
      }
    />
  );
}

function LoadedCollection({ id, uid, initial }: { id: string; uid: string | null; initial?: CollectionData }) {
  // Keyed by the reader too: the owner's answer holds what a visitor's does not, so a member's read
  // is their own (asOwner), never the one the document or the shell got without credentials.
  const result = useApiData(
    `collection:${id}:${uid ?? ''}`,
    (signal) => getCollection(id, { signal, asOwner: uid !== null }),
    undefined,
    () => initial,
  );
  if (result.status === 'loading') return <Spinner label={COLLECTION_PAGE_TEXTS.loading} />;
  if (result.status === 'error') {
    // A private collection is "not found" for anyone but its owner (the api says 404 to them).
    if (result.error instanceof ApiRequestError && result.error.status === 404) return <NotFound />;
    return (
      <div className="aq-container cat-collection">
        <h1>{COLLECTION_PAGE_TEXTS.loadFailed}</h1>
        <p className="cat-message">{COLLECTION_PAGE_TEXTS.loadFailedText}</p>
        <button type="button" className="aq-button aq-button--primary" onClick={result.retry}>
          {COLLECTION_PAGE_TEXTS.retry}
        </button>
      </div>
    );
  }
  if (uid !== null && uid === result.data.ownerUid) return <OwnerCollection key={result.data.id} initial={result.data} />;
  return <CollectionView collection={result.data} />;
}

/** Exposed as 'catalog/Collection': anyone may open a public collection; its owner edits it here. */
export default function CollectionPage() {
  const { id = '' } = useParams();
  const loading = useAuthStore((state) => state.loading);
  const uid = useAuthStore((state) => state.user?.uid ?? null);
  // A public collection composed on the server (docs/decisions/0010) brought a visitor's answer:
  // the first render shows it, as the document does, while the sign-in is still being read.
  const brought = useMemo(() => documentCollection(id), [id]);
  // Otherwise asked once the sign-in is known: the owner's own private collection needs their token.
  if (loading && !brought) return <Spinner label={COLLECTION_PAGE_TEXTS.loading} />;
  const reader = loading ? null : uid;
  // What a visitor reads is what any member but the owner reads: only the owner asks again.
  const initial = brought && brought.ownerUid !== reader ? brought : undefined;
  return <LoadedCollection key={`${id}:${reader ?? ''}`} id={id} uid={reader} initial={initial} />;
}
