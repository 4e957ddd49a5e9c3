import '@antiquarium/ui/styles.css';
import { configureApiClient } from '@antiquarium/api-client';
import { useAuthStore } from '@antiquarium/auth-store';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { routes } from './app/routes';
import { loadRuntimeConfig, type RuntimeConfig } from './app/runtime-config';
import { StartUpError } from './app/start-up-error';
import { registerSiteRemotes } from './remotes/federation';

/**
 * Opens the api's connections while the remote's code downloads: its first list call and its
 * images are what the first page waits for. Two pools: fetch() is CORS without credentials, images
 * are not.
 */
function preconnect(url: string) {
  const origin = new URL(url, window.location.href).origin;
  if (origin === window.location.origin) return;
  for (const crossOrigin of ['anonymous', null]) {
    const link = document.createElement('link');
    link.rel = 'preconnect';
    link.href = origin;
    if (crossOrigin) link.crossOrigin = crossOrigin;
    document.head.append(link);
  }
}

async function start() {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  const root = createRoot(container);

  let config: RuntimeConfig;
  try {
    config = await loadRuntimeConfig();
  } catch (error) {
    console.error(error);
    root.render(<StartUpError />);
    return;
  }

  preconnect(config.apiUrl);
  registerSiteRemotes(config.remotes);
  configureApiClient({ baseUrl: config.apiUrl, getToken: () => useAuthStore.getState().getIdToken() });

  const router = createBrowserRouter(routes);
  root.render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );

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

void start();
