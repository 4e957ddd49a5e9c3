import { preloadRemote } from '@module-federation/enhanced/runtime';
import { firstPageOf } from '@antiquarium/contracts/first-page';
import type { RemoteName } from '../../config/remote-names';

/**
 * Starts downloading the first page's remote code (its manifest, remoteEntry and the page's chunks,
 * in parallel) as soon as the remotes are known, while the shell's own shared code still loads:
 * otherwise it would wait for React and the router to download and run first. `skip`: remotes whose
 * release may still change (an operator's preview being resolved).
 */
export function preloadFirstPage(pathname: string, skip: ReadonlySet<RemoteName> = new Set()): void {
  const page = firstPageOf(pathname);
  if (!page || skip.has(page.remote)) return;
  preloadRemote([{ nameOrAlias: page.remote, exposes: [page.expose], resourceCategory: 'sync' }]).catch((error: unknown) => {
    // Not fatal: the page's own load reports the failure (with Retry).
    console.warn(`Could not preload ${page.remote}/${page.expose.slice(2)}`, error);
  });
}

/**
 * Opens the api's connections while code downloads: the first page's data and images come from it.
 * Two pools: fetch() is CORS without credentials, images are not.
 */
export function preconnect(url: string): void {
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
