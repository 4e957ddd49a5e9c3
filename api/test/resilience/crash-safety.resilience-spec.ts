// Crash safety: kill -9 of the api in the middle of a stream of creates and like toggles. After a
// restart (whose start-up reconciliation repairs what the crash left apart), every acknowledged
// create exists exactly once and every counter equals its records. Because a crash only sometimes
// lands between a record and its counter, reconciliation is also proven directly on a database
// made inconsistent by hand.
import { mongo } from 'mongoose';
import { readDate } from '@antiquarium/contracts';
import { DERIVED_VERSION } from '../../src/artifacts/derived-fields';
import { FORMER_MEMBER_UID } from '../../src/members/former-member';
import { LEGACY_FORMER_MEMBER } from '../../src/moderation/moderation.schema';
import { artifactInput } from '../support/artifacts';
import { createUser, deleteUser, type TestUser } from '../support/auth';
import { call } from './support/http';
import { counterProblems } from './support/invariants';
import { removeTempDirs, signal, sleep, stop, stopAll, tempDir, waitForOutput } from './support/processes';
import { type Api, connect, type FerretDb, resiliencePorts, startApi, startFerretDb } from './support/services';

const FERRET_PORT = resiliencePorts(30).ferret;
const API_PORT = resiliencePorts(30).api;
const REPAIR_FERRET_PORT = resiliencePorts(35).ferret;
const REPAIR_API_PORT = resiliencePorts(35).api;
const REREAD_API_PORT = resiliencePorts(36).api;
const UNKEYED_API_PORT = resiliencePorts(37).api;
const ROUNDS = 4;
const WORKERS = 12;
/**
 * Acknowledged operations each round's stream makes before the crash: counted, not timed, so a
 * loaded machine's slower stream still meets the kill in full flow (4 rounds: more than 100).
 */
const PER_ROUND = 30;
/** Reconciliation logs "[Reconcile] done: {...}" at level log: run these apis in development mode to see it. */
const WITH_LOGS = { NODE_ENV: 'development' };

interface ReconcileReport {
  likeCountsFixed: number;
  orphanLikesRemoved: number;
  contributorsFixed: number;
  contributorsMoving: number;
  derivedFixed: number;
  unkeyedLikes: number;
}

async function reconciled(api: Api): Promise<ReconcileReport> {
  const match = await waitForOutput(api.proc, /\[Reconcile\] done: (\{.*\})/, 30_000);
  return JSON.parse(match[1] as string) as ReconcileReport;
}

const users: TestUser[] = [];
const clients: mongo.MongoClient[] = [];

afterAll(async () => {
  for (const client of clients) await client.close();
  await stopAll();
  removeTempDirs();
  for (const user of users) await deleteUser(user);
});

describe('kill -9 during a stream of creates and like toggles', () => {
  let ferret: FerretDb;
  let client: mongo.MongoClient;

  beforeAll(async () => {
    ferret = await startFerretDb({ port: FERRET_PORT, dataDir: tempDir('crash-ferretdb') });
    client = await connect(ferret.uri);
    clients.push(client);
    for (let i = 0; i < 4; i += 1) users.push(await createUser());
  }, 120_000);

  test(`${ROUNDS} crashes: acknowledged creates exist exactly once, counters equal their records after the restart`, async () => {
    const db = client.db();
    const acknowledged = new Map<string, string>(); // id -> name
    const sentNames = new Set<string>();
    const pool: string[] = [];
    const totals = { creates: 0, toggles: 0, failed: 0 };
    const crashLeft: number[] = [];
    const reports: ReconcileReport[] = [];

    let api = await startApi({ port: API_PORT, mongoUri: ferret.uri, env: WITH_LOGS });
    await reconciled(api);
    for (const user of users) {
      const created = await call<{ insertedId: string }>(api.url, '/artifacts', { method: 'POST', token: user.token, body: artifactInput() });
      expect(created.status).toBe(201);
      pool.push(created.body.insertedId);
    }

    for (let round = 1; round <= ROUNDS; round += 1) {
      let killed = false;
      const worker = async (w: number) => {
        for (let n = 0; !killed; n += 1) {
          const user = users[(w + n) % users.length] as TestUser;
          try {
            if (Math.random() < 0.35) {
              const name = `Crash Lamp r${round} w${w} n${n}`;
              sentNames.add(name);
              const answer = await call<{ insertedId: string }>(api.url, '/artifacts', { method: 'POST', token: user.token, body: artifactInput({ name }), timeoutMs: 10_000 });
              if (answer.status !== 201) throw new Error(`create answered ${answer.status}`);
              acknowledged.set(answer.body.insertedId, name);
              pool.push(answer.body.insertedId);
              totals.creates += 1;
            } else {
              const id = pool[Math.floor(Math.random() * pool.length)] as string;
              const answer = await call(api.url, `/artifacts/toggle-like/${id}`, { method: 'PATCH', token: user.token, timeoutMs: 10_000 });
              if (answer.status !== 200) throw new Error(`toggle answered ${answer.status}`);
              totals.toggles += 1;
            }
          } catch (error) {
            // Only the crash may interrupt the stream.
            if (!killed) throw error;
            totals.failed += 1;
            return;
          }
        }
      };
      const before = totals.creates + totals.toggles;
      const stream = Promise.all(Array.from({ length: WORKERS }, (_, w) => worker(w)));
      const flowing = Date.now();
      await sleep(3000 + Math.random() * 2000);
      // A stream that stopped (a worker's failure ends it) goes on to the checks after 30 s.
      while (totals.creates + totals.toggles - before < PER_ROUND && Date.now() - flowing < 30_000) await sleep(100);
      killed = true;
      signal(api.proc, 'SIGKILL');
      const exit = await api.proc.exited;
      expect(exit.signal).toBe('SIGKILL');
      await stream;

      // What the crash left apart (the records are the truth, the counters may lag).
      crashLeft.push((await counterProblems(db)).length);

      api = await startApi({ port: API_PORT, mongoUri: ferret.uri, env: WITH_LOGS });
      reports.push(await reconciled(api));

      expect(await counterProblems(db)).toEqual([]);
      for (const [id, name] of acknowledged) {
        const docs = await db.collection('artifacts').find({ name }).toArray();
        expect({ id, name, count: docs.length, ids: docs.map((doc) => String(doc._id)) }).toEqual({ id, name, count: 1, ids: [id] });
      }
      const names = await db
        .collection('artifacts')
        .find({ name: { $regex: '^Crash Lamp ' } }, { projection: { name: 1 } })
        .toArray();
      const counts = new Map<string, number>();
      for (const doc of names) counts.set(String(doc['name']), (counts.get(String(doc['name'])) ?? 0) + 1);
      expect([...counts].filter(([, count]) => count > 1)).toEqual([]);
      expect([...counts.keys()].filter((name) => !sentNames.has(name))).toEqual([]);
    }

    const repaired = reports.reduce((sum, report) => sum + report.likeCountsFixed + report.orphanLikesRemoved + report.contributorsFixed, 0);
    console.log(
      `[crash] ${ROUNDS} kill -9 rounds, ${WORKERS} concurrent clients: ${totals.creates} creates acknowledged (all present once), ` +
        `${totals.toggles} toggles acknowledged, ${totals.failed} requests cut by the crashes; ` +
        `inconsistencies left by each crash: ${crashLeft.join(', ')}; reconciliation repaired ${repaired} (${JSON.stringify(reports)})`,
    );
    expect(totals.creates + totals.toggles).toBeGreaterThan(100);
  }, 240_000);
});

describe('start-up reconciliation repairs a database left inconsistent', () => {
  let ferret: FerretDb;
  let client: mongo.MongoClient;

  beforeAll(async () => {
    ferret = await startFerretDb({ port: REPAIR_FERRET_PORT, dataDir: tempDir('repair-ferretdb') });
    client = await connect(ferret.uri);
    clients.push(client);
  }, 60_000);

  test('a counter off, likes of a deleted artifact, an orphan like and wrong or missing contributor totals are all repaired; old stand-ins for deleted members are renamed', async () => {
    const [alice, bob] = [await createUser(), await createUser()] as [TestUser, TestUser];
    users.push(alice, bob);
    let api = await startApi({ port: REPAIR_API_PORT, mongoUri: ferret.uri, env: WITH_LOGS });
    await reconciled(api);
    const create = async (user: TestUser) =>
      (await call<{ insertedId: string }>(api.url, '/artifacts', { method: 'POST', token: user.token, body: artifactInput() })).body.insertedId;
    const [a1, a2, a3, b1] = [await create(alice), await create(alice), await create(alice), await create(bob)];
    // Before: a1, a2, a3 liked by bob; b1 liked by alice. Alice 3 artifacts / 3 likes, bob 1 / 1.
    for (const [user, id] of [[bob, a1], [bob, a2], [bob, a3], [alice, b1]] as const) {
      expect((await call(api.url, `/artifacts/toggle-like/${id}`, { method: 'PATCH', token: user.token })).status).toBe(200);
    }
    expect((await stop(api.proc)).code).toBe(0);

    // Tamper as a crash (or a bug) could have left it.
    const db = client.db();
    const artifacts = db.collection('artifacts');
    await artifacts.updateOne({ _id: new mongo.ObjectId(a1) }, { $set: { likes: 7 } });
    await artifacts.deleteOne({ _id: new mongo.ObjectId(a3) }); // its like by bob stays behind
    await db.collection('likes').insertOne({ artifactId: new mongo.ObjectId('00000001aaaaaaaaaaaaaaaa'), uid: bob.uid, likedAt: new Date() });
    const contributors = db.collection<{ _id: string }>('contributors');
    await contributors.updateOne({ _id: alice.uid }, { $set: { artifacts: 42, likes: 99 } });
    await contributors.deleteOne({ _id: bob.uid });
    const before = await counterProblems(db);
    expect(before.length).toBeGreaterThanOrEqual(5);
    // ... and as a delete cut short leaves it: the removal of a3's likes recorded, not done.
    await db.collection('like_removals').insertOne({ _id: new mongo.ObjectId(a3), since: new Date() });
    // ... and as a release before decision 0048 left a deleted member's moderation records.
    const legacy = { contributorUid: LEGACY_FORMER_MEMBER, artifactId: a2 };
    const [report0, decision0] = [(await db.collection('moderation_reports').insertOne(legacy)).insertedId, (await db.collection('moderation_decisions').insertOne(legacy)).insertedId];
    const audit0 = (await db.collection('moderation_audit').insertOne({ actorUid: LEGACY_FORMER_MEMBER, action: 'appeal:open', target: `member:${LEGACY_FORMER_MEMBER}`, at: new Date() })).insertedId;

    api = await startApi({ port: REPAIR_API_PORT, mongoUri: ferret.uri, env: WITH_LOGS });
    expect((await waitForOutput(api.proc, /\[ModerationStandIns\] renamed: (\d+)/, 30_000))[1]).toBe('4');
    expect((await db.collection('moderation_reports').findOne({ _id: report0 }))?.['contributorUid']).toBe(FORMER_MEMBER_UID);
    expect((await db.collection('moderation_decisions').findOne({ _id: decision0 }))?.['contributorUid']).toBe(FORMER_MEMBER_UID);
    expect(await db.collection('moderation_audit').findOne({ _id: audit0 })).toEqual(expect.objectContaining({ actorUid: FORMER_MEMBER_UID, target: `member:${FORMER_MEMBER_UID}` }));
    const report = await reconciled(api);
    console.log(`[reconcile] ${before.length} planted inconsistencies; report ${JSON.stringify(report)}`);
    expect(report.likeCountsFixed).toBeGreaterThanOrEqual(1);
    expect(report.orphanLikesRemoved).toBe(2);
    expect(report.contributorsFixed).toBeGreaterThanOrEqual(2);
    expect(await counterProblems(db)).toEqual([]);
    expect(await db.collection('like_removals').countDocuments()).toBe(0);
    // The orphan planted above has a random id, as records had before likes had their own.
    expect(report).toEqual(expect.objectContaining({ unkeyedLikes: 1 }));

    expect((await call<{ likes: number }>(api.url, `/artifacts/${a1}`)).body.likes).toBe(1);
    expect((await call<{ likes: number }>(api.url, `/artifacts/${a2}`)).body.likes).toBe(1);
    const top = await call<{ name: string; artifacts: number; likes: number }[]>(api.url, '/contributors/top?limit=10');
    expect(top.body).toEqual(
      expect.arrayContaining([
        { name: alice.name, artifacts: 2, likes: 2 },
        { name: bob.name, artifacts: 1, likes: 1 },
      ]),
    );
  });

  test('a like recorded before likes had their own ids counts, shows and is taken back; once the reconciliation finds none, likes are looked up by id alone', async () => {
    const [alice, bob] = [await createUser(), await createUser()] as [TestUser, TestUser];
    users.push(alice, bob);
    let api = await startApi({ port: UNKEYED_API_PORT, mongoUri: ferret.uri, env: WITH_LOGS });
    await reconciled(api);
    const created = await call<{ insertedId: string }>(api.url, '/artifacts', { method: 'POST', token: alice.token, body: artifactInput() });
    const id = created.body.insertedId;
    expect((await stop(api.proc)).code).toBe(0);

    // Bob's like as the api wrote it until decision 0043 (a random id), its counters in step.
    const db = client.db();
    await db.collection('likes').insertOne({ artifactId: new mongo.ObjectId(id), uid: bob.uid, likedAt: new Date() });
    await db.collection('artifacts').updateOne({ _id: new mongo.ObjectId(id) }, { $set: { likes: 1 } });
    await db.collection<{ _id: string }>('contributors').updateOne({ _id: alice.uid }, { $inc: { likes: 1 } });
    expect(await counterProblems(db)).toEqual([]);

    api = await startApi({ port: UNKEYED_API_PORT, mongoUri: ferret.uri, env: WITH_LOGS });
    expect(await reconciled(api)).toEqual(expect.objectContaining({ unkeyedLikes: 1, likeCountsFixed: 0 }));
    const liked = async () => (await call<{ liked?: boolean }>(api.url, `/artifacts/${id}`, { token: bob.token })).body.liked;
    const toggle = async () => (await call<{ liked: boolean; likes: number }>(api.url, `/artifacts/toggle-like/${id}`, { method: 'PATCH', token: bob.token })).body;
    expect(await liked()).toBe(true);
    expect(await toggle()).toEqual({ liked: false, likes: 0 });
    expect(await toggle()).toEqual({ liked: true, likes: 1 });
    expect(await db.collection('likes').countDocuments({ artifactId: new mongo.ObjectId(id) })).toBe(1);
    expect(await counterProblems(db)).toEqual([]);
    expect((await stop(api.proc)).code).toBe(0);

    // Now every record has its id: the next start says so, and a lookup that misses by id stops
    // there (a record planted without one is not looked for by its fields: none is ever written).
    api = await startApi({ port: UNKEYED_API_PORT, mongoUri: ferret.uri, env: WITH_LOGS });
    expect(await reconciled(api)).toEqual(expect.objectContaining({ unkeyedLikes: 0 }));
    expect(await liked()).toBe(true);
    const carol = await createUser();
    users.push(carol);
    await db.collection('likes').insertOne({ artifactId: new mongo.ObjectId(id), uid: carol.uid, likedAt: new Date() });
    expect((await call<{ liked?: boolean }>(api.url, `/artifacts/${id}`, { token: carol.token })).body.liked).toBe(false);
    await db.collection('likes').deleteOne({ artifactId: new mongo.ObjectId(id), uid: carol.uid });
    expect((await stop(api.proc)).code).toBe(0);
  }, 120_000);

  test('dates stored by an older reader are read again: range, precision and qualifier follow the reader', async () => {
    const carol = await createUser();
    users.push(carol);
    let api = await startApi({ port: REREAD_API_PORT, mongoUri: ferret.uri, env: WITH_LOGS });
    await reconciled(api);
    const create = async (createdAt: string) =>
      (await call<{ insertedId: string }>(api.url, '/artifacts', { method: 'POST', token: carol.token, body: artifactInput({ createdAt }) })).body.insertedId;
    const texts = ['from 1200 to 1300', '40,000 years ago'] as const;
    const ids = [await create(texts[0]), await create(texts[1])];
    expect((await stop(api.proc)).code).toBe(0);

    // As the reader of DERIVED_VERSION 2 stored them: 'from' taken off before the range was read
    // (after 1300), and a round count read as one year.
    const artifacts = client.db().collection('artifacts');
    const older = { derivedVersion: DERIVED_VERSION - 1 };
    await artifacts.updateOne({ _id: new mongo.ObjectId(ids[0]) }, { $set: { ...older, yearStart: 1300, yearEnd: 1400, datePrecision: 'year', dateQualifier: 'after' } });
    await artifacts.updateOne({ _id: new mongo.ObjectId(ids[1]) }, { $set: { ...older, yearStart: -38051, yearEnd: -38051, datePrecision: 'more', dateQualifier: 'exact' } });

    api = await startApi({ port: REREAD_API_PORT, mongoUri: ferret.uri, env: WITH_LOGS });
    expect((await reconciled(api)).derivedFixed).toBeGreaterThanOrEqual(2);
    for (const [index, id] of ids.entries()) {
      const range = readDate(texts[index] ?? '');
      expect(range).not.toBeNull();
      expect(await artifacts.findOne({ _id: new mongo.ObjectId(id) })).toMatchObject({
        yearStart: range?.start,
        yearEnd: range?.end,
        datePrecision: range?.precision,
        dateQualifier: range?.qualifier,
        derivedVersion: DERIVED_VERSION,
      });
      expect((await call<{ dating: unknown }>(api.url, `/artifacts/${id}`)).body.dating).toEqual(range);
    }
  });
});
