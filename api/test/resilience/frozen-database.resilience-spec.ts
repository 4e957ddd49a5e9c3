// A frozen or slow database: the api bounds each database operation (DB_OPERATION_TIMEOUT_MS, here
// 2 s). With FerretDB stopped by SIGSTOP (it accepts connections and answers nothing; its sockets
// stay open), every database-backed request answers 503 in the error shape within the bound plus a
// margin, liveness stays up, and after SIGCONT the same api process serves again. A pathological
// query (a sorted page over 100 000 artifacts, which FerretDB sorts in memory) is stopped by the
// server at the bound and answered 503, while the start-up reconciliation, which reads all of it,
// is exempt from the bound and still completes.
import { mongo } from 'mongoose';
import type { ArtifactInput } from '@antiquarium/contracts';
import { artifactInput } from '../support/artifacts';
import { createUser, deleteUser, type TestUser } from '../support/auth';
import { call, createArtifactThroughApi, expectErrorShape, type Timed } from './support/http';
import { removeTempDirs, signal, stop, stopAll, tempDir, waitForOutput, waitUntil } from './support/processes';
import { derivedFields } from '../../src/artifacts/derived-fields';
import { type Api, connect, type FerretDb, resiliencePorts, startApi, startFerretDb } from './support/services';

const FERRET_PORT = resiliencePorts(15).ferret;
const API_PORT = resiliencePorts(15).api;
const OPERATION_TIMEOUT_MS = 2000;
/** The bound, plus the margin for the client's wait after the server's limit and a loaded machine. */
const ANSWER_WITHIN_MS = OPERATION_TIMEOUT_MS + 3000;
const RECOVER_WITHIN_MS = 20_000;
/** Reconciliation logs "[Reconcile] done: {...}" at level log, shown in development mode. */
// The catalog is off here: this scenario is about the database path's bounds (lists past
// CATALOG_MAX_ARTIFACTS come from it; docs/decisions/0007). The outage scenario covers lists
// served from the catalog while the database is away.
const API_ENV = { DB_OPERATION_TIMEOUT_MS: String(OPERATION_TIMEOUT_MS), NODE_ENV: 'development', CATALOG_MAX_ARTIFACTS: '0' };
const TOO_SLOW = /took too long/i;

let ferret: FerretDb;
let api: Api;
let user: TestUser;
let client: mongo.MongoClient;
let existing: { id: string; input: ArtifactInput };

beforeAll(async () => {
  ferret = await startFerretDb({ port: FERRET_PORT, dataDir: tempDir('frozen-ferretdb') });
  api = await startApi({ port: API_PORT, mongoUri: ferret.uri, env: API_ENV });
  user = await createUser();
  existing = await createArtifactThroughApi(api.url, user.token, artifactInput());
}, 120_000);

afterAll(async () => {
  // A stopped FerretDB would not see the SIGTERM of stopAll.
  if (ferret) signal(ferret.proc, 'SIGCONT');
  if (client) await client.close();
  await stopAll();
  removeTempDirs();
  if (user) await deleteUser(user);
});

function latencySummary(answers: readonly Timed[]): string {
  const ms = answers.map((answer) => answer.ms).sort((a, b) => a - b);
  return `min ${ms[0]?.toFixed(0)} ms, median ${ms[Math.floor(ms.length / 2)]?.toFixed(0)} ms, max ${ms.at(-1)?.toFixed(0)} ms`;
}

test(`with FerretDB frozen (SIGSTOP), every database-backed request answers 503 within ${ANSWER_WITHIN_MS} ms; liveness stays up`, async () => {
  signal(ferret.proc, 'SIGSTOP');
  const apiPid = api.proc.pid;

  // The client gives up after twice the promise: a hanging request fails here, it does not block.
  const bounded = { timeoutMs: 2 * ANSWER_WITHIN_MS };
  const answers: Record<string, Timed> = {
    'GET /artifacts': await call(api.url, '/artifacts?sort=latest&limit=24', bounded),
    'GET /artifacts/:id': await call(api.url, `/artifacts/${existing.id}`, bounded),
    'GET /contributors/top': await call(api.url, '/contributors/top', bounded),
    'POST /artifacts (signed in)': await call(api.url, '/artifacts', { ...bounded, method: 'POST', token: user.token, body: artifactInput() }),
    'PATCH /artifacts/toggle-like/:id': await call(api.url, `/artifacts/toggle-like/${existing.id}`, { ...bounded, method: 'PATCH', token: user.token }),
  };
  // Many at once: none may wait for another (the pool's connections are all stuck on the freeze).
  const burst = await Promise.all(Array.from({ length: 10 }, (_, i) => call(api.url, i % 2 ? '/artifacts?sort=likes' : `/artifacts/${existing.id}`, bounded)));

  for (const [label, answer] of Object.entries(answers)) {
    expectErrorShape(answer, 503);
    expect({ label, ms: Math.round(answer.ms), fast: answer.ms < ANSWER_WITHIN_MS }).toEqual({ label, ms: Math.round(answer.ms), fast: true });
  }
  for (const answer of burst) {
    expectErrorShape(answer, 503);
    expect(answer.ms).toBeLessThan(ANSWER_WITHIN_MS);
  }
  // The first request meets the freeze on an open connection: the bound, not an outage, ends it.
  expect((answers['GET /artifacts']?.body as { message: string }).message).toMatch(TOO_SLOW);

  const live = await call<{ status: string }>(api.url, '/health', bounded);
  expect(live.status).toBe(200);
  expect(live.body.status).toBe('ok');

  console.log(
    `[frozen-db] DB_OPERATION_TIMEOUT_MS ${OPERATION_TIMEOUT_MS}: ${Object.entries(answers)
      .map(([label, answer]) => `${label} ${answer.ms.toFixed(0)} ms`)
      .join(', ')}; burst of ${burst.length}: ${latencySummary(burst)}; messages: ${[
      ...new Set([...Object.values(answers), ...burst].map((answer) => (answer.body as { message: string }).message)),
    ].join(' | ')}; /health 200 in ${live.ms.toFixed(0)} ms`,
  );
  expect(api.proc.isRunning()).toBe(true);
  expect(api.proc.pid).toBe(apiPid);
});

test('after SIGCONT the same api process serves again within 20 s, with the data written before', async () => {
  const apiPid = api.proc.pid;
  const started = Date.now();
  signal(ferret.proc, 'SIGCONT');
  await waitUntil(
    'the api to serve GET /artifacts/:id again',
    async () => (await call(api.url, `/artifacts/${existing.id}`, { timeoutMs: 5000 })).status === 200,
    RECOVER_WITHIN_MS,
    api.proc,
    250,
  );
  console.log(`[frozen-db] after SIGCONT the api answered 200 again in ${Date.now() - started} ms (no api restart)`);

  expect(api.proc.pid).toBe(apiPid);
  const read = await call<{ name: string }>(api.url, `/artifacts/${existing.id}`);
  expect(read.status).toBe(200);
  expect(read.body.name).toBe(existing.input.name);
  expect((await call(api.url, '/artifacts')).status).toBe(200);
  expect((await call(api.url, '/contributors/top')).status).toBe(200);
  expect((await call(api.url, '/artifacts', { method: 'POST', token: user.token, body: artifactInput() })).status).toBe(201);
});

describe('100 000 artifacts', () => {
  const COUNT = 100_000;
  /**
   * How many of them have one like. Fewer than all: FerretDB 1.24 groups in time quadratic in the
   * number of groups (20 000 likes: about 5 s, 100 000: about 110 s), and 5 s is past the bound.
   */
  const LIKED = 20_000;
  const ADDERS = 50;
  /** Artifacts whose stored like count is planted wrong, for the reconciliation to repair. */
  const PLANTED = 3;

  beforeAll(async () => {
    client = await connect(ferret.uri);
    const db = client.db();
    const started = Date.now();
    const input = artifactInput();
    for (let from = 0; from < COUNT; from += 5000) {
      const artifacts = Array.from({ length: Math.min(5000, COUNT - from) }, (_, k) => {
        const i = from + k;
        const name = `${input.name} ${i}`;
        return {
          _id: new mongo.ObjectId(),
          ...input,
          name,
          // As the api derives them (current rules): the reconciliation has only the planted counts to repair.
          ...derivedFields({ name, createdAt: input.createdAt, location: input.location }),
          adderUid: `filler-${i % ADDERS}`,
          adderName: `Filler ${i % ADDERS}`,
          adderEmail: '',
          addedAt: new Date(Date.now() - i * 1000),
          likes: i < PLANTED ? 5 : i < LIKED ? 1 : 0,
        };
      });
      await db.collection('artifacts').insertMany(artifacts, { ordered: false });
      const liked = artifacts.slice(0, Math.max(0, LIKED - from));
      if (liked.length > 0) {
        await db.collection('likes').insertMany(
          liked.map((artifact) => ({ artifactId: artifact._id, uid: 'filler-fan', likedAt: artifact.addedAt })),
          { ordered: false },
        );
      }
    }
    console.log(`[frozen-db] stored ${COUNT} artifacts and ${LIKED} likes in ${Date.now() - started} ms`);
  }, 180_000);

  test('a sorted page FerretDB sorts in memory is stopped at the bound: 503, not a 30 s (or 60 s) wait', async () => {
    // Page 2: not the home page's cache. Unbounded, this query takes 10 s and more on FerretDB.
    const slow = await call(api.url, '/artifacts?sort=likes&page=2&limit=24', { timeoutMs: 2 * ANSWER_WITHIN_MS });
    expectErrorShape(slow, 503);
    expect((slow.body as { message: string }).message).toMatch(TOO_SLOW);
    expect(slow.ms).toBeLessThan(ANSWER_WITHIN_MS);
    // The api is not held up by it: an indexed read answers at once.
    const quick = await call(api.url, `/artifacts/${existing.id}`, { timeoutMs: ANSWER_WITHIN_MS });
    expect(quick.status).toBe(200);
    console.log(`[frozen-db] sorted page over ${COUNT} artifacts: 503 in ${slow.ms.toFixed(0)} ms; a read by id right after: 200 in ${quick.ms.toFixed(0)} ms`);
  });

  // The same api settings that cut the sorted page above: the reconciliation's own sorted scan and
  // grouping of every like take longer than the bound and must not be cut.
  test('the start-up reconciliation is exempt from the bound: it reads everything and repairs what is off', async () => {
    expect((await stop(api.proc)).code).toBe(0);
    const started = Date.now();
    api = await startApi({ port: API_PORT, mongoUri: ferret.uri, env: API_ENV });
    // How long it takes is not what is checked (that it is not cut is): on a busy 2-core machine the
    // scan and FerretDB's grouping of 20 000 likes took from about a minute to 150 s (CI, with the api
    // suites running beside it, decision 0053), so the wait is generous.
    const match = await waitForOutput(api.proc, /\[Reconcile\] (done|skipped): (.*)/, 400_000);
    const tookMs = Date.now() - started;
    console.log(`[frozen-db] reconciliation over ${COUNT} artifacts and ${LIKED} likes with DB_OPERATION_TIMEOUT_MS ${OPERATION_TIMEOUT_MS}: ${match[1]} in ${tookMs} ms: ${match[2]}`);
    expect(match[1]).toBe('done');
    const report = JSON.parse(match[2] as string) as { likeCountsFixed: number; orphanLikesRemoved: number; contributorsFixed: number };
    expect(report.likeCountsFixed).toBe(PLANTED);
    expect(report.contributorsFixed).toBeGreaterThanOrEqual(ADDERS);

    const planted = await client.db().collection('artifacts').find({ adderUid: /^filler-/, likes: 5 }).toArray();
    expect(planted).toEqual([]);
  }, 420_000);
});
