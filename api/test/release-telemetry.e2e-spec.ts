// The release telemetry over HTTP (docs/decisions/0028, "Telemetry tickets"; issue #26): only the
// site's pages may send it, only under a ticket the routing answer gave, at most one view, one
// failure and one INP per ticket and remote, within a budget of its own; and the canary watch judges
// a canary by enough distinct tickets and clients against a baseline the public cannot move.
//
// The tickets and the telemetry go through the low-limit apis (they trust the loopback proxy, so
// each test client picks its address with X-Forwarded-For, and they share the suite's ticket key);
// changes and the status go through the main api, which has the deploy token. Like
// releases.e2e-spec.ts this file empties the registry first; files run one at a time. The contribute
// remote serves the rules of the route, account the canary watch.
import { randomBytes, randomInt } from 'node:crypto';
import {
  CANARY_MAX_LOADS_PER_CLIENT,
  CANARY_MIN_CLIENTS,
  CANARY_MIN_VIEWS,
  TELEMETRY_MAX_BYTES,
  TELEMETRY_MAX_EVENTS,
  TELEMETRY_TICKET_HEADER,
  type Release,
  type ReleaseAuditEntry,
  type ReleaseRouting,
  type ReleaseStatus,
  type TelemetryEvent,
} from '@antiquarium/contracts';
import { ticketKey, TicketSigner } from '../src/releases/telemetry-ticket';
import { RELEASE_COLLECTIONS, releaseCollection } from './support/db';
import { API_URL, METRICS_URL, RATE_LIMITED_API_URL, RATE_LIMITED_TWIN_URL, RELEASE_DEPLOY_TOKEN, RELEASE_TELEMETRY_SECRET } from './support/env';
import { api, expectApiError, expectStatus, newClientAddress, type ApiResponse } from './support/http';

if (!RELEASE_DEPLOY_TOKEN || !RELEASE_TELEMETRY_SECRET) throw new Error('scripts/test.mjs gives the apis and this suite RELEASE_DEPLOY_TOKEN and RELEASE_TELEMETRY_SECRET');
const TOKEN = RELEASE_DEPLOY_TOKEN;
/** The suite's own copy of the apis' ticket key: it signs tickets the apis must refuse (expired ones). */
const signer = new TicketSigner(ticketKey({ releaseTelemetrySecret: RELEASE_TELEMETRY_SECRET, releaseDeployToken: undefined }) as Buffer);
/** As scripts/test.mjs starts the low-limit apis. */
const TELEMETRY_RATE_LIMIT = 4;
/** An origin of CORS_ORIGINS: the site's pages. */
const SITE = 'http://localhost:4200';
/** Where tickets and telemetry go: an api that trusts the loopback proxy. */
const EDGE = RATE_LIMITED_API_URL;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// Client addresses of their own (the low-limit apis keep their budgets in Redis, across the files).
const newClient = newClientAddress;

// The addresses polls ask from (a /24 of their own in 100.64.0.0/10, apart from newClient's 10.0.0.0/8,
// taken in turn): a poll every 100 ms would spend one address's CLIENT_RATE_LIMIT in 3 s, and this
// file's own budget with it.
const POLL_NET = `100.${64 + randomInt(64)}.${randomInt(256)}`;
let polls = 0;
function pollClient(): string {
  polls += 1;
  return `${POLL_NET}.${1 + (polls % 254)}`;
}

let versions = 0;
function newVersion(): string {
  versions += 1;
  return `0.${versions}.1-${randomBytes(6).toString('hex')}`;
}

function deploy<T>(path: string, body?: unknown): Promise<ApiResponse<T>> {
  return api<T>(path, { token: TOKEN, ...(body === undefined ? {} : { method: 'POST', body }) });
}

async function publish(remote: string): Promise<Release> {
  const version = newVersion();
  const response = await deploy<Release>(`/releases/${remote}`, {
    version,
    manifestUrl: `https://cdn.test.antiquarium.example/remotes/${version}/mf-manifest.json`,
    shared: { react: '^19.0.0' },
    exposes: ['./Home'],
  });
  expectStatus(response, 201);
  return response.body;
}

async function promote(remote: string, version: string, percent?: number): Promise<void> {
  expectStatus(await deploy(`/releases/${remote}/promote`, { version, ...(percent === undefined ? {} : { percent }), by: 'e2e' }), 200);
}

async function status(): Promise<ReleaseStatus> {
  const response = await deploy<ReleaseStatus>('/releases');
  expectStatus(response, 200);
  return response.body;
}

async function lastHour(remote: string, version: string) {
  return (await status()).remotes.find((entry) => entry.remote === remote)?.releases.find((release) => release.version === version)?.lastHour;
}

async function routingAt(base: string): Promise<ReleaseRouting> {
  const response = await api<ReleaseRouting>(`${base}/releases/routing`, { headers: { 'x-forwarded-for': pollClient() } });
  expectStatus(response, 200);
  return response.body;
}

/** Polls until `check` holds (the routing an api serves may be a second old), failing after 10 s. */
async function eventually(what: string, check: () => Promise<boolean>): Promise<void> {
  for (let waited = 0; waited < 10_000; waited += 100) {
    if (await check()) return;
    await pause(100);
  }
  throw new Error(`still not so after 10 s: ${what}`);
}

/** What the main api's last canary check of `remote` weighed (its metrics, canary_last_check_evidence). */
async function canaryEvidenceAtMainApi(remote: string): Promise<Record<'loads' | 'tickets' | 'clients', number | undefined>> {
  const text = await (await fetch(METRICS_URL)).text();
  const measure = (name: string) => {
    const line = text.split('\n').find((candidate) => candidate.startsWith(`canary_last_check_evidence{remote="${remote}",measure="${name}"}`));
    return line === undefined ? undefined : Number(line.split(' ').at(-1));
  };
  return { loads: measure('loads'), tickets: measure('tickets'), clients: measure('clients') };
}

/** A page load's ticket: what the routing answer carries, for the client at `client`. */
async function ticketFor(client: string, base = EDGE): Promise<string> {
  const response = await api(`${base}/releases/routing`, { headers: { 'x-forwarded-for': client, origin: SITE } });
  expectStatus(response, 200);
  const ticket = response.headers.get(TELEMETRY_TICKET_HEADER);
  expect(ticket).toMatch(/^t1\.[\w-]+\.[\w-]{43}$/);
  return ticket as string;
}

interface Beacon {
  client: string;
  base?: string;
  origin?: string | null;
  headers?: Record<string, string>;
}

/** A post as navigator.sendBeacon sends it: text/plain, with the page's Origin. */
function beacon(body: unknown, { client, base = EDGE, origin = SITE, headers = {} }: Beacon): Promise<ApiResponse> {
  return api(`${base}/releases/telemetry`, {
    method: 'POST',
    rawBody: typeof body === 'string' ? body : JSON.stringify(body),
    headers: { 'content-type': 'text/plain;charset=UTF-8', 'x-forwarded-for': client, ...(origin === null ? {} : { origin }), ...headers },
  });
}

function repeat(count: number, event: TelemetryEvent): TelemetryEvent[] {
  return Array.from({ length: count }, () => ({ ...event }));
}

/** One page load by a new client (or `client`): its ticket, then its events. */
async function pageLoad(events: TelemetryEvent[], client = newClient(), base = EDGE): Promise<void> {
  const ticket = await ticketFor(client, base);
  expectStatus(await beacon({ ticket, events }, { client, base }), 204);
}

beforeAll(async () => {
  for (const name of RELEASE_COLLECTIONS) await (await releaseCollection(name)).deleteMany({});
  // An api may hold a routing read before the collections were emptied: it is at most 1 s old.
  await pause(1100);
});

describe('the routing’s ticket', () => {
  test('every answer carries a ticket of its own, a 304 too, readable by the site’s pages; no shared cache may keep it', async () => {
    const client = newClient();
    const first = await api(`${EDGE}/releases/routing`, { headers: { origin: SITE, 'x-forwarded-for': client } });
    expectStatus(first, 200);
    const ticket = first.headers.get(TELEMETRY_TICKET_HEADER);
    expect(ticket).toMatch(/^t1\./);
    expect(first.headers.get('access-control-expose-headers')?.toLowerCase().split(/,\s*/)).toContain(TELEMETRY_TICKET_HEADER.toLowerCase());
    expect(first.headers.get('cache-control')).toBe('private, no-cache');
    expect(first.headers.get('cdn-cache-control')).toBe('no-store');
    const again = await api(`${EDGE}/releases/routing`, { headers: { origin: SITE, 'x-forwarded-for': client, 'if-none-match': first.headers.get('etag') ?? '' } });
    expect(again.status).toBe(304);
    expect(again.headers.get(TELEMETRY_TICKET_HEADER)).toMatch(/^t1\./);
    expect(again.headers.get(TELEMETRY_TICKET_HEADER)).not.toBe(ticket);
  });
});

describe('who may send telemetry, and what counts (contribute)', () => {
  let live: Release;
  let other: Release;

  beforeAll(async () => {
    live = await publish('contribute');
    other = await publish('contribute');
    await promote('contribute', live.version);
    await eventually('the low-limit api serves the contribute release', async () => (await routingAt(EDGE)).remotes.contribute?.live.version === live.version);
  });

  test('a page of another site is refused (sendBeacon’s text/plain or JSON), and so is a post with no Origin', async () => {
    const client = newClient();
    const ticket = await ticketFor(client);
    const body = { ticket, events: [{ remote: 'contribute', version: live.version, kind: 'load-failure' }] };
    for (const origin of ['https://evil.example', 'null', 'http://localhost:4200.evil.example', 'http://localhost:4201']) {
      expect(expectApiError(await beacon(body, { client: newClient(), origin }), 403).message).toBe('Telemetry is accepted from the site’s own pages only');
    }
    expectApiError(await beacon(body, { client: newClient(), origin: 'https://evil.example', headers: { 'content-type': 'application/json' } }), 403);
    expectApiError(await beacon(body, { client: newClient(), origin: null }), 403);
    expectApiError(await beacon(body, { client: newClient(), origin: null, headers: { 'sec-fetch-site': 'cross-site' } }), 403);
    expect((await lastHour('contribute', live.version))?.loadFailures).toBe(0);
    // A browser that sends no Origin but says the request is the page's own origin's.
    expectStatus(await beacon(body, { client, origin: null, headers: { 'sec-fetch-site': 'same-origin' } }), 204);
    expect((await lastHour('contribute', live.version))?.loadFailures).toBe(1);
  });

  test('a ticket counts one view and one failure per remote, of a release its routing named; the status counts nothing else', async () => {
    const before = (await lastHour('contribute', live.version)) ?? { views: 0, loadFailures: 0, renderErrors: 0, inpReports: 0, inpP75Ms: null };
    const version = live.version;
    await pageLoad([{ remote: 'contribute', version, kind: 'view', ms: 150 }, ...repeat(5, { remote: 'contribute', version, kind: 'view', ms: 150 })]);
    await pageLoad([{ remote: 'contribute', version, kind: 'view', ms: 3000 }]);
    await pageLoad([
      { remote: 'contribute', version, kind: 'view' },
      { remote: 'contribute', version, kind: 'load-failure' },
      { remote: 'contribute', version, kind: 'render-error' },
      // Releases the ticket does not name: published, but not in the routing it came with.
      { remote: 'contribute', version: other.version, kind: 'view' },
      { remote: 'contribute', version: other.version, kind: 'load-failure' },
      { remote: 'catalog', version, kind: 'view' },
    ]);
    await pageLoad(repeat(3, { remote: 'contribute', version, kind: 'render-error' }));
    expect(await lastHour('contribute', version)).toEqual({
      views: before.views + 3,
      loadFailures: before.loadFailures + 1,
      renderErrors: before.renderErrors + 1,
      failureRate: expect.any(Number),
      loadP50Ms: 200,
      loadP95Ms: 3200,
      inpReports: before.inpReports,
      inpP75Ms: before.inpP75Ms,
    });
    expect(await lastHour('contribute', other.version)).toEqual({ views: 0, loadFailures: 0, renderErrors: 0, failureRate: 0, loadP50Ms: null, loadP95Ms: null, inpReports: 0, inpP75Ms: null });
  });

  test('a replayed ticket counts nothing more, sent again or at once to several api instances', async () => {
    const before = await lastHour('contribute', live.version);
    const client = newClient();
    const ticket = await ticketFor(client);
    const body = { ticket, events: [{ remote: 'contribute', version: live.version, kind: 'view', ms: 90 }, { remote: 'contribute', version: live.version, kind: 'render-error' }] };
    // One post through each api (every instance's claim is an insert under one unique key)...
    const answers = await Promise.all([EDGE, RATE_LIMITED_TWIN_URL, API_URL].map((base) => beacon(body, { client, base })));
    for (const answer of answers) expectStatus(answer, 204);
    // ...and the same again from other addresses.
    expectStatus(await beacon(body, { client: newClient(), base: RATE_LIMITED_TWIN_URL }), 204);
    expect(await lastHour('contribute', live.version)).toEqual({ ...before, views: (before?.views ?? 0) + 1, renderErrors: (before?.renderErrors ?? 0) + 1, failureRate: expect.any(Number) });
    const read = signer.read(ticket);
    if (typeof read === 'string') throw new Error(`the api's ticket did not read: ${read}`);
    const claims = await (await releaseCollection('release_telemetry_claims')).find({ _id: { $in: [`${read.id}:contribute:view`, `${read.id}:contribute:failure`] } } as never).toArray();
    expect(claims.map((claim) => claim['slot'] as string).sort()).toEqual(['failure', 'view']);
  });

  test('a ticket that is missing, malformed, forged, tampered with or expired is refused', async () => {
    const before = await lastHour('contribute', live.version);
    const client = newClient();
    const ticket = await ticketFor(client);
    const events = [{ remote: 'contribute', version: live.version, kind: 'load-failure' }];
    expect(expectApiError(await beacon({ events }, { client: newClient() }), 400).message).toMatch(/^ticket: is required/);
    expect(expectApiError(await beacon({ ticket: 'nonsense', events }, { client: newClient() }), 403).message).toBe('ticket: is not a telemetry ticket');
    const otherKey = new TicketSigner(Buffer.alloc(32, 7));
    const foreign = otherKey.issue({ remotes: { contribute: { live: { version: live.version, manifestUrl: '/x' } } }, updatedAt: null }, client);
    expect(expectApiError(await beacon({ ticket: foreign, events }, { client: newClient() }), 403).message).toBe('ticket: was not issued by this site');
    // A real ticket whose payload was changed to name another release.
    const [format, payload, signature] = ticket.split('.') as [string, string, string];
    const changed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { r: Record<string, string[]> };
    changed.r['contribute'] = [other.version];
    const tampered = `${format}.${Buffer.from(JSON.stringify(changed)).toString('base64url')}.${signature}`;
    expect(expectApiError(await beacon({ ticket: tampered, events }, { client: newClient() }), 403).message).toBe('ticket: was not issued by this site');
    // Signed with the right key, but past its life.
    const read = signer.read(ticket);
    if (typeof read === 'string') throw new Error(`the api's ticket did not read: ${read}`);
    const expired = signer.encode({ ...read, expiresAt: Date.now() - 1 });
    expect(expectApiError(await beacon({ ticket: expired, events }, { client: newClient() }), 403).message).toBe('ticket: has expired; a new page load gets a new one');
    expect(await lastHour('contribute', live.version)).toEqual(before);
  });

  test(`past ${TELEMETRY_RATE_LIMIT} posts in a window a client is refused with 429; other clients are not`, async () => {
    const client = newClient();
    const ticket = await ticketFor(client);
    const body = { ticket, events: [{ remote: 'contribute', version: live.version, kind: 'view' }] };
    for (let post = 0; post < TELEMETRY_RATE_LIMIT; post += 1) expectStatus(await beacon(body, { client }), 204);
    const refused = await beacon(body, { client });
    expectApiError(refused, 429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // The client's other requests have their own, larger budget.
    expectStatus(await api(`${EDGE}/releases/routing`, { headers: { 'x-forwarded-for': client } }), 200);
    expectStatus(await beacon(body, { client: newClient() }), 204);
  });

  test('sendBeacon’s text/plain and JSON are read; bad bodies are 400, too large 413, another type 415', async () => {
    const client = newClient();
    const ticket = await ticketFor(client);
    const event: TelemetryEvent = { remote: 'contribute', version: live.version, kind: 'view' };
    const once = (body: unknown, headers: Record<string, string> = {}) => beacon(body, { client: newClient(), headers });
    expectStatus(await once({ ticket, events: [event] }, { 'content-type': 'application/json' }), 204);
    expect(expectApiError(await once({ ticket, events: repeat(TELEMETRY_MAX_EVENTS + 1, event) }), 400).message).toMatch(/^events:/);
    expectApiError(await once({ ticket, events: [event], padding: 'x'.repeat(TELEMETRY_MAX_BYTES) }), 413);
    expectApiError(await once('{"events": ['), 400);
    expectApiError(await once({ ticket: 42, events: [event] }), 400);
    expectApiError(await once({ ticket: 'x'.repeat(2000), events: [event] }), 400);
    for (const bad of [{ ...event, kind: 'click' }, { ...event, ms: -5 }, { ...event, ms: 120_001 }, { ...event, remote: 42 }, 'view']) {
      expectApiError(await once({ ticket, events: [bad] }), 400);
    }
    expectApiError(await once([]), 400);
    expectApiError(await once('events=1', { 'content-type': 'application/x-www-form-urlencoded' }), 415);
    // Elsewhere text/plain is not read as JSON.
    expectApiError(await api('/releases/catalog', { method: 'POST', token: TOKEN, rawBody: '{}', headers: { 'content-type': 'text/plain' } }), 400);
  });
});

describe('Interaction to Next Paint (contribute)', () => {
  test('a page load’s INP counts once per ticket and remote, timed, of a release its routing named; the status shows its p75', async () => {
    const measured = await publish('contribute');
    const other = await publish('contribute');
    await promote('contribute', measured.version);
    // Asked as new clients: the suite's own address keeps its budget for the canary watch's polls below.
    const liveAtEdge = async () => (await api<ReleaseRouting>(`${EDGE}/releases/routing`, { headers: { 'x-forwarded-for': newClient() } })).body.remotes?.contribute?.live.version;
    await eventually('the low-limit api serves the new contribute release', async () => (await liveAtEdge()) === measured.version);
    const version = measured.version;
    const inp = (ms?: number, on = version): TelemetryEvent => ({ remote: 'contribute', version: on, kind: 'inp', ...(ms === undefined ? {} : { ms }) });
    // The first timed INP of a page load counts, beside its view; the others of the batch do not.
    await pageLoad([{ remote: 'contribute', version, kind: 'view', ms: 150 }, inp(120), inp(900)]);
    // An INP without its time counts nothing; the batch's next one does.
    await pageLoad([inp(), inp(2500)]);
    await pageLoad([inp(180)]);
    await pageLoad([inp(450)]);
    // A release the ticket does not name.
    await pageLoad([inp(60, other.version)]);
    // A replayed ticket counts nothing more.
    const client = newClient();
    const ticket = await ticketFor(client);
    expectStatus(await beacon({ ticket, events: [inp(3000)] }, { client }), 204);
    expectStatus(await beacon({ ticket, events: [inp(3000)] }, { client: newClient() }), 204);
    // 120, 180, 450, 2500, 3000 ms: the p75 (the 4th of 5) is in the bucket up to 4 s. INP is no view.
    expect(await lastHour('contribute', version)).toEqual({
      views: 1,
      loadFailures: 0,
      renderErrors: 0,
      failureRate: 0,
      loadP50Ms: 200,
      loadP95Ms: 200,
      inpReports: 5,
      inpP75Ms: 4000,
    });
    expect((await lastHour('contribute', other.version))?.inpReports).toBe(0);
    const read = signer.read(ticket);
    if (typeof read === 'string') throw new Error(`the api's ticket did not read: ${read}`);
    const claims = await (await releaseCollection('release_telemetry_claims')).find({ _id: `${read.id}:contribute:inp` } as never).toArray();
    expect(claims.map((claim) => claim['slot'] as string)).toEqual(['inp']);
  });
});

describe('the canary watch (account)', () => {
  let healthy: Release;
  let broken: Release;
  const failedLoad = (): TelemetryEvent[] => [
    { remote: 'account', version: broken.version, kind: 'view' },
    { remote: 'account', version: broken.version, kind: 'load-failure' },
  ];
  const canaryAt = async (base: string) => (await routingAt(base)).remotes.account?.canary?.version;

  beforeAll(async () => {
    healthy = await publish('account');
    broken = await publish('account');
    await promote('account', healthy.version);
    await eventually('the low-limit api serves the account release', async () => (await routingAt(EDGE)).remotes.account?.live.version === healthy.version);
    // Before the canary: the live release's page loads, from 20 clients, all fine.
    for (let client = 0; client < 20; client += 1) await pageLoad([{ remote: 'account', version: healthy.version, kind: 'view', ms: 200 }]);
    await promote('account', broken.version, 50);
    await eventually('the low-limit api serves the canary', async () => (await canaryAt(EDGE)) === broken.version);
  });

  test(`one request of ${TELEMETRY_MAX_EVENTS} load failures of the canary counts once, and changes nothing`, async () => {
    await pageLoad(repeat(TELEMETRY_MAX_EVENTS, { remote: 'account', version: broken.version, kind: 'load-failure' }));
    expect(await lastHour('account', broken.version)).toEqual({ views: 0, loadFailures: 1, renderErrors: 0, failureRate: 1, loadP50Ms: null, loadP95Ms: null, inpReports: 0, inpP75Ms: null });
  });

  // The main api does not trust a proxy: every ticket it gives here is one client's (127.0.0.1).
  const FLOOD = 12;

  test('one client’s many failing page loads of the live release, sent while the canary runs, move nothing', async () => {
    for (let load = 0; load < FLOOD; load += 1) {
      await pageLoad([{ remote: 'account', version: healthy.version, kind: 'view' }, { remote: 'account', version: healthy.version, kind: 'load-failure' }], '127.0.0.1', API_URL);
    }
    expect((await lastHour('account', healthy.version))?.loadFailures).toBe(FLOOD);
  });

  test(`one client’s many failing page loads of the canary weigh ${CANARY_MAX_LOADS_PER_CLIENT}; with ${CANARY_MIN_VIEWS} page loads from fewer than ${CANARY_MIN_CLIENTS} clients the canary stays`, async () => {
    for (let client = 0; client < CANARY_MIN_CLIENTS - 3; client += 1) {
      const address = newClient();
      await pageLoad(failedLoad(), address);
      await pageLoad(failedLoad(), address);
    }
    for (let load = 0; load < FLOOD; load += 1) await pageLoad(failedLoad(), '127.0.0.1', API_URL);
    // The burst's 1, 7 clients' 14, the flood's 12 weighed as 5: 20 page loads, from 9 clients. The
    // main api, which the flood's posts reached last, checks after them: once its metrics say a check
    // weighed all of that, its verdict is carried out, and it kept the canary.
    await eventually('the main api has judged the 20 page loads from 9 clients', async () => {
      const evidence = await canaryEvidenceAtMainApi('account');
      return evidence.loads === CANARY_MIN_VIEWS && evidence.clients === CANARY_MIN_CLIENTS - 1;
    });
    expect(await canaryAt(API_URL)).toBe(broken.version);
  });

  test('real failing page loads from enough tickets and clients roll it back, and the audit says what counted', async () => {
    await pageLoad(failedLoad());
    await eventually('the canary is rolled back', async () => (await canaryAt(API_URL)) === undefined);
    expect((await routingAt(API_URL)).remotes.account?.live.version).toBe(healthy.version);
    const entry = (await status()).audit.find((candidate: ReleaseAuditEntry) => candidate.remote === 'account' && candidate.action === 'auto-rollback');
    // A tenth client's page load: 21 weighed, 28 in all (tickets), from 10 clients. The baseline is
    // the live release's 20 page loads before the canary, not the flood of failures sent during it.
    expect(entry).toEqual({
      at: expect.any(String),
      remote: 'account',
      action: 'auto-rollback',
      version: broken.version,
      by: 'canary watch',
      reason: 'canary failure rate 100% over 28 page loads from 10 clients exceeds live before the canary 0% over 20 page loads from 20 clients by more than 5 points',
    });
  });
});
