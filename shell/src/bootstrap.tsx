import '@antiquarium/ui/styles.css';
import { configureApiClient } from '@antiquarium/api-client';
import { forgetFirstPageAnswers } from '@antiquarium/api-client/hand-over';
import { useAuthStore } from '@antiquarium/auth-store';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { routes } from './app/routes';
import type { RuntimeConfig } from './config/runtime-config';
import { nextTask } from './app/next-task';
import { StartUpError } from './app/start-up-error';
import { isComposed } from './remotes/first-page/composed-frame';
import { startTelemetry } from './remotes/telemetry/telemetry';

/** A part of a composed page React rendered again instead of hydrating it (not a visitor's error). */
function reportRecoverableError(error: unknown): void {
  console.warn('Antiquarium: the composed page was rendered again in the browser:', error);
}

/** Renders the site once the runtime config (loaded and applied by index.ts) is in. */
export async function start(configLoad: Promise<RuntimeConfig>) {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');

  // The modules above were evaluated in the task that brought the last of them: what follows
  // (the router, the first render's scheduling) runs in a task of its own.
  await nextTask();
  let config: RuntimeConfig;
  try {
    config = await configLoad;
  } catch (error) {
    console.error(error);
    createRoot(container).render(<StartUpError />);
    return;
  }

  configureApiClient({ baseUrl: config.apiUrl, getToken: () => useAuthStore.getState().getIdToken() });
  startTelemetry(config.apiUrl, config.telemetrySampleRate);

  const router = createBrowserRouter(routes);
  // The answers a first page was handed (by the document or the entry's early calls) are for that
  // page only: once the visit moves on, a page asks the api afresh.
  const first = router.state.location;
  const unsubscribe = router.subscribe((state) => {
    if (state.location.pathname === first.pathname && state.location.search === first.search) return;
    forgetFirstPageAnswers();
    unsubscribe();
  });
  // A static page's code (a lazy route) is in before the first render: the router would finish
  // loading it while React renders in a transition, before RouterProvider has subscribed, and that
  // update was lost (the page stayed on its spinner).
  if (!router.state.initialized) {
    await new Promise<void>((resolve) => {
      const stop = router.subscribe((state) => {
        if (!state.initialized) return;
        stop();
        resolve();
      });
    });
  }
  const app = (
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>
  );
  // A transition: React renders (or hydrates) the first screen in slices that yield to the browser
  // (a slow phone's main thread is never held for the whole tree; Lighthouse counts such holds as TBT).
  startTransition(() => {
    if (isComposed(container)) {
      // The page composed on the server (docs/decisions/0011): React takes over the nodes on screen
      // instead of building them again. Should a part not match (a canary's page, say), React renders
      // that part afresh, and the visitor sees the same page.
      hydrateRoot(container, app, { onRecoverableError: reportRecoverableError });
    } else {
      createRoot(container).render(app);
    }
  });

  // The Firebase SDK is the biggest download of a first visit and nothing needs it to paint: start
  // it once the first frame is on screen (the top bar shows a placeholder until it answers).
  const { firebase, authEmulatorUrl } = config;
  requestAnimationFrame(() => {
    setTimeout(() => {
      useAuthStore.getState().init({ firebase, authEmulatorUrl }).catch((error: unknown) => {
        console.error('Sign-in is unavailable', error);
      });
    }, 0);
  });
}

