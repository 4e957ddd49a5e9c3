import { Spinner } from '@antiquarium/ui';
import { useEffect, type ReactNode } from 'react';
import { Outlet, ScrollRestoration, useMatches, useNavigation } from 'react-router-dom';
import { useComposedLayoutHydrated } from '../remotes/first-page/composed-frame';
import { useFocusRescue } from './focus-rescue';
import { useFocusAfterNavigation } from './route-focus';
import { SiteFooter } from './site-footer';
import { TopBar } from './top-bar';
import './layout.css';

function useDocumentTitle() {
  const matches = useMatches();
  const handle = matches[matches.length - 1]?.handle as { title?: string } | undefined;
  useEffect(() => {
    document.title = handle?.title ? `${handle.title} | Antiquarium` : 'Antiquarium';
  }, [handle?.title]);
}

/**
 * The site's frame around a page: rendered by the browser (RootLayout) and by the shell's server
 * around a composed first page (docs/decisions/0010), so both give the same markup: the browser
 * hydrates the server's (0011). Whatever RootLayout adds must render no markup of its own.
 */
export function LayoutFrame({ children }: { children: ReactNode }) {
  return (
    <div className="aq-layout">
      <a className="aq-skip-link" href="#main-content">
        Skip to main content
      </a>
      <TopBar />
      <main id="main-content" className="aq-main" tabIndex={-1}>
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}

export function RootLayout() {
  const navigation = useNavigation();
  useDocumentTitle();
  useComposedLayoutHydrated();
  useFocusAfterNavigation();
  useFocusRescue();
  return (
    <>
      <LayoutFrame>{navigation.state === 'loading' ? <Spinner label="Loading page…" /> : <Outlet />}</LayoutFrame>
      <ScrollRestoration />
    </>
  );
}
