// Identity outage: when tokens cannot be checked because the identity service is unreachable, the
// api answers 503, never 401 (a 401 makes the site sign the person out).
//
// With FIREBASE_AUTH_EMULATOR_HOST set, firebase-admin's verifyIdToken looks the token's user up
// in the emulator on every call (lib/auth/base-auth.js: `if (checkRevoked || isEmulator)`), so
// the api does ask the identity service per request. The api here reaches the runner's emulator
// through a forwarder this test controls: closed, nothing listens on the host the api was given
// (the emulator is down); in black-hole mode connections are accepted and never answered (hung);
// reopened, the emulator is back. That proves what a second emulator instance would, in
// milliseconds instead of its 30 s start.
import type { mongo } from 'mongoose';
import { artifactInput } from '../support/artifacts';
import { createUser, deleteUser, type TestUser } from '../support/auth';
import { call, expectErrorShape, type Timed } from './support/http';
import { removeTempDirs, stopAll, tempDir } from './support/processes';
import { type Api, AUTH_EMULATOR_HOST, connect, resiliencePorts, startApi, startFerretDb } from './support/services';
import { TcpProxy } from './support/tcp-proxy';

const FERRET_PORT = resiliencePorts(20).ferret;
const API_PORT = resiliencePorts(20).api;
const PROXY_PORT = resiliencePorts(20).proxy;
const ANSWER_WITHIN_MS = 5000;

const [emulatorHost = '127.0.0.1', emulatorPort = '9099'] = AUTH_EMULATOR_HOST.split(':');
const proxy = new TcpProxy(PROXY_PORT, { host: emulatorHost, port: Number(emulatorPort) });
let api: Api;
let client: mongo.MongoClient;
let user: TestUser;
let artifactId: string;

beforeAll(async () => {
  await proxy.listen('forward');
  const ferret = await startFerretDb({ port: FERRET_PORT, dataDir: tempDir('identity-ferretdb') });
  api = await startApi({ port: API_PORT, mongoUri: ferret.uri, authEmulatorHost: proxy.host });
  client = await connect(ferret.uri);
  user = await createUser();
  const created = await call<{ insertedId: string }>(api.url, '/artifacts', { method: 'POST', token: user.token, body: artifactInput() });
  expect(created.status).toBe(201);
  artifactId = created.body.insertedId;
}, 120_000);

afterAll(async () => {
  await client?.close();
  await proxy.close();
  await stopAll();
  removeTempDirs();
  if (user) await deleteUser(user);
});

/** The signed-in calls of the site, each with the user's valid token. */
function signedInCalls(): Promise<Record<string, Timed>> {
  const bounded = { timeoutMs: 3 * ANSWER_WITHIN_MS, token: user.token };
  return (async () => ({
    'GET /liked-artifacts': await call(api.url, '/liked-artifacts', bounded),
    'POST /artifacts': await call(api.url, '/artifacts', { ...bounded, method: 'POST', body: artifactInput() }),
    'PATCH /artifacts/toggle-like/:id': await call(api.url, `/artifacts/toggle-like/${artifactId}`, { ...bounded, method: 'PATCH' }),
    'GET /artifacts/:id (token sent)': await call(api.url, `/artifacts/${artifactId}`, bounded),
  }))();
}

function expectAllUnavailable(answers: Record<string, Timed>): void {
  for (const [label, answer] of Object.entries(answers)) {
    expectErrorShape(answer, 503);
    expect((answer.body as { message: string }).message).toMatch(/sign-in service is unavailable/);
    expect({ label, fast: answer.ms < ANSWER_WITHIN_MS, ms: answer.ms }).toEqual({ label, fast: true, ms: answer.ms });
  }
}

const slowest = (answers: Record<string, Timed>) => Math.max(...Object.values(answers).map((answer) => answer.ms)).toFixed(0);

test('with the identity service reachable, signed-in calls work through the forwarder', async () => {
  expect((await call(api.url, '/liked-artifacts', { token: user.token })).status).toBe(200);
  expect((await call(api.url, `/artifacts/${artifactId}`, { token: user.token })).status).toBe(200);
});

test('identity service down (nothing listens): signed-in calls answer 503, not 401; anonymous reads still work', async () => {
  const before = await client.db().collection('artifacts').countDocuments();
  await proxy.close();

  const answers = await signedInCalls();
  expectAllUnavailable(answers);
  console.log(`[identity-outage] emulator down: ${Object.keys(answers).length} signed-in calls answered 503, slowest ${slowest(answers)} ms`);

  // Nothing was written on the strength of an unchecked token.
  expect(await client.db().collection('artifacts').countDocuments()).toBe(before);
  expect(await client.db().collection('likes').countDocuments()).toBe(0);
  // Reads that need no identity are unaffected.
  expect((await call(api.url, '/artifacts')).status).toBe(200);
  expect((await call(api.url, `/artifacts/${artifactId}`)).status).toBe(200);
  expect((await call(api.url, '/contributors/top')).status).toBe(200);
  // A token that is not even a token is still refused with 401: no service is needed to say so.
  expectErrorShape(await call(api.url, '/liked-artifacts', { token: 'not-a-token' }), 401);
});

test('identity service hung (accepts, never answers): signed-in calls answer 503 within 5 s instead of hanging', async () => {
  await proxy.listen('blackhole');
  const answers = await signedInCalls();
  expectAllUnavailable(answers);
  console.log(`[identity-outage] emulator hung: ${Object.keys(answers).length} signed-in calls answered 503, slowest ${slowest(answers)} ms`);
});

test('identity service back: the same token works again, without an api restart', async () => {
  const pid = api.proc.pid;
  await proxy.listen('forward');
  expect((await call(api.url, '/liked-artifacts', { token: user.token })).status).toBe(200);
  expect((await call(api.url, '/artifacts', { method: 'POST', token: user.token, body: artifactInput() })).status).toBe(201);
  const toggled = await call<{ liked: boolean }>(api.url, `/artifacts/toggle-like/${artifactId}`, { method: 'PATCH', token: user.token });
  expect(toggled.status).toBe(200);
  expect(toggled.body.liked).toBe(true);
  expect(api.proc.pid).toBe(pid);
  expect(api.proc.isRunning()).toBe(true);
});
