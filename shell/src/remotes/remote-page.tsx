import { Spinner } from '@antiquarium/ui';
import { lazy, Suspense, useState, type ComponentType, type LazyExoticComponent } from 'react';
import { loadRemotePage, type RemotePageModule } from './federation';
import { RemoteErrorBoundary } from './remote-error-boundary';

export type PageLoader = (id: string) => Promise<RemotePageModule>;

type LazyPage = LazyExoticComponent<ComponentType>;

// One lazy component per remote page, kept across navigations so a page loads once. React.lazy
// remembers a rejection forever, so Retry must drop the entry and build a new one.
const pages = new Map<string, LazyPage>();

function lazyPage(id: string, load: PageLoader): LazyPage {
  let page = pages.get(id);
  if (!page) {
    page = lazy(() => load(id));
    pages.set(id, page);
  }
  return page;
}

interface RemotePageProps {
  /** e.g. 'catalog/Home' */
  id: string;
  /** Tests pass their own; the site loads through module federation. */
  load?: PageLoader;
}

function RemotePageView({ id, load }: Required<RemotePageProps>) {
  const [, setAttempt] = useState(0);
  const Page = lazyPage(id, load);
  const retry = () => {
    pages.delete(id);
    setAttempt((attempt) => attempt + 1);
  };
  return (
    <RemoteErrorBoundary onRetry={retry}>
      <Suspense fallback={<Spinner label="Loading page…" />}>
        <Page />
      </Suspense>
    </RemoteErrorBoundary>
  );
}

/** A page that lives in a remote, with a spinner while it loads and a retry when it fails. */
export function RemotePage({ id, load = loadRemotePage }: RemotePageProps) {
  // Keyed by id: moving between two remote pages must not carry one page's error to the next.
  return <RemotePageView key={id} id={id} load={load} />;
}
