import { loadRuntimeConfig, type RuntimeConfig } from './app/runtime-config';
import { registerSiteRemotes } from './remotes/federation';
import { preconnect, preloadFirstPage } from './remotes/first-page';

// Before the async boundary: the runtime config (preloaded by index.html) tells where the remotes
// and the api are, so the first page's remote code and the api's connection start now, in parallel
// with the shell's shared code below.
const config: Promise<RuntimeConfig> = loadRuntimeConfig().then((loaded) => {
  registerSiteRemotes(loaded.remotes);
  preloadFirstPage(window.location.pathname);
  preconnect(loaded.apiUrl);
  return loaded;
});
// Keeps an early failure from being reported as unhandled; bootstrap shows it on screen.
config.catch(() => undefined);

// The async boundary module federation needs: shared singletons (react, the auth store, ...) are
// negotiated while this import loads, before any of them is used.
import('./bootstrap')
  .then(({ start }) => start(config))
  .catch((error: unknown) => {
    console.error('Antiquarium failed to start', error);
  });
