// Database outage: FerretDB is killed under a running api. Requests must answer 503 in the error
// shape within a few seconds (none may hang), liveness stays up while readiness says the database
// is down, and when FerretDB is back on the same port and data the api serves again by itself.
import type { ArtifactInput } from '@antiquarium/contracts';
import { artifactInput } from '../support/artifacts';
import { createUser, deleteUser, type TestUser } from '../support/auth';
import { call, createArtifactThroughApi, expectErrorShape, type Timed } from './support/http';
import { removeTempDirs, signal, stopAll, tempDir, waitUntil } from './support/processes';
import { type Api, type FerretDb, resiliencePorts, startApi, startFerretDb } from './support/services';

const FERRET_PORT = resiliencePorts(10).ferret;
const API_PORT = resiliencePorts(10).api;
/** The promise of docs/api.md: a clear 503 within a few seconds. */
const ANSWER_WITHIN_MS = 5000;
const RECOVER_WITHIN_MS = 20_000;

let ferret: FerretDb;
let api: Api;
let user: TestUser;
let existing: { id: string; input: ArtifactInput };

beforeAll(async () => {
  ferret = await startFerretDb({ port: FERRET_PORT, dataDir: tempDir('outage-ferretdb') });
  api = await startApi({ port: API_PORT, mongoUri: ferret.uri });
  user = await createUser();
  existing = await createArtifactThroughApi(api.url, user.token, artifactInput());
}, 120_000);

afterAll(async () => {
  await stopAll();
  removeTempDirs();
  if (user) await deleteUser(user);
});

test('with FerretDB killed, every database-backed request answers 503 in the error shape within 5 s, lists keep coming from the catalog; liveness stays up', async () => {
  signal(ferret.proc, 'SIGKILL');
  await ferret.proc.exited;
  const apiPid = api.proc.pid;

  // The client gives up after twice the promise: a hanging request fails here, it does not block.
  const bounded = { timeoutMs: 2 * ANSWER_WITHIN_MS };
  // Lists, facets and a visitor's details are served from the in-process catalog
  // (docs/decisions/0007): the last state seen, without the database. A member's details need their
  // like from the database: 503.
  const fromCatalog = {
    'GET /artifacts': await call<unknown[]>(api.url, '/artifacts?sort=likes', bounded),
    'GET /artifacts/facets': await call<{ total: number }>(api.url, '/artifacts/facets', bounded),
    'GET /artifacts/:id': await call<{ _id: string }>(api.url, `/artifacts/${existing.id}`, bounded),
  };
  const answers: Record<string, Timed> = {
    'GET /artifacts/:id (signed in)': await call(api.url, `/artifacts/${existing.id}`, { ...bounded, token: user.token }),
    'POST /artifacts (signed in)': await call(api.url, '/artifacts', { ...bounded, method: 'POST', token: user.token, body: artifactInput() }),
    'PATCH /artifacts/toggle-like/:id': await call(api.url, `/artifacts/toggle-like/${existing.id}`, { ...bounded, method: 'PATCH', token: user.token }),
    'GET /liked-artifacts': await call(api.url, '/liked-artifacts', { ...bounded, token: user.token }),
    'GET /contributors/top': await call(api.url, '/contributors/top', bounded),
  };
  // Many at once, as a busy site would send them: none may hang.
  const burst = await Promise.all(Array.from({ length: 20 }, (_, i) => call(api.url, i % 2 ? '/liked-artifacts' : `/artifacts/${existing.id}`, { ...bounded, token: user.token })));

  for (const [label, answer] of Object.entries(fromCatalog)) {
    expect({ label, status: answer.status, fast: answer.ms < ANSWER_WITHIN_MS }).toEqual({ label, status: 200, fast: true });
  }
  expect(fromCatalog['GET /artifacts'].body.length).toBeGreaterThan(0);
  expect(fromCatalog['GET /artifacts/facets'].body.total).toBeGreaterThan(0);
  expect(fromCatalog['GET /artifacts/:id'].body._id).toBe(existing.id);
  for (const [label, answer] of Object.entries(answers)) {
    expectErrorShape(answer, 503);
    expect({ label, ms: answer.ms, fast: answer.ms < ANSWER_WITHIN_MS }).toEqual({ label, ms: answer.ms, fast: true });
  }
  for (const answer of burst) {
    expectErrorShape(answer, 503);
    expect(answer.ms).toBeLessThan(ANSWER_WITHIN_MS);
  }
  expect((answers['GET /artifacts/:id (signed in)']?.body as { message: string }).message).toMatch(/database is unavailable/i);

  const live = await call<{ status: string }>(api.url, '/health', bounded);
  expect(live.status).toBe(200);
  expect(live.body.status).toBe('ok');
  const ready = await call<{ database: string; statusCode: number }>(api.url, '/health/ready', bounded);
  expect(ready.status).toBe(503);
  expect(ready.body).toEqual(expect.objectContaining({ statusCode: 503, database: 'down' }));
  expect(ready.ms).toBeLessThan(ANSWER_WITHIN_MS);

  const latencies = [...Object.values(answers), ...burst].map((answer) => answer.ms).sort((a, b) => a - b);
  console.log(
    `[db-outage] 503 latency over ${latencies.length} requests: min ${latencies[0]?.toFixed(0)} ms, median ${latencies[Math.floor(latencies.length / 2)]?.toFixed(0)} ms, max ${latencies.at(-1)?.toFixed(0)} ms; /health/ready 503 in ${ready.ms.toFixed(0)} ms`,
  );
  expect(api.proc.isRunning()).toBe(true);
  expect(api.proc.pid).toBe(apiPid);
});

test('when FerretDB is back on the same port and data, the same api process serves again within 20 s', async () => {
  const apiPid = api.proc.pid;
  const started = Date.now();
  ferret = await startFerretDb({ port: FERRET_PORT, dataDir: ferret.dataDir });
  const ferretUpMs = Date.now() - started;
  await waitUntil(
    'the api to serve a member the details again (their like is read from the database)',
    async () => (await call(api.url, `/artifacts/${existing.id}`, { timeoutMs: 5000, token: user.token })).status === 200,
    RECOVER_WITHIN_MS,
    api.proc,
    250,
  );
  const recoveredMs = Date.now() - started;
  console.log(`[db-outage] FerretDB restarted (listening after ${ferretUpMs} ms): the api answered 200 again ${recoveredMs} ms after the restart began (no api restart)`);

  expect(api.proc.pid).toBe(apiPid);
  const read = await call<{ name: string }>(api.url, `/artifacts/${existing.id}`);
  expect(read.status).toBe(200);
  expect(read.body.name).toBe(existing.input.name);
  expect((await call(api.url, '/artifacts')).status).toBe(200);
  expect((await call(api.url, '/health/ready')).status).toBe(200);
  const created = await call(api.url, '/artifacts', { method: 'POST', token: user.token, body: artifactInput() });
  expect(created.status).toBe(201);
  const toggled = await call<{ liked: boolean; likes: number }>(api.url, `/artifacts/toggle-like/${existing.id}`, { method: 'PATCH', token: user.token });
  expect(toggled.status).toBe(200);
  expect(toggled.body).toEqual({ liked: true, likes: 1 });
});
