import type { CatalogArtifact } from '../artifacts/artifact-projections';
import type { ArtifactsRepository } from '../artifacts/artifacts.repository';
import type { AppConfig } from '../config/env';
import { ArtifactChanges } from '../artifacts/artifact-changes';
import { CatalogService } from './catalog.service';
import { catalogArtifact } from './catalog.testing';

const artifact = catalogArtifact;

/** A repository whose scan yields the given artifacts, or fails the first `failures` times. */
function repository(docs: CatalogArtifact[], failures = 0) {
  let scans = 0;
  return {
    scans: () => scans,
    repo: {
      scanCatalog: () => ({
        async *[Symbol.asyncIterator]() {
          scans += 1;
          if (scans <= failures) throw new Error('connection timed out');
          yield* docs;
        },
      }),
      clearHomeLists: () => undefined,
    } as unknown as ArtifactsRepository,
  };
}

const config = (overrides: Partial<AppConfig>) => ({ catalogMaxArtifacts: 200_000, catalogRefreshMs: 3_600_000, redisUrl: undefined, changesChannel: 'c', ...overrides }) as AppConfig;

const services: CatalogService[] = [];
afterEach(async () => {
  for (const service of services.splice(0)) await service.onModuleDestroy();
});

function start(repo: ArtifactsRepository, overrides: Partial<AppConfig>): CatalogService {
  const service = new CatalogService(repo, new ArtifactChanges(), config(overrides));
  services.push(service);
  service.onApplicationBootstrap();
  return service;
}

test('a collection within the limit is served from memory', async () => {
  const docs = [artifact('Adze'), artifact('Bowl')];
  const service = start(repository(docs).repo, { catalogMaxArtifacts: 2 });
  await service.settled();
  expect(service.state).toBe('ready');
  expect(service.list({}, 'name', 1, 10)?.items.map((doc) => doc.name)).toEqual(['Adze', 'Bowl']);
  expect(service.get(docs[1]!._id.toHexString())?.name).toBe('Bowl');
});

test('past CATALOG_MAX_ARTIFACTS, counted while reading, the catalog stays off and the database serves', async () => {
  const service = start(repository([artifact('Adze'), artifact('Bowl'), artifact('Cup')]).repo, { catalogMaxArtifacts: 2 });
  await service.settled();
  expect(service.state).toBe('off');
  expect(service.ready).toBe(true);
  expect(service.list({}, 'name', 1, 10)).toBeNull();
});

test('a failed load is tried again within 5 s, not only at the next full re-read (an hour here)', async () => {
  jest.useFakeTimers({ doNotFake: ['setImmediate', 'nextTick'] });
  try {
    const { repo, scans } = repository([artifact('Adze')], 1);
    const service = start(repo, { catalogRefreshMs: 3_600_000 });
    await service.settled();
    expect(service.state).toBe('failed');
    await jest.advanceTimersByTimeAsync(4_900);
    expect(scans()).toBe(1);
    await jest.advanceTimersByTimeAsync(200);
    await service.settled();
    expect(scans()).toBe(2);
    expect(service.state).toBe('ready');
  } finally {
    jest.useRealTimers();
  }
});
