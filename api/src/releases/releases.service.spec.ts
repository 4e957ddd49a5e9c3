import { RELEASE_HISTORY_LIMIT } from '@antiquarium/contracts';
import type { AppConfig } from '../config/env';
import type { KnownReleases } from './known-releases';
import type { ReleaseLocks } from './release-lock';
import type { ReleaseStatsRepository } from './release-stats.repository';
import type { ReleasesRepository, RouteChange, RouteState } from './releases.repository';
import { ReleasesService } from './releases.service';
import type { RoutingService } from './routing.service';

// The repository stands in as one remote's route in memory with every release published; the
// lock lets each change through (release-lock.spec.ts tests it).
function registry(published: readonly string[]) {
  let route: RouteState = { remote: 'catalog', live: null, liveSince: null, history: [], canary: null, revision: null, updatedAt: null };
  const repository = {
    findRelease: async (_remote: string, version: string) => (published.includes(version) ? { version } : null),
    markServed: async (_remote: string, version: string) => published.includes(version),
    route: async () => ({ ...route, history: [...route.history] }),
    replaceRoute: async (current: RouteState, change: RouteChange, at: Date) => {
      if (current.revision !== route.revision) return false;
      route = { ...route, ...change, revision: (route.revision ?? 0) + 1, updatedAt: at };
      return true;
    },
    addAudit: async () => undefined,
    manifests: async (refs: readonly { remote: string; version: string }[]) => new Map(refs.map(({ remote, version }) => [`${remote}@${version}`, `https://cdn.example/${version}/mf-manifest.json`])),
  } as unknown as ReleasesRepository;
  const locks = { withLock: <T>(_remote: string, work: () => Promise<T>) => work() } as unknown as ReleaseLocks;
  const routing = { invalidate: () => undefined } as unknown as RoutingService;
  const service = new ReleasesService(repository, {} as ReleaseStatsRepository, routing, {} as KnownReleases, locks, {} as AppConfig);
  return { service, route: () => route };
}

const version = (n: number) => `0.1.${n}-0123456789ab`;

describe('ReleasesService: the history a rollback can reach', () => {
  it(`keeps the ${RELEASE_HISTORY_LIMIT} newest earlier live releases, newest first; older ones drop off`, async () => {
    const versions = Array.from({ length: RELEASE_HISTORY_LIMIT + 3 }, (_, index) => version(index + 1));
    const { service, route } = registry(versions);
    for (const [index, next] of versions.entries()) {
      const answer = await service.promote('catalog', { version: next });
      // Until the cap, every earlier live release is kept.
      expect(answer.history).toHaveLength(Math.min(index, RELEASE_HISTORY_LIMIT));
    }
    const last = versions.length - 1;
    expect(route().live).toBe(versions[last]);
    expect(route().history).toEqual(versions.slice(last - RELEASE_HISTORY_LIMIT, last).reverse());
  });

  it('rollback --to-default puts the live release at the head of the history, within the same cap', async () => {
    const versions = Array.from({ length: RELEASE_HISTORY_LIMIT + 2 }, (_, index) => version(index + 1));
    const { service, route } = registry(versions);
    for (const next of versions) await service.promote('catalog', { version: next });
    await service.rollback('catalog', { toDefault: true });
    expect(route().live).toBeNull();
    expect(route().history).toEqual(versions.slice(-RELEASE_HISTORY_LIMIT).reverse());
  });
});
