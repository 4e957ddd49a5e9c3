// The catalog's start-up from a snapshot (docs/decisions/0030), on both FerretDB handlers: an
// instance starts from the snapshot another wrote and replays only the change log since; a
// snapshot that is missing, corrupt or stale falls back to reading the collection, and the
// instance writes a fresh one. An artifact written to the database by hand (never logged) tells
// the two apart: only a read of the collection finds it.
import { mongo } from 'mongoose';
import { nameSortKey } from '@antiquarium/contracts';
import { artifactInput } from '../support/artifacts';
import { createUser, deleteUser, uniqueTag, type TestUser } from '../support/auth';
import { call } from './support/http';
import { removeTempDirs, stop, stopAll, tempDir, waitUntil } from './support/processes';
import { PORT_OFFSET, connect, freshPostgresDatabase, resiliencePorts, startApi, startFerretDb, type Api } from './support/services';

interface SnapshotRecord {
  snapshot: string;
  count: number;
  position: Date;
}

const HANDLERS = [
  { handler: 'sqlite', slot: 45, apiSlot: 60 },
  { handler: 'postgresql', slot: 46, apiSlot: 70 },
] as const;

let user: TestUser;
beforeAll(async () => {
  user = await createUser();
}, 60_000);

afterAll(async () => {
  await stopAll();
  removeTempDirs();
  await deleteUser(user);
});

describe.each(HANDLERS)('on FerretDB ($handler handler)', ({ handler, slot, apiSlot }) => {
  const tag = uniqueTag(`snap${handler.slice(0, 2)}`);
  let client: mongo.MongoClient;
  let db: mongo.Db;
  let uri: string;
  let next = apiSlot;

  beforeAll(async () => {
    const dataDir = tempDir(`snapshot-${handler}`);
    const postgresUrl = handler === 'postgresql' ? freshPostgresDatabase(`antiquarium_snapshot_${PORT_OFFSET}`) : undefined;
    const ferret = await startFerretDb({ port: resiliencePorts(slot).ferret, dataDir, postgresUrl });
    uri = ferret.uri;
    client = await connect(uri);
    db = client.db();
  }, 120_000);

  afterAll(async () => {
    await client.close();
  });

  /** A new api on the database, ready; with where its catalog came from. */
  async function startInstance(): Promise<{ api: Api; source: string }> {
    const api = await startApi({ port: resiliencePorts(next).api, mongoUri: uri, name: `api-snapshot-${handler}-${next}` });
    next += 1;
    let source = '';
    await waitUntil('the catalog ready', async () => {
      const ready = await call<{ catalog?: string; catalogSource?: string }>(api.url, '/health/ready');
      source = ready.body.catalogSource ?? '';
      return ready.status === 200;
    }, 60_000, api.proc);
    return { api, source };
  }

  const current = () => db.collection<SnapshotRecord & { _id: string }>('catalogsnapshots').findOne({ _id: 'current' });

  /** Waits for a snapshot other than `before` holding `count` artifacts. */
  async function snapshotWritten(before: string | undefined, count: number): Promise<SnapshotRecord> {
    let record: SnapshotRecord | null = null;
    await waitUntil(`a snapshot of ${count} artifacts`, async () => {
      record = await current();
      return record !== null && record.snapshot !== before && record.count === count;
    }, 30_000);
    return record as unknown as SnapshotRecord;
  }

  async function names(api: Api): Promise<string[]> {
    const listed = await call<{ name: string }[]>(api.url, `/artifacts?search=${tag}&sort=name`);
    expect(listed.status).toBe(200);
    return listed.body.map((artifact) => artifact.name);
  }

  /** An artifact written to the database directly, as an edit by hand: no change log entry. */
  async function insertByHand(name: string, like: string): Promise<void> {
    const artifacts = db.collection('artifacts');
    const template = await artifacts.findOne({ _id: new mongo.ObjectId(like) });
    if (!template) throw new Error('no artifact to copy');
    await artifacts.insertOne({ ...template, _id: new mongo.ObjectId(), name, nameLower: nameSortKey(name), likes: 0 });
  }

  async function create(api: Api, name: string): Promise<string> {
    const created = await call<{ insertedId: string }>(api.url, '/artifacts', { method: 'POST', token: user.token, body: artifactInput({ name }) });
    expect(created.status).toBe(201);
    return created.body.insertedId;
  }

  test('missing: the collection is read and a snapshot written; the next instance starts from it and replays the log since', async () => {
    const first = await startInstance();
    const template = await create(first.api, `Adze ${tag}`);
    await insertByHand(`Bowl ${tag}`, template);
    await stop(first.api.proc);
    await db.collection('catalogsnapshots').deleteMany({});
    await db.collection('catalogsnapshotchunks').deleteMany({});

    const writer = await startInstance();
    expect(writer.source).toBe('database');
    expect(await names(writer.api)).toEqual([`Adze ${tag}`, `Bowl ${tag}`]);
    await snapshotWritten(undefined, 2);
    await create(writer.api, `Cup ${tag}`);
    await insertByHand(`Dart ${tag}`, template);

    const reader = await startInstance();
    expect(reader.source).toBe('snapshot');
    // Cup from the log; Dart was never logged, so it shows only after a read of the collection.
    expect(await names(reader.api)).toEqual([`Adze ${tag}`, `Bowl ${tag}`, `Cup ${tag}`]);
    await stop(reader.api.proc);
    await stop(writer.api.proc);
  }, 240_000);

  test.each([
    ['corrupt', async (record: SnapshotRecord) => {
      const chunks = db.collection<{ snapshot: string; n: number; data: mongo.Binary }>('catalogsnapshotchunks');
      const chunk = await chunks.findOne({ snapshot: record.snapshot, n: 0 });
      const bytes = Buffer.from(chunk!.data.buffer);
      const middle = Math.floor(bytes.length / 2);
      bytes[middle] = (bytes[middle] ?? 0) ^ 0xff;
      await chunks.updateOne({ _id: chunk!._id }, { $set: { data: new mongo.Binary(bytes) } });
    }],
    ['stale', async () => {
      // Older than the change log keeps (15 minutes): what changed since cannot be told.
      await db.collection('catalogsnapshots').updateOne({ _id: 'current' as unknown as mongo.ObjectId }, { $set: { position: new Date(Date.now() - 3_600_000) } });
    }],
  ])('%s: the collection is read, and a fresh snapshot replaces it', async (_case, spoil) => {
    const before = (await current())!;
    await spoil(before);
    const instance = await startInstance();
    expect(instance.source).toBe('database');
    expect(await names(instance.api)).toEqual([`Adze ${tag}`, `Bowl ${tag}`, `Cup ${tag}`, `Dart ${tag}`]);
    const fresh = await snapshotWritten(before.snapshot, 4);
    expect(fresh.position.getTime()).toBeGreaterThan(Date.now() - 120_000);
    await stop(instance.api.proc);
  }, 240_000);
});
