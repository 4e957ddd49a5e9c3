import { createHash, randomBytes } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { Types } from 'mongoose';
import type { CatalogArtifact } from '../artifacts/artifact-projections';
import type { ArtifactsRepository } from '../artifacts/artifacts.repository';
import type { AppConfig } from '../config/env';
import { ArtifactChanges } from '../artifacts/artifact-changes';
import { CatalogService } from './catalog.service';
import { catalogArtifact } from './catalog.testing';
import { SNAPSHOT_CHUNK_BYTES, SNAPSHOT_FORMAT, SnapshotError, SnapshotStore, decodeSnapshot, readSnapshot, writeSnapshotIfDue, type SnapshotMeta } from './catalog-snapshot';
import { memoryLog } from './memory-change-log.testing';

const artifact = catalogArtifact;

/** The database's snapshot collections as a map: what CatalogSnapshots stores, kept in memory. */
class MemorySnapshots extends SnapshotStore {
  meta: SnapshotMeta | null = null;
  stored = new Map<string, Buffer[]>();
  writes = 0;
  async current() {
    return this.meta ? { ...this.meta } : null;
  }
  async chunks(meta: SnapshotMeta) {
    return [...(this.stored.get(meta.snapshot) ?? [])];
  }
  async write(meta: SnapshotMeta, chunks: readonly Buffer[]) {
    this.writes += 1;
    this.stored = new Map([[meta.snapshot, [...chunks]]]);
    this.meta = meta;
  }
}

async function decodeAll(meta: SnapshotMeta, chunks: Buffer[]): Promise<CatalogArtifact[]> {
  const docs: CatalogArtifact[] = [];
  for await (const batch of decodeSnapshot(meta, chunks)) docs.push(...batch);
  return docs;
}

async function written(docs: CatalogArtifact[], at = Date.now()): Promise<MemorySnapshots> {
  const store = new MemorySnapshots();
  await writeSnapshotIfDue(store, docs, { every: 60_000, position: at, loadedAt: at - 1000 });
  return store;
}

describe('the snapshot format', () => {
  test('a round trip gives back every document with its id and date as the database gives them', async () => {
    const docs = [artifact('Adze', { likes: 3, moderationDecisionId: undefined }), artifact('Bowl', { yearStart: null, yearEnd: null, place: 'Égypte' }), artifact('Cup ✓')];
    const store = await written(docs);
    const back = await decodeAll(store.meta!, await store.chunks(store.meta!));
    expect(back).toEqual(docs);
    expect(back[0]!._id).toBeInstanceOf(Types.ObjectId);
    expect(back[0]!.addedAt).toBeInstanceOf(Date);
    expect(store.meta).toMatchObject({ format: SNAPSHOT_FORMAT, count: 3, chunks: 1 });
  });

  test('a large snapshot is cut into chunks under the limit and read back whole', async () => {
    // Random text hardly compresses: about 6 MB of it needs two chunks.
    const docs = Array.from({ length: 1500 }, (_, i) => artifact(`Item ${i}`, { context: randomBytes(3000).toString('base64') }));
    const store = await written(docs);
    const chunks = await store.chunks(store.meta!);
    expect(chunks.length).toBeGreaterThan(1);
    expect(chunks.every((chunk) => chunk.length <= SNAPSHOT_CHUNK_BYTES)).toBe(true);
    expect((await decodeAll(store.meta!, chunks)).length).toBe(1500);
  });

  test.each([
    ['a changed byte', (chunks: Buffer[]) => [Buffer.concat([chunks[0]!.subarray(0, 20), Buffer.from([chunks[0]![20]! ^ 0xff]), chunks[0]!.subarray(21)])]],
    ['a missing chunk', () => []],
    ['bytes that are not gzip', () => [Buffer.from('not a snapshot')]],
  ])('%s is corrupt, said before any document is handed out', async (_case, damage) => {
    const store = await written([artifact('Adze')]);
    const meta = store.meta!;
    const damaged = damage(await store.chunks(meta));
    // A digest over the damaged bytes: what is checked next is the content itself.
    const reading = decodeAll(meta, damaged);
    await expect(reading).rejects.toBeInstanceOf(SnapshotError);
    await expect(reading).rejects.toMatchObject({ reason: 'corrupt' });
  });

  test.each([
    ['gzip that ends early', (packed: Buffer) => packed.subarray(0, packed.length - 40)],
    ['gzip of text that is not a snapshot', () => gzipSync('not json\n{"_id":1}\n')],
    ['a document line that is not JSON', (_packed: Buffer, meta: SnapshotMeta) => gzipSync(`${JSON.stringify({ format: SNAPSHOT_FORMAT, snapshot: meta.snapshot, count: meta.count })}\n{not json\n`)],
  ])('%s, with a digest that matches it, is corrupt', async (_case, damage) => {
    const store = await written(Array.from({ length: 50 }, (_, i) => artifact(`Item ${i}`, { context: randomBytes(200).toString('base64') })));
    const bytes = damage(Buffer.concat(await store.chunks(store.meta!)), store.meta!);
    const meta = { ...store.meta!, chunks: 1, sha256: createHash('sha256').update(bytes).digest('hex') };
    await expect(decodeAll(meta, [bytes])).rejects.toMatchObject({ reason: 'corrupt' });
  });

  test('a record naming more documents than the bytes hold is corrupt', async () => {
    const store = await written([artifact('Adze'), artifact('Bowl')]);
    const meta = { ...store.meta!, count: 3 };
    await expect(decodeAll(meta, await store.chunks(meta))).rejects.toMatchObject({ reason: 'corrupt' });
  });

  test('a snapshot of another format, or with more artifacts than the catalog keeps, is stale; none is missing', async () => {
    const store = await written([artifact('Adze'), artifact('Bowl')]);
    await expect(readSnapshot(store, 1, () => false)).rejects.toMatchObject({ reason: 'stale' });
    store.meta = { ...store.meta!, format: 'catalog-ndjson-gzip-0' };
    await expect(readSnapshot(store, 10, () => false)).rejects.toMatchObject({ reason: 'stale' });
    await expect(readSnapshot(new MemorySnapshots(), 10, () => false)).rejects.toMatchObject({ reason: 'missing' });
  });

  test('a snapshot is written only when the current one is older than the interval', async () => {
    const store = await written([artifact('Adze')]);
    const now = store.meta!.writtenAt.getTime();
    expect(await writeSnapshotIfDue(store, [artifact('Bowl')], { every: 60_000, position: now, loadedAt: now, now: now + 59_000 })).toBeNull();
    expect(await writeSnapshotIfDue(store, [artifact('Bowl')], { every: 60_000, position: now, loadedAt: now, now: now + 61_000 })).toEqual({ count: 1, chunks: 1 });
    expect(store.writes).toBe(2);
  });
});

describe('the catalog started from a snapshot', () => {
  const config = { catalogMaxArtifacts: 200_000, catalogRefreshMs: 3_600_000, catalogSnapshotMs: 300_000, catalogFullReloadMs: 0, redisUrl: undefined, changesChannel: 'c' } as AppConfig;
  const services: CatalogService[] = [];
  afterEach(async () => {
    for (const service of services.splice(0)) await service.onModuleDestroy();
  });

  /** The collection as the database holds it, and how often it was read whole. */
  function database(collection: CatalogArtifact[]) {
    let scans = 0;
    const repo = {
      scanCatalog: () => ({
        async *[Symbol.asyncIterator]() {
          scans += 1;
          yield* [...collection];
        },
      }),
      findForCatalog: async (selector: { ids: readonly string[] } | { adderUid: string }) =>
        collection.filter((doc) => ('ids' in selector ? selector.ids.includes(doc._id.toHexString()) : doc.adderUid === selector.adderUid)),
      clearHomeLists: () => undefined,
    } as unknown as ArtifactsRepository;
    return { repo, scans: () => scans };
  }

  async function started(collection: CatalogArtifact[], store: MemorySnapshots, log = memoryLog()) {
    const db = database(collection);
    const changes = new ArtifactChanges();
    const service = new CatalogService(db.repo, changes, config, log.store, store);
    services.push(service);
    service.onApplicationBootstrap();
    await service.settled();
    return { service, scans: db.scans, changes };
  }

  const names = (service: CatalogService) => service.list({}, 'name', 1, 50)!.items.map((doc) => doc.name);

  test('it reads no collection, and applies the changes logged since the snapshot', async () => {
    const adze = artifact('Adze');
    const bowl = artifact('Bowl');
    const store = await written([adze, bowl], Date.now() - 1000);
    // The database after the snapshot: Bowl renamed, Cup added (both logged), and Dart added by
    // hand (never logged: only a read of the collection finds it).
    const collection = [adze, { ...bowl, name: 'Basin', nameLower: 'basin' }, artifact('Cup'), artifact('Dart')];
    const log = memoryLog();
    await log.store.append({ at: new Date(), from: 'another', change: { ids: [bowl._id.toHexString(), collection[2]!._id.toHexString()] } });
    const { service, scans } = await started(collection, store, log);
    expect({ state: service.state, source: service.source, scans: scans() }).toEqual({ state: 'ready', source: 'snapshot', scans: 0 });
    expect(names(service)).toEqual(['Adze', 'Basin', 'Cup']);
  });

  test('once started from it, it follows the other instances\' changes in the log as any instance does', async () => {
    const adze = artifact('Adze');
    const store = await written([adze], Date.now() - 1000);
    const collection = [adze];
    const log = memoryLog();
    const db = database(collection);
    const service = new CatalogService(db.repo, new ArtifactChanges(), { ...config, catalogRefreshMs: 20 } as AppConfig, log.store, store);
    services.push(service);
    service.onApplicationBootstrap();
    await service.settled();
    expect(service.source).toBe('snapshot');
    const bowl = artifact('Bowl');
    collection.push(bowl);
    await log.store.append({ at: new Date(), from: 'another', change: { ids: [bowl._id.toHexString()] } });
    const until = Date.now() + 2000;
    while (names(service).length < 2 && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(names(service)).toEqual(['Adze', 'Bowl']);
  });

  test.each([
    ['missing', (store: MemorySnapshots) => void (store.meta = null)],
    ['corrupt', (store: MemorySnapshots) => void store.stored.set(store.meta!.snapshot, [Buffer.from('garbage')])],
    // Older than the change log's 15 minutes: what changed since can no longer be told.
    ['stale', (store: MemorySnapshots) => void (store.meta = { ...store.meta!, position: new Date(Date.now() - 3_600_000) })],
  ])('a %s snapshot falls back to reading the collection, and a fresh snapshot is written', async (_case, spoil) => {
    const store = await written([artifact('Adze')], Date.now() - 1000);
    spoil(store);
    const before = store.writes;
    const { service, scans } = await started([artifact('Adze'), artifact('Dart')], store);
    expect({ state: service.state, source: service.source, scans: scans() }).toEqual({ state: 'ready', source: 'database', scans: 1 });
    expect(names(service)).toEqual(['Adze', 'Dart']);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(store.writes).toBe(before + 1);
    expect(store.meta!.count).toBe(2);
  });

  test('an erasure (the member\'s artifacts deleted) has the snapshot written again without them', async () => {
    const kept = artifact('Adze');
    const erased = artifact('Bowl', { adderUid: 'u2', adderEmail: 'erased@example.org' });
    const collection = [kept, erased];
    const store = new MemorySnapshots();
    const { changes } = await started(collection, store);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(store.meta!.count).toBe(2);
    collection.splice(1, 1);
    await changes.emit({ ids: [erased._id.toHexString()] }, 'here');
    await new Promise((resolve) => setTimeout(resolve, 50));
    const docs = await decodeAll(store.meta!, await store.chunks(store.meta!));
    expect(docs.map((doc) => doc.name)).toEqual(['Adze']);
    expect(JSON.stringify(docs)).not.toContain('erased@example.org');
  });

  test('an anonymisation (the contributor\'s email cleared) has it written again too; a like does not', async () => {
    const named = artifact('Adze', { adderEmail: 'named@example.org' });
    const collection = [named];
    const store = new MemorySnapshots();
    const { changes } = await started(collection, store);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const writes = store.writes;
    collection[0] = { ...named, likes: 1 } as CatalogArtifact;
    await changes.emit({ ids: [named._id.toHexString()] }, 'here');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(store.writes).toBe(writes);
    collection[0] = { ...named, adderName: 'Former member', adderEmail: '' } as CatalogArtifact;
    await changes.emit({ ids: [named._id.toHexString()] }, 'here');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(store.writes).toBe(writes + 1);
    expect(JSON.stringify(await decodeAll(store.meta!, await store.chunks(store.meta!)))).not.toContain('named@example.org');
  });
});
