import { EventEmitter } from 'node:events';
import { nameSortKey } from '@antiquarium/contracts';
import type { CatalogArtifact } from '../artifacts/artifact-projections';
import type { ArtifactsRepository } from '../artifacts/artifacts.repository';
import type { AppConfig } from '../config/env';
import { ArtifactChanges } from '../artifacts/artifact-changes';
import { CatalogService } from './catalog.service';
import { catalogArtifact } from './catalog.testing';
import type { ChangeLogStore } from './change-log';
import { memoryLog } from './memory-change-log.testing';

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

const artifact = catalogArtifact;

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

function start(repo: ArtifactsRepository, changes: ArtifactChanges, overrides: Partial<AppConfig> = {}, log?: ChangeLogStore): CatalogService {
  const service = new CatalogService(repo, changes, config(overrides), log);
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

describe('the change log (instances without Redis)', () => {
  const names = (service: CatalogService) => service.list({}, 'name', 1, 10)?.items.map((doc) => doc.name);

  test('another instance’s create, update, delete and moderation hide are read from the log at the next tick, without re-reading the collection; the full reload comes at its own interval', async () => {
    jest.useFakeTimers({ doNotFake: ['setImmediate', 'nextTick'] });
    const [adze, bowl, cup] = [artifact('Adze'), artifact('Bowl'), artifact('Cup')];
    const collection = [adze!, bowl!, cup!];
    const db = database(collection);
    const log = memoryLog();
    const timing = { catalogRefreshMs: 1000, catalogFullReloadMs: 600_000 };
    const writerChanges = new ArtifactChanges();
    const writer = start(db.repo, writerChanges, timing, log.store);
    const reader = start(db.repo, new ArtifactChanges(), timing, log.store);
    await Promise.all([writer.settled(), reader.settled()]);
    expect(db.scans()).toBe(2);
    // Written on the first instance: a new artifact, a renamed one, a deleted one, a restricted one.
    const dish = artifact('Dish');
    collection.push(dish);
    collection[1] = { ...bowl!, name: 'Basin', nameLower: nameSortKey('Basin') } as CatalogArtifact;
    collection.splice(2, 1);
    collection[0] = { ...adze!, moderation: 'restricted' } as unknown as CatalogArtifact;
    for (const doc of [dish, bowl!, cup!, adze!]) await writerChanges.emit({ ids: [doc._id.toHexString()] });
    expect(names(writer)).toEqual(['Basin', 'Dish']);
    expect(log.entries).toHaveLength(4);
    expect(names(reader)).toEqual(['Adze', 'Bowl', 'Cup']);
    const lookups = db.lookups.length;
    await jest.advanceTimersByTimeAsync(1000);
    expect(names(reader)).toEqual(['Basin', 'Dish']);
    // The reader re-read the four it was told of; the writer re-read nothing of its own.
    expect(db.lookups.slice(lookups)).toEqual([dish, bowl, cup, adze].map((doc) => [doc!._id.toHexString()]));
    await jest.advanceTimersByTimeAsync(5000);
    expect(db.lookups).toHaveLength(lookups + 4);
    expect(db.scans()).toBe(2);
    // The safety net: the whole collection, at its own interval.
    await jest.advanceTimersByTimeAsync(600_000);
    await Promise.all([writer.settled(), reader.settled()]);
    expect(db.scans()).toBe(4);
  });

  test('a change whose re-read fails is read from the log again at the next tick', async () => {
    jest.useFakeTimers({ doNotFake: ['setImmediate', 'nextTick'] });
    const collection = [artifact('Adze')];
    const db = database(collection);
    const log = memoryLog();
    const writerChanges = new ArtifactChanges();
    const writer = start(db.repo, writerChanges, { catalogRefreshMs: 1000 }, log.store);
    const reader = start(db.repo, new ArtifactChanges(), { catalogRefreshMs: 1000 }, log.store);
    await Promise.all([writer.settled(), reader.settled()]);
    const bowl = artifact('Bowl');
    collection.push(bowl);
    await writerChanges.emit({ ids: [bowl._id.toHexString()] });
    db.failLookups(true);
    await jest.advanceTimersByTimeAsync(1000);
    expect(names(reader)).toEqual(['Adze']);
    db.failLookups(false);
    await jest.advanceTimersByTimeAsync(1000);
    expect(names(reader)).toEqual(['Adze', 'Bowl']);
    expect(db.scans()).toBe(2);
  });

  test('while subscribed to Redis the log is not read', async () => {
    jest.useFakeTimers({ doNotFake: ['setImmediate', 'nextTick'] });
    const db = database([artifact('Adze')]);
    const log = memoryLog();
    const since = jest.spyOn(log.store, 'since');
    const service = start(db.repo, new ArtifactChanges(), { redisUrl: 'redis://cache.internal:6379', catalogRefreshMs: 1000 }, log.store);
    await service.settled();
    const [, subscriber] = redisConnections();
    subscriber?.emit('ready');
    await settle();
    await service.settled();
    await jest.advanceTimersByTimeAsync(3000);
    expect(since).not.toHaveBeenCalled();
    subscriber?.emit('end');
    await jest.advanceTimersByTimeAsync(1000);
    expect(since).toHaveBeenCalledTimes(1);
  });
});
