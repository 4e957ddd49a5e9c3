import { loadRuntimeConfig, type RuntimeConfig } from './app/runtime-config';
import { preconnect } from './remotes/first-page';
import { startReleases } from './remotes/release-routing';

// A module-federation shared singleton, so the entry may only import it dynamically; started now, it
// downloads while runtime-config.json is fetched, and is ready when the routing answers.
const contracts = import('@antiquarium/contracts');
contracts.catch(() => undefined);

// Before the async boundary: the runtime config (preloaded by index.html) tells where the remotes
// and the api are. The release routing is asked the moment it is parsed; the remotes are registered
// and the first page's remote code preloaded as soon as it answers (or ROUTING_TIMEOUT_MS passes),
// in parallel with the shell's shared code below. Rendering does not wait for it: remote pages do
// (federation.ts, remoteReady).
const config: Promise<RuntimeConfig> = loadRuntimeConfig().then((loaded) => {
  startReleases(loaded, contracts).catch((error: unknown) => console.error('The remotes could not be registered', error));
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
