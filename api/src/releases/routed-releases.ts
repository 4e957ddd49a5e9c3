import type { CanaryRef, ReleaseRef, ReleaseRemote } from '@antiquarium/contracts';
import type { RouteState } from './releases.repository';

// A route's live release and canary as the routing names them (RoutingService's GET
// /releases/routing, ReleasesService's answer to a promote or a rollback): the one place that
// builds that shape (issue 30).

/** The releases a route names (its live release, its canary), as ReleasesRepository.manifests takes them. */
export function namedReleases({ remote, live, canary }: Pick<RouteState, 'remote' | 'live' | 'canary'>): { remote: ReleaseRemote; version: string }[] {
  return [...(live ? [{ remote, version: live }] : []), ...(canary ? [{ remote, version: canary.version }] : [])];
}

/**
 * The route's live release and canary with their manifests (`manifests`: ReleasesRepository.manifests'
 * answer, by `remote@version`): one that is no longer published is left out.
 */
export function routedReleases(
  { remote, live, canary }: Pick<RouteState, 'remote' | 'live' | 'canary'>,
  manifests: ReadonlyMap<string, string>,
): { live?: ReleaseRef; canary?: CanaryRef } {
  const liveUrl = live ? manifests.get(`${remote}@${live}`) : undefined;
  const canaryUrl = canary ? manifests.get(`${remote}@${canary.version}`) : undefined;
  return {
    ...(live && liveUrl !== undefined ? { live: { version: live, manifestUrl: liveUrl } } : {}),
    ...(canary && canaryUrl !== undefined ? { canary: { version: canary.version, manifestUrl: canaryUrl, percent: canary.percent } } : {}),
  };
}
