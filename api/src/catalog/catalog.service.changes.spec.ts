import { EventEmitter } from 'node:events';
import { Types } from 'mongoose';
import { nameSortKey } from '@antiquarium/contracts';
import type { ArtifactsRepository, CatalogArtifact } from '../artifacts/artifacts.repository';
import type { AppConfig } from '../config/env';
import { ArtifactChanges } from './artifact-changes';
import { CatalogService } from './catalog.service';

// Redis stands in as connections that emit what ioredis emits (ready, end, message) when the test
// says so; the database as a scan and a lookup the test controls.
jest.mock('ioredis', () => {
  class FakeRedis extends (jest.requireActual('node:events') as typeof import('node:events')).EventEmitter {
    static made: FakeRedis[] = [];
    constructor() {
      super();
      FakeRedis.made.push(this);
    }
    subscribe = jest.fn(async () => 1);
    publish = jest.fn(async () => 0);
    quit = jest.fn(async () => 'OK');
  }
  return { __esModule: true, default: FakeRedis };
});

const redisConnections = (): EventEmitter[] => (jest.requireMock('ioredis') as { default: { made: EventEmitter[] } }).default.made;

function artifact(name: string): CatalogArtifact {
  return {
    _id: new Types.ObjectId(),
    name,
    type: 'Tools',
    context: 'c',
    shortDescription: 's',
    createdAt: '1500',
    discoveredAt: '1900',
    discoveredBy: 'someone',
    location: 'London',
    adderName: 'Ada',
    adderEmail: 'ada@example.org',
    adderUid: 'u1',
    likes: 0,
    addedAt: new Date(),
    nameLower: nameSortKey(name),
    yearStart: 1500,
    yearEnd: 1500,
    place: 'United Kingdom',
  } as unknown as CatalogArtifact;
}

/**
 * A database: `collection` is what a scan reads (a scan may be held after its first document by
 * `hold`), `lookups` what the catalog asked by id; `failLookups` makes the lookups fail.
 */
function database(collection: CatalogArtifact[]) {
  let scans = 0;
  let held: Promise<void> | null = null;
  let failLookups = false;
  const lookups: string[][] = [];
  const repo = {
    scanCatalog: () => ({
      async *[Symbol.asyncIterator]() {
        scans += 1;
        const snapshot = [...collection];
        for (const [position, doc] of snapshot.entries()) {
          yield doc;
          if (position === 0 && held) await held;
        }
      },
    }),
    findForCatalog: async (selector: { ids: readonly string[] }) => {
      lookups.push([...selector.ids]);
      if (failLookups) throw new Error('connection timed out');
      return collection.filter((doc) => selector.ids.includes(doc._id.toHexString()));
    },
    clearHomeLists: () => undefined,
  } as unknown as ArtifactsRepository;
  return {
    repo,
    scans: () => scans,
    lookups,
    hold: () => {
      let release = () => undefined as void;
      held = new Promise<void>((resolve) => (release = resolve));
      return () => {
        held = null;
        release();
      };
    },
    failLookups: (fail: boolean) => (failLookups = fail),
  };
}

const config = (overrides: Partial<AppConfig>) => ({ catalogMaxArtifacts: 200_000, catalogRefreshMs: 3_600_000, redisUrl: undefined, changesChannel: 'c', ...overrides }) as AppConfig;

const services: CatalogService[] = [];
afterEach(async () => {
  for (const service of services.splice(0)) await service.onModuleDestroy();
  redisConnections().splice(0);
  jest.useRealTimers();
});

function start(repo: ArtifactsRepository, changes: ArtifactChanges, overrides: Partial<AppConfig> = {}): CatalogService {
  const service = new CatalogService(repo, changes, config(overrides));
  services.push(service);
  service.onApplicationBootstrap();
  return service;
}

/** Lets the promise callbacks queued by an emitted event run (no time passes). */
const settle = () => new Promise((resolve) => setImmediate(resolve));

test('a change heard while the first scan runs is applied once it ends: an artifact written behind the scan is served', async () => {
  const first = artifact('Adze');
  const collection = [first, artifact('Bowl')];
  const db = database(collection);
  const release = db.hold();
  const changes = new ArtifactChanges();
  const service = start(db.repo, changes);
  await settle();
  expect(service.state).toBe('loading');
  // Written (and heard) while the scan is past it: the scan's snapshot does not have it.
  const written = artifact('Cup');
  collection.push(written);
  await changes.emit({ ids: [written._id.toHexString()] }, 'elsewhere');
  release();
  await service.settled();
  expect(service.state).toBe('ready');
  expect(service.get(written._id.toHexString())?.name).toBe('Cup');
  expect(service.list({}, 'name', 1, 10)?.items.map((doc) => doc.name)).toEqual(['Adze', 'Bowl', 'Cup']);
});

test('after Redis subscribes again (writes of other instances may have been missed), the whole collection is read again', async () => {
  const db = database([artifact('Adze')]);
  const service = start(db.repo, new ArtifactChanges(), { redisUrl: 'redis://cache.internal:6379' });
  await service.settled();
  const [, subscriber] = redisConnections();
  if (!subscriber) throw new Error('no subscriber connection was made');
  // The first subscription: what was written before it is re-read once.
  subscriber.emit('ready');
  await settle();
  await service.settled();
  expect(db.scans()).toBe(2);
  // Subscribed: a ready without a loss in between changes nothing.
  subscriber.emit('ready');
  await settle();
  await service.settled();
  expect(db.scans()).toBe(2);
  // The connection ends and comes back: everything is read again.
  subscriber.emit('end');
  subscriber.emit('ready');
  await settle();
  await service.settled();
  expect(db.scans()).toBe(3);
  expect(service.state).toBe('ready');
});

test('a refresh that cannot read the database makes the next tick read the whole collection, even while subscribed', async () => {
  jest.useFakeTimers({ doNotFake: ['setImmediate', 'nextTick'] });
  const adze = artifact('Adze');
  const db = database([adze]);
  const changes = new ArtifactChanges();
  const service = start(db.repo, changes, { redisUrl: 'redis://cache.internal:6379', catalogRefreshMs: 1000 });
  await service.settled();
  const [, subscriber] = redisConnections();
  subscriber?.emit('ready');
  await settle();
  await service.settled();
  const scans = db.scans();
  // Subscribed: the timer re-reads nothing.
  await jest.advanceTimersByTimeAsync(3000);
  expect(db.scans()).toBe(scans);
  db.failLookups(true);
  await changes.emit({ ids: [adze._id.toHexString()] }, 'elsewhere');
  expect(db.lookups).toHaveLength(1);
  db.failLookups(false);
  await jest.advanceTimersByTimeAsync(1000);
  await service.settled();
  expect(db.scans()).toBe(scans + 1);
});
