// What operators see: request ids, JSON access lines without secrets, and Prometheus metrics.
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { createArtifact } from './support/artifacts';
import { createUser } from './support/auth';
import { API_LOG_FILE, METRICS_URL, RATE_LIMITED_API_URL } from './support/env';
import { api, expectStatus } from './support/http';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

test('every answer carries a request id; one sent by a client is believed only from a trusted proxy', async () => {
  const plain = await api('/artifacts?limit=1');
  expect(plain.headers.get('x-request-id')).toMatch(UUID);
  // The main api trusts no proxy: a client cannot choose the id that ties its lines together.
  const offered = await api('/artifacts?limit=1', { headers: { 'x-request-id': 'chosen-by-client' } });
  expect(offered.headers.get('x-request-id')).toMatch(UUID);
  // The limited api trusts the loopback proxy: its id is kept, end to end.
  const proxied = await api(`${RATE_LIMITED_API_URL}/artifacts?limit=1`, { headers: { 'x-request-id': 'proxy-id-42', 'x-forwarded-for': '203.0.113.9' } });
  expect(proxied.headers.get('x-request-id')).toBe('proxy-id-42');
});

test('one JSON access line per request, by route template, with a hashed member id and no secret', async () => {
  expect(API_LOG_FILE).toBeDefined();
  const user = await createUser();
  const secretText = `Found by ${user.email} near the river`;
  const { id } = await createArtifact(user, { discoveredBy: secretText });
  const answer = await api(`/artifacts/${id}?probe=query-text`, { token: user.token, headers: { cookie: 'session=cookie-secret' } });
  expectStatus(answer, 200);
  const requestId = answer.headers.get('x-request-id');
  // The line is written when the answer is finished: give the process a moment to flush it.
  await new Promise((resolve) => setTimeout(resolve, 300));
  const log = readFileSync(API_LOG_FILE ?? '', 'utf8');
  const lines = log
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
  const line = lines.find((entry) => entry['requestId'] === requestId);
  expect(line).toMatchObject({ level: 'info', context: 'Access', method: 'GET', route: '/artifacts/:id', status: 200, member: expect.stringMatching(/^[0-9a-f]{16}$/) });
  expect(line?.['durationMs']).toEqual(expect.any(Number));
  for (const secret of [user.token, user.email, user.uid, secretText, 'query-text', 'cookie-secret', id]) expect(log).not.toContain(secret);
});

test('Prometheus metrics on their own port: requests by route, database, catalog, limits, reconciliation, process', async () => {
  await api('/artifacts?limit=8&sort=likes');
  await api('/artifacts?limit=8&sort=likes');
  const response = await fetch(METRICS_URL);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
  const text = await response.text();
  expect(text).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/artifacts",status="200"\} [1-9]/);
  expect(text).toMatch(/db_operation_duration_seconds_count\{command="find",outcome="ok"\} [1-9]/);
  // Lists come from the in-process catalog (loaded once, refreshed after each write); the home-list
  // cache serves only when the database path does (API_CATALOG=off: the catalog never loads).
  if (process.env['API_CATALOG'] === 'off') {
    expect(text).not.toMatch(/catalog_events_total\{event="load"\}/);
    expect(text).toMatch(/home_list_cache_total\{result="(hit|miss)"\} [1-9]/);
  } else {
    expect(text).toMatch(/catalog_events_total\{event="load"\} [1-9]/);
    expect(text).toMatch(/catalog_events_total\{event="refresh"\} [1-9]/);
    expect(text).toContain('# TYPE home_list_cache_total');
  }
  expect(text).toMatch(/reconciliation_runs_total\{outcome="done"\} 1/);
  for (const name of ['rate_limit_refusals_total', 'db_operation_timeouts_total', 'nodejs_eventloop_lag_seconds', 'process_resident_memory_bytes']) {
    expect(text).toContain(`# TYPE ${name}`);
  }
  // Never on the public port.
  expect((await api('/metrics')).status).toBe(404);
});

test('the metrics listen on loopback only (METRICS_HOST unset): the machine\'s network address does not answer', async () => {
  const port = new URL(METRICS_URL).port;
  const address = Object.values(os.networkInterfaces())
    .flat()
    .find((entry) => entry !== undefined && entry.family === 'IPv4' && !entry.internal)?.address;
  expect(address).toBeDefined();
  const refused = await fetch(`http://${address}:${port}/metrics`).then(
    (response) => `answered ${response.status}`,
    (error: { cause?: { code?: string } }) => error.cause?.code,
  );
  expect(refused).toBe('ECONNREFUSED');
});
