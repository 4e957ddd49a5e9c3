// The first paint's style sheets, linked from index.html (the shell's server inlines them): a page
// composed on the server (docs/decisions/0010) paints with them before any script has run.
import '@antiquarium/ui/styles.css';
import './layout/layout.css';
import { answersInDocument, startFirstPageCalls } from '@antiquarium/api-client/hand-over';
import { TELEMETRY_TICKET_HEADER, chooseRelease, isReleaseRemote } from '@antiquarium/contracts/releases';
import { nextTask } from './app/next-task';
import { loadRuntimeConfig, type RuntimeConfig } from './config/runtime-config';
import { preconnect } from './remotes/first-page/first-page-preload';
import { startReleases, type ReleaseContracts } from './remotes/releases/release-routing';

// What release resolution needs of the contracts, bundled into the entry (the subpath shares
// nothing): the package itself is a module-federation shared singleton, which the entry could only
// import as a chunk of its own, and the first manifest waited ~380 ms for it.
const contracts: ReleaseContracts = { chooseRelease, isReleaseRemote, TELEMETRY_TICKET_HEADER };

// Before the async boundary: the runtime config (preloaded by index.html) tells where the remotes
// and the api are. The release routing is asked the moment it is parsed; the remotes are registered
// and the first page's remote code preloaded as soon as it answers (or ROUTING_TIMEOUT_MS passes),
// in parallel with the shell's shared code below. Rendering does not wait for it: remote pages do
// (federation.ts, remoteReady).
// The first page's api calls start here too, in parallel with every download that follows: the
// catalog's page takes their answers when its code has arrived (api-client's hand-over). A page
// composed on the server brought its answers in the document: those calls are not made at all.
const config: Promise<RuntimeConfig> = loadRuntimeConfig().then((loaded) => {
  startFirstPageCalls(loaded.apiUrl, window.location, undefined, answersInDocument());
  startReleases(loaded, contracts).catch((error: unknown) => console.error('The remotes could not be registered', error));
  preconnect(loaded.apiUrl);
  return loaded;
});
// Keeps an early failure from being reported as unhandled; bootstrap shows it on screen.
config.catch(() => undefined);

// The async boundary module federation needs: shared singletons (react, the auth store, ...) are
// negotiated while this import loads, before any of them is used. In a task after this script's
// (nextTask): the negotiation's chain of promises would otherwise run in the same long task, and a
// key pressed meanwhile would wait for both.
nextTask()
  .then(() => import('./bootstrap'))
  .then(({ start }) => start(config))
  .catch((error: unknown) => {
    console.error('Antiquarium failed to start', error);
  });
