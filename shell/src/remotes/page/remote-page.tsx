import { Spinner } from '@antiquarium/ui';
import { lazy, Suspense, useEffect, useState, type ComponentType, type LazyExoticComponent } from 'react';
import { ComposedPageHydrated } from '../first-page/composed-frame';
import { loadRemotePage, remoteReady, type RemotePageModule } from '../loading/federation';
import { RemoteErrorBoundary } from './remote-error-boundary';
import { recordRemoteLoad, showRemotePage } from '../telemetry/telemetry';

export type PageLoader = (id: string) => Promise<RemotePageModule>;

type LazyPage = LazyExoticComponent<ComponentType>;

// One lazy component per remote page, kept across navigations so a page loads once. React.lazy
// remembers a rejection forever, so Retry must drop the entry and build a new one.
const pages = new Map<string, LazyPage>();
// Errors that are a page failing to load (reported as such), not the remote's page failing to render.
const loadFailures = new WeakSet<Error>();

function remoteOf(id: string): string {
  return id.slice(0, id.indexOf('/'));
}

function lazyPage(id: string, load: PageLoader, ready?: (remote: string) => Promise<void>): LazyPage {
  let page = pages.get(id);
  if (!page) {
    page = lazy(async () => {
      const remote = remoteOf(id);
      // Not timed: the routing at start-up, or an operator's preview being resolved.
      if (ready) await ready(remote);
      const started = performance.now();
      try {
        const module = await load(id);
        recordRemoteLoad(remote, 'view', performance.now() - started);
        return module;
      } catch (cause) {
        const error = cause instanceof Error ? cause : new Error(String(cause));
        loadFailures.add(error);
        // The registry counts failures per page load: a failed load is a view too (without a time).
        recordRemoteLoad(remote, 'view');
        recordRemoteLoad(remote, 'load-failure');
        throw error;
      }
    });
    pages.set(id, page);
  }
  return page;
}

interface RemotePageProps {
  /** e.g. 'catalog/Home' */
  id: string;
  /** Tests pass their own; the site loads through module federation, once the remote's release is settled. */
  load?: PageLoader;
}

function RemotePageView({ id, load }: RemotePageProps) {
  const [, setAttempt] = useState(0);
  // The telemetry's INP is reported under the remote whose page is on screen.
  useEffect(() => showRemotePage(remoteOf(id)), [id]);
  const Page = load ? lazyPage(id, load) : lazyPage(id, loadRemotePage, remoteReady);
  const retry = () => {
    pages.delete(id);
    setAttempt((attempt) => attempt + 1);
  };
  const reportError = (error: Error) => {
    if (!loadFailures.has(error)) recordRemoteLoad(remoteOf(id), 'render-error');
  };
  return (
    <RemoteErrorBoundary onRetry={retry} onError={reportError} isLoadFailure={(error) => loadFailures.has(error)}>
      {/* A page composed on the server is this boundary's markup: React keeps it on screen,
          dehydrated, until the page's code has arrived and hydrates it (docs/decisions/0011). */}
      <Suspense fallback={<Spinner label="Loading page…" />}>
        <Page />
        <ComposedPageHydrated />
      </Suspense>
    </RemoteErrorBoundary>
  );
}

/** A page that lives in a remote, with a spinner while it loads and a retry when it fails. */
export function RemotePage({ id, load }: RemotePageProps) {
  // Keyed by id: moving between two remote pages must not carry one page's error to the next.
  return <RemotePageView key={id} id={id} load={load} />;
}
