// The release registry (GitHub issue #13, docs/api.md "Releases") over HTTP: who may change it, what
// publish, promote, canary, rollback and prune do to the routing the shells read, the routing's
// caching headers and the audit log (the shell's telemetry and the canary's automatic rollback:
// release-telemetry.e2e-spec.ts).
//
// There are only three remote names, so this file owns the registry: it empties the releases
// collections first and its tests run in order (jest runs one file's tests one after another). The
// catalog remote serves the publish/promote/rollback/prune story.
import { randomBytes } from 'node:crypto';
import {
  PRUNE_DEFAULT_KEEP,
  RELEASE_REMOTES,
  type PrunableReleases,
  type Release,
  type ReleaseAuditEntry,
  type ReleaseInput,
  type ReleaseRouting,
  type ReleaseStatus,
  type RemoteRoutingChange,
} from '@antiquarium/contracts';
import { artifactInput, createArtifact } from './support/artifacts';
import { createUser, grantOperator, type TestUser } from './support/auth';
import { RELEASE_COLLECTIONS, releaseCollection } from './support/db';
import { RATE_LIMITED_API_URL, RELEASE_DEPLOY_TOKEN } from './support/env';
import { api, expectApiError, expectStatus, type ApiRequest, type ApiResponse } from './support/http';

if (!RELEASE_DEPLOY_TOKEN) throw new Error('RELEASE_DEPLOY_TOKEN is not set: scripts/test.mjs gives the main api and this suite one');
const TOKEN = RELEASE_DEPLOY_TOKEN;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let versionCounter = 0;
/** A version no other run has published: 0.<n>.0-<12 random hex digits>. */
function newVersion(): string {
  versionCounter += 1;
  return `0.${versionCounter}.0-${randomBytes(6).toString('hex')}`;
}

function releaseInput(version: string, overrides: Partial<ReleaseInput> = {}): ReleaseInput {
  return {
    version,
    manifestUrl: `https://cdn.test.antiquarium.example/remotes/${version}/mf-manifest.json`,
    shared: { react: '^19.0.0', 'react-dom': '^19.0.0', '@antiquarium/contracts': '0.1.0', 'lodash.debounce': '4.x' },
    exposes: ['./Home', './pages/Details'],
    notes: 'Built by the releases e2e spec',
    publishedBy: 'e2e',
    ...overrides,
  };
}

/** A change request with the deploy token. */
function deploy<T>(path: string, options: ApiRequest = {}): Promise<ApiResponse<T>> {
  return api<T>(path, { ...options, token: TOKEN });
}

async function publish(remote: string, version = newVersion(), overrides: Partial<ReleaseInput> = {}): Promise<Release> {
  const response = await deploy<Release>(`/releases/${remote}`, { method: 'POST', body: releaseInput(version, overrides) });
  expectStatus(response, 201);
  return response.body;
}

async function promote(remote: string, version: string, percent?: number): Promise<RemoteRoutingChange> {
  const response = await deploy<RemoteRoutingChange>(`/releases/${remote}/promote`, { method: 'POST', body: { version, ...(percent === undefined ? {} : { percent }), by: 'e2e' } });
  expectStatus(response, 200);
  return response.body;
}

async function routing(): Promise<ApiResponse<ReleaseRouting>> {
  const response = await api<ReleaseRouting>('/releases/routing');
  expectStatus(response, 200);
  return response;
}

async function status(): Promise<ReleaseStatus> {
  const response = await deploy<ReleaseStatus>('/releases');
  expectStatus(response, 200);
  return response.body;
}

/** The stats rows of one release (one per minute that had events). */
async function statsRows(remote: string, version: string) {
  return (await releaseCollection('release_stats')).find({ remote, version }).toArray();
}

let member: TestUser;

beforeAll(async () => {
  for (const name of RELEASE_COLLECTIONS) await (await releaseCollection(name)).deleteMany({});
  member = await createUser();
  // The api may hold a routing read before the collections were emptied: it is at most 1 s old.
  await pause(1100);
});

describe('an empty registry', () => {
  test('GET /releases/routing answers no remotes and no date, with its caching headers', async () => {
    const response = await routing();
    expect(response.body).toEqual({ remotes: {}, updatedAt: null });
    // Browsers revalidate every load (stale-while-revalidate would show a rolled-back release once
    // more); no shared cache keeps it, since every answer carries a telemetry ticket of its own
    // (release-telemetry.e2e-spec.ts).
    expect(response.headers.get('cache-control')).toBe('private, no-cache');
    expect(response.headers.get('cdn-cache-control')).toBe('no-store');
    expect(response.headers.get('etag')).toMatch(/^"[^"]+"$/);
  });
});

describe('the OpenAPI document', () => {
  test('lists the registry’s routes and the deploy token’s scheme', async () => {
    const response = await api<{ paths: Record<string, Record<string, unknown>>; components: { securitySchemes: Record<string, unknown> } }>('/docs-json');
    expectStatus(response, 200);
    for (const path of ['/releases', '/releases/routing', '/releases/telemetry', '/releases/{remote}', '/releases/{remote}/promote', '/releases/{remote}/rollback', '/releases/{remote}/{version}']) {
      expect(Object.keys(response.body.paths)).toContain(path);
    }
    expect(Object.keys(response.body.paths['/releases/{remote}/{version}'] ?? {}).sort()).toEqual(['delete', 'get']);
    expect(Object.keys(response.body.components.securitySchemes)).toContain('deploy-token');
  });
});

describe('who may change the registry', () => {
  const version = newVersion();
  const changes: { label: string; path: string; request: ApiRequest }[] = [
    { label: 'POST /releases/:remote', path: '/releases/catalog', request: { method: 'POST', body: releaseInput(version) } },
    { label: 'POST /releases/:remote/promote', path: '/releases/catalog/promote', request: { method: 'POST', body: { version } } },
    { label: 'POST /releases/:remote/rollback', path: '/releases/catalog/rollback', request: { method: 'POST', body: {} } },
    { label: 'DELETE /releases/:remote/:version', path: `/releases/catalog/${version}`, request: { method: 'DELETE' } },
  ];
  const credentials: { label: string; headers: () => Record<string, string> }[] = [
    { label: 'no token', headers: () => ({}) },
    { label: 'a wrong token', headers: () => ({ authorization: `Bearer ${randomBytes(24).toString('hex')}` }) },
    { label: 'the token with one character changed', headers: () => ({ authorization: `Bearer ${TOKEN.slice(0, -1)}${TOKEN.endsWith('0') ? '1' : '0'}` }) },
    { label: 'the token as a Basic credential', headers: () => ({ authorization: `Basic ${TOKEN}` }) },
    { label: "a member's Firebase token", headers: () => ({ authorization: `Bearer ${member.token}` }) },
  ];

  describe.each(changes)('$label', (change) => {
    test.each(credentials)('answers 401 with $label', async ({ headers }) => {
      const response = await api(change.path, { ...change.request, headers: { ...change.request.headers, ...headers() } });
      expect(expectApiError(response, 401).message).toMatch(/deploy token/);
    });
  });

  test('none of the refused calls changed anything', async () => {
    for (const name of RELEASE_COLLECTIONS) expect(await (await releaseCollection(name)).countDocuments({})).toBe(0);
  });

  test('an api without RELEASE_DEPLOY_TOKEN answers 403: release changes are turned off', async () => {
    // The low-limit instance of scripts/test.mjs has no deploy token; a client address of this test's own.
    const response = await api(`${RATE_LIMITED_API_URL}/releases/catalog`, {
      method: 'POST',
      token: TOKEN,
      body: releaseInput(newVersion()),
      headers: { 'x-forwarded-for': `198.18.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` },
    });
    expect(expectApiError(response, 403).message).toMatch(/turned off.*RELEASE_DEPLOY_TOKEN is not set/);
  });

  test('the deploy token is no member: every signed-in route refuses it with 401', async () => {
    const owner = await createUser();
    const { id } = await createArtifact(owner);
    const attempts: [string, ApiRequest][] = [
      ['/artifacts', { method: 'POST', body: artifactInput() }],
      ['/liked-artifacts', {}],
      [`/artifacts/toggle-like/${id}`, { method: 'PATCH' }],
      [`/artifacts/${id}`, { method: 'PATCH', body: { name: 'Deployed over' } }],
      [`/artifacts/${id}`, { method: 'DELETE' }],
      [`/artifacts?email=${encodeURIComponent(owner.email)}`, {}],
    ];
    for (const [path, request] of attempts) expectApiError(await deploy(path, request), 401);
    // And a read that takes an optional token refuses it too, rather than answering as nobody.
    expectApiError(await deploy(`/artifacts/${id}`), 401);
  });

  test('reading the registry needs the deploy token or an operator: 401 without, 403 for a member', async () => {
    expectApiError(await api('/releases'), 401);
    expectApiError(await api('/releases', { token: 'not-a-token' }), 401);
    expect(expectApiError(await api('/releases', { token: member.token }), 403).message).toMatch(/operators/);
    expectApiError(await api(`/releases/catalog/${newVersion()}`, { token: member.token }), 403);
    expectStatus(await deploy('/releases'), 200);
  });
});

describe('publish', () => {
  test('201 with the release; the same version and manifest again is 200 and changes nothing', async () => {
    const version = newVersion();
    const input = releaseInput(version);
    const first = await deploy<Release>('/releases/catalog', { method: 'POST', body: { ...input, lastLiveAt: '2000-01-01T00:00:00Z', publishedAt: 'never', remote: 'account' } });
    expectStatus(first, 201);
    expect(first.body).toEqual({
      remote: 'catalog',
      version,
      manifestUrl: input.manifestUrl,
      shared: input.shared,
      exposes: input.exposes,
      notes: input.notes,
      publishedBy: 'e2e',
      publishedAt: expect.any(String),
      lastLiveAt: null,
    });
    const again = await deploy<Release>('/releases/catalog', { method: 'POST', body: { ...input, notes: 'a retry' } });
    expectStatus(again, 200);
    expect(again.body).toEqual(first.body);
    const read = await deploy<Release>(`/releases/catalog/${version}`);
    expectStatus(read, 200);
    expect(read.body).toEqual(first.body);
    expect(await (await releaseCollection('releases')).countDocuments({ remote: 'catalog', version })).toBe(1);
  });

  test('a release is immutable: the same version with another manifest is 409', async () => {
    const release = await publish('catalog');
    const response = await deploy('/releases/catalog', { method: 'POST', body: releaseInput(release.version, { manifestUrl: '/remotes/catalog/other/mf-manifest.json' }) });
    expect(expectApiError(response, 409).message).toMatch(/immutable/);
    expect((await deploy<Release>(`/releases/catalog/${release.version}`)).body.manifestUrl).toBe(release.manifestUrl);
  });

  test('a manifest may be a path of the site itself', async () => {
    const version = newVersion();
    const release = await publish('contribute', version, { manifestUrl: `/remotes/contribute/${version}/mf-manifest.json` });
    expect(release.manifestUrl).toBe(`/remotes/contribute/${version}/mf-manifest.json`);
  });

  test('an unknown remote is 404; a bad version or body is 400 naming the field', async () => {
    expectApiError(await deploy('/releases/checkout', { method: 'POST', body: releaseInput(newVersion()) }), 404);
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ ...releaseInput('1.0.0') }, /^version:/],
      [{ ...releaseInput('0.1.0-XYZ') }, /^version:/],
      [{ ...releaseInput(newVersion()), manifestUrl: 'ftp://cdn.example/m.json' }, /^manifestUrl:/],
      [{ ...releaseInput(newVersion()), manifestUrl: '//evil.example/m.json' }, /^manifestUrl:/],
      [{ ...releaseInput(newVersion()), manifestUrl: undefined }, /^manifestUrl:/],
      [{ ...releaseInput(newVersion()), exposes: ['Home'] }, /^exposes/],
      [{ ...releaseInput(newVersion()), shared: { 'Not A Package': '1' } }, /^shared/],
      [{ ...releaseInput(newVersion()), shared: Object.fromEntries(Array.from({ length: 61 }, (_, i) => [`pkg${i}`, '1.0.0'])) }, /^shared: must have at most 60/],
      [{ ...releaseInput(newVersion()), notes: 'n'.repeat(501) }, /^notes:/],
    ];
    for (const [body, message] of cases) expect(expectApiError(await deploy('/releases/catalog', { method: 'POST', body }), 400).message).toMatch(message);
    expectApiError(await deploy('/releases/catalog', { method: 'POST', rawBody: '{"version":' }), 400);
  });

  test('GET /releases/:remote/:version is 404 for an unknown or malformed version', async () => {
    expectApiError(await deploy(`/releases/catalog/${newVersion()}`), 404);
    expectApiError(await deploy('/releases/catalog/not-a-version'), 404);
    expectApiError(await deploy(`/releases/checkout/${newVersion()}`), 404);
  });
});

describe('promote, canary and rollback (catalog)', () => {
  let first: Release;
  let second: Release;
  let third: Release;
  /** This describe's changes as the audit must list them, oldest first. */
  const audited: Partial<ReleaseAuditEntry>[] = [];

  beforeAll(async () => {
    first = await publish('catalog');
    second = await publish('catalog');
    third = await publish('catalog');
    for (const release of [first, second, third]) audited.push({ action: 'publish', remote: 'catalog', version: release.version, by: 'e2e' });
  });

  test('a first promote makes the release live: the routing shows it at once', async () => {
    const answer = await promote('catalog', first.version);
    expect(answer).toEqual({
      remote: 'catalog',
      live: { version: first.version, manifestUrl: first.manifestUrl },
      liveSince: expect.any(String),
      history: [],
      updatedAt: expect.any(String),
    });
    audited.push({ action: 'promote', remote: 'catalog', version: first.version, by: 'e2e' });
    expect((await routing()).body.remotes.catalog).toEqual({ live: { version: first.version, manifestUrl: first.manifestUrl } });
    // Promoting the live release again is a retry: nothing changes, nothing is audited.
    expect((await promote('catalog', first.version)).history).toEqual([]);
  });

  test('the next promote keeps the previous live release in the history', async () => {
    const answer = await promote('catalog', second.version, 100);
    expect(answer.live).toEqual({ version: second.version, manifestUrl: second.manifestUrl });
    expect(answer.history).toEqual([first.version]);
    audited.push({ action: 'promote', remote: 'catalog', version: second.version, fromVersion: first.version });
    expect((await routing()).body.remotes.catalog?.live.version).toBe(second.version);
  });

  test('a percent below 100 makes a canary beside the live release', async () => {
    const answer = await promote('catalog', third.version, 10);
    expect(answer.live?.version).toBe(second.version);
    expect(answer.canary).toEqual({ version: third.version, manifestUrl: third.manifestUrl, percent: 10, since: expect.any(String) });
    audited.push({ action: 'canary', remote: 'catalog', version: third.version, percent: 10 });
    expect((await routing()).body.remotes.catalog).toEqual({
      live: { version: second.version, manifestUrl: second.manifestUrl },
      canary: { version: third.version, manifestUrl: third.manifestUrl, percent: 10 },
    });
    // Raising it changes only the percent.
    expect((await promote('catalog', third.version, 25)).canary?.percent).toBe(25);
    audited.push({ action: 'canary', remote: 'catalog', version: third.version, percent: 25 });
  });

  test('a canary needs a live release and another version; an unknown version is 404; percent is 1-100', async () => {
    const lone = await publish('account');
    audited.push({ action: 'publish', remote: 'account', version: lone.version });
    expect(expectApiError(await deploy('/releases/account/promote', { method: 'POST', body: { version: lone.version, percent: 50 } }), 409).message).toMatch(/no live release/);
    audited.push({ action: 'promote-refused', remote: 'account', version: lone.version, percent: 50, by: 'deploy token' });
    expect(expectApiError(await deploy('/releases/catalog/promote', { method: 'POST', body: { version: second.version, percent: 50 } }), 409).message).toMatch(/already live/);
    audited.push({ action: 'promote-refused', remote: 'catalog', version: second.version, percent: 50, reason: expect.stringMatching(/already live/) });
    expectApiError(await deploy('/releases/catalog/promote', { method: 'POST', body: { version: newVersion() } }), 404);
    expectApiError(await deploy('/releases/checkout/promote', { method: 'POST', body: { version: second.version } }), 404);
    for (const percent of [0, 101, 12.5, '50']) {
      expect(expectApiError(await deploy('/releases/catalog/promote', { method: 'POST', body: { version: third.version, percent } }), 400).message).toMatch(/^percent:/);
    }
    expect(expectApiError(await deploy('/releases/catalog/promote', { method: 'POST', body: { version: 'latest' } }), 400).message).toMatch(/^version:/);
  });

  test('pruning refuses the live release, the canary, and one live within RELEASE_KEEP_LIVE_MS', async () => {
    expect(expectApiError(await deploy(`/releases/catalog/${second.version}`, { method: 'DELETE' }), 409).message).toMatch(/live release/);
    expect(expectApiError(await deploy(`/releases/catalog/${third.version}`, { method: 'DELETE' }), 409).message).toMatch(/canary/);
    expect(expectApiError(await deploy(`/releases/catalog/${first.version}`, { method: 'DELETE' }), 409).message).toMatch(/RELEASE_KEEP_LIVE_MS/);
    expectApiError(await deploy(`/releases/catalog/${newVersion()}`, { method: 'DELETE' }), 404);
    expect(await (await releaseCollection('releases')).countDocuments({ remote: 'catalog', version: { $in: [first.version, second.version, third.version] } })).toBe(3);
  });

  test('pruning removes a release that never served, with its stats', async () => {
    const unused = await publish('catalog');
    audited.push({ action: 'publish', remote: 'catalog', version: unused.version });
    // No page load is given a ticket for a release that never served: its rows are a leftover's.
    await (await releaseCollection('release_stats')).insertOne({ remote: 'catalog', version: unused.version, minute: new Date(), instance: 'e2e', views: 1 });
    expect(await statsRows('catalog', unused.version)).toHaveLength(1);
    const response = await deploy(`/releases/catalog/${unused.version}`, { method: 'DELETE' });
    expectStatus(response, 200);
    expect(response.body).toEqual({ deletedCount: 1 });
    audited.push({ action: 'remove', remote: 'catalog', version: unused.version });
    expectApiError(await deploy(`/releases/catalog/${unused.version}`), 404);
    expect(await statsRows('catalog', unused.version)).toHaveLength(0);
  });

  test('a rollback removes the canary first', async () => {
    const answer = await deploy<RemoteRoutingChange>('/releases/catalog/rollback', { method: 'POST', body: { by: 'e2e', reason: 'errors in the details page' } });
    expectStatus(answer, 200);
    expect(answer.body.canary).toBeUndefined();
    expect(answer.body.live?.version).toBe(second.version);
    audited.push({ action: 'rollback', remote: 'catalog', version: third.version, reason: 'errors in the details page', by: 'e2e' });
    expect((await routing()).body.remotes.catalog).toEqual({ live: { version: second.version, manifestUrl: second.manifestUrl } });
  });

  test('then the live release goes back to the previous one', async () => {
    // Sent without a body: a rollback needs none.
    const answer = await deploy<RemoteRoutingChange>('/releases/catalog/rollback', { method: 'POST' });
    expectStatus(answer, 200);
    expect(answer.body.live).toEqual({ version: first.version, manifestUrl: first.manifestUrl });
    expect(answer.body.history).toEqual([]);
    audited.push({ action: 'rollback', remote: 'catalog', version: first.version, fromVersion: second.version, by: 'deploy token' });
    expect((await routing()).body.remotes.catalog?.live.version).toBe(first.version);
  });

  test('with no canary and no earlier release there is nothing to roll back to: 409', async () => {
    expect(expectApiError(await deploy('/releases/catalog/rollback', { method: 'POST', body: {} }), 409).message).toMatch(/Nothing to roll back/);
    expectApiError(await deploy('/releases/checkout/rollback', { method: 'POST', body: {} }), 404);
  });

  test('the audit lists every change, newest first, with who and why', async () => {
    const { audit } = await status();
    const mine = audit.filter((entry) => audited.some((expected) => expected.version === entry.version)).reverse();
    expect(mine).toHaveLength(audited.length);
    audited.forEach((expected, index) => expect(mine[index]).toEqual(expect.objectContaining(expected)));
    // Dates never go backwards in the newest-first list.
    const times = audit.map((entry) => Date.parse(entry.at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const promoteEntry = mine.find((entry) => entry.action === 'promote' && entry.version === second.version);
    expect(promoteEntry).toEqual({ at: expect.any(String), remote: 'catalog', action: 'promote', version: second.version, fromVersion: first.version, by: 'e2e' });
  });

  test('GET /releases shows every remote: live, canary, history and the releases newest first', async () => {
    const { remotes, updatedAt } = await status();
    expect(remotes.map((remote) => remote.remote)).toEqual([...RELEASE_REMOTES]);
    const catalog = remotes.find((remote) => remote.remote === 'catalog');
    expect(catalog).toMatchObject({ live: first.version, canary: null, history: [] });
    const versions = catalog?.releases.map((release) => release.version) ?? [];
    expect(versions.indexOf(third.version)).toBeLessThan(versions.indexOf(first.version));
    expect(catalog?.releases.find((release) => release.version === second.version)?.lastLiveAt).toEqual(expect.any(String));
    expect(catalog?.releases[0]?.lastHour).toEqual({ views: 0, loadFailures: 0, renderErrors: 0, failureRate: 0, loadP50Ms: null, loadP95Ms: null, inpReports: 0, inpP75Ms: null });
    expect(updatedAt).toEqual((await routing()).body.updatedAt);
  });
});

describe('the routing’s caching', () => {
  test('a strong ETag: If-None-Match answers 304 without a body; a change gives a new ETag', async () => {
    const first = await routing();
    const etag = first.headers.get('etag') ?? '';
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await api('/releases/routing', { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
    expect(again.headers.get('etag')).toBe(etag);
    expect(again.headers.get('cache-control')).toBe('private, no-cache');
    expect((await api('/releases/routing', { headers: { 'if-none-match': `"other", W/${etag}` } })).status).toBe(304);
    expectStatus(await api('/releases/routing', { headers: { 'if-none-match': '"something-else"' } }), 200);

    await publish('catalog');
    const changed = await routing();
    expect(changed.headers.get('etag')).not.toBe(etag);
    expect(Date.parse(changed.body.updatedAt ?? '')).toBeGreaterThan(Date.parse(first.body.updatedAt ?? ''));
    expectStatus(await api('/releases/routing', { headers: { 'if-none-match': etag } }), 200);
  });
});

describe('concurrent changes of one remote', () => {
  test('promotes sent at once are applied one after another: each audit entry starts where the last ended', async () => {
    const releases: Release[] = [];
    for (let i = 0; i < 5; i += 1) releases.push(await publish('catalog'));
    const before = (await routing()).body.remotes.catalog?.live.version;
    const answers = await Promise.all(releases.map((release) => deploy<RemoteRoutingChange>('/releases/catalog/promote', { method: 'POST', body: { version: release.version } })));
    for (const answer of answers) expectStatus(answer, 200);
    const versions = new Set(releases.map((release) => release.version));
    const promotes = (await status()).audit.filter((entry) => entry.action === 'promote' && versions.has(entry.version)).reverse();
    expect(promotes).toHaveLength(5);
    expect(promotes[0]?.fromVersion).toBe(before);
    for (let i = 1; i < promotes.length; i += 1) expect(promotes[i]?.fromVersion).toBe(promotes[i - 1]?.version);
    const last = promotes[promotes.length - 1]?.version;
    const route = await (await releaseCollection('release_routes')).findOne({ remote: 'catalog' });
    expect(route?.['live']).toBe(last);
    expect((route?.['history'] as string[]).slice(0, 4)).toEqual(promotes.slice(0, 4).map((entry) => entry.version).reverse());
    expect(await (await releaseCollection('write_locks')).countDocuments({ _id: /^release:/ } as object)).toBe(0);
  });
});

describe('operators', () => {
  test('a member with the operator claim may read the registry and a release, but not change it', async () => {
    const release = await publish('catalog');
    const operator = await grantOperator(await createUser());
    const statusAnswer = await api<ReleaseStatus>('/releases', { token: operator.token });
    expectStatus(statusAnswer, 200);
    expect(statusAnswer.body.remotes).toHaveLength(RELEASE_REMOTES.length);
    const read = await api<Release>(`/releases/catalog/${release.version}`, { token: operator.token });
    expectStatus(read, 200);
    expect(read.body.manifestUrl).toBe(release.manifestUrl);
    expectApiError(await api('/releases/catalog/promote', { method: 'POST', token: operator.token, body: { version: release.version } }), 401);
    // The same member's token from before the claim is a plain member's.
    expectApiError(await api('/releases', { token: member.token }), 403);
  });
});

// ---------- Issue 26: a way back to the image's own build, prune by what the registry lists ----------

/** The catalog on its image's build again: no routing document (the api's cache is at most 1 s old). */
async function catalogOnDefault(): Promise<void> {
  await (await releaseCollection('release_routes')).deleteMany({ remote: 'catalog' });
  await pause(1100);
}

async function rollback(body?: Record<string, unknown>): Promise<ApiResponse<RemoteRoutingChange>> {
  return deploy<RemoteRoutingChange>('/releases/catalog/rollback', { method: 'POST', ...(body ? { body } : {}) });
}

async function auditOf(version: string): Promise<ReleaseAuditEntry[]> {
  return (await status()).audit.filter((entry) => entry.version === version);
}

describe('rollback walks back through every earlier live release, then to the image build (catalog)', () => {
  let releases: Release[] = [];

  beforeAll(async () => {
    await catalogOnDefault();
    releases = [];
    for (let i = 0; i < 4; i += 1) releases.push(await publish('catalog'));
    for (const release of releases) await promote('catalog', release.version);
  });

  test('each rollback goes one release back and keeps the older ones for the next', async () => {
    const [a, b, c, d] = releases.map((release) => release.version) as [string, string, string, string];
    expect((await routing()).body.remotes.catalog?.live.version).toBe(d);
    const steps: [string, string[]][] = [
      [c, [b, a]],
      [b, [a]],
      [a, []],
    ];
    let from = d;
    for (const [live, history] of steps) {
      const answer = await rollback({ by: 'e2e walk' });
      expectStatus(answer, 200);
      expect([answer.body.live?.version, answer.body.history]).toEqual([live, history]);
      expect((await routing()).body.remotes.catalog?.live.version).toBe(live);
      expect((await auditOf(live))[0]).toEqual(expect.objectContaining({ action: 'rollback', version: live, fromVersion: from, by: 'e2e walk' }));
      from = live;
    }
  });

  test('past the first promoted release a plain rollback is 409 and names the way to the image build', async () => {
    const message = expectApiError(await rollback(), 409).message;
    expect(message).toMatch(/^Nothing to roll back: catalog@\S+ has no canary and no earlier live release/);
    expect(message).toContain('npm run release -- rollback catalog --to-default');
    expect((await routing()).body.remotes.catalog?.live.version).toBe(releases[0]?.version);
  });

  test('toDefault: the registry names nothing for the catalog; audited; a retry changes nothing', async () => {
    const first = releases[0]?.version as string;
    const answer = await rollback({ toDefault: true, by: 'Ada Lovelace', reason: 'back to the image' });
    expectStatus(answer, 200);
    expect(answer.body).toEqual({ remote: 'catalog', live: null, liveSince: null, history: [first], updatedAt: expect.any(String) });
    expect((await routing()).body.remotes.catalog).toBeUndefined();
    const catalog = (await status()).remotes.find((remote) => remote.remote === 'catalog');
    expect(catalog).toMatchObject({ live: null, liveSince: null, canary: null, history: [first] });
    expect((await auditOf(first))[0]).toEqual({ at: expect.any(String), remote: 'catalog', action: 'to-default', version: first, by: 'Ada Lovelace', reason: 'back to the image' });

    const before = (await status()).audit.length;
    const again = await rollback({ toDefault: true });
    expectStatus(again, 200);
    expect(again.body.live).toBeNull();
    expect((await status()).audit.length).toBe(before);
    // Nothing left to roll back from: 409, with what the catalog runs.
    expect(expectApiError(await rollback(), 409).message).toMatch(/^Nothing to roll back: catalog already runs its image's own build/);
    expect(expectApiError(await rollback({ toDefault: 'yes' }), 400).message).toMatch(/^toDefault:/);
  });

  test('a promote after the image build keeps the history, and a canary goes with toDefault', async () => {
    const [a, b, c] = releases.map((release) => release.version) as [string, string, string];
    const promoted = await promote('catalog', b);
    expect(promoted.history).toEqual([a]);
    expect((await promote('catalog', c, 20)).canary?.version).toBe(c);
    const answer = await rollback({ toDefault: true });
    expectStatus(answer, 200);
    expect(answer.body.canary).toBeUndefined();
    expect(answer.body.history).toEqual([b, a]);
    expect((await routing()).body.remotes.catalog).toBeUndefined();
    const promotedAgain = await promote('catalog', a);
    expect(promotedAgain.history).toEqual([b]);
  });
});

describe('prune lists what it may delete, and the audit says who pruned (catalog)', () => {
  let live: string;
  let earlier: string[] = [];
  let canaryOnly: string;
  let neverPromoted: string;

  beforeAll(async () => {
    await catalogOnDefault();
    const promoted: string[] = [];
    for (let i = 0; i < 4; i += 1) promoted.push((await publish('catalog')).version);
    for (const version of promoted) await promote('catalog', version);
    live = promoted[3] as string;
    earlier = promoted.slice(0, 3).reverse();
    canaryOnly = (await publish('catalog')).version;
    await promote('catalog', canaryOnly, 30);
    expectStatus(await rollback({ by: 'e2e' }), 200);
    neverPromoted = (await publish('catalog')).version;
    // The oldest earlier live release was live long ago (beyond RELEASE_KEEP_LIVE_MS).
    await (await releaseCollection('releases')).updateOne({ remote: 'catalog', version: earlier[2] }, { $set: { lastLiveAt: new Date('2001-01-01T00:00:00Z') } });
  });

  async function prunable(query = ''): Promise<PrunableReleases> {
    const response = await deploy<PrunableReleases>(`/releases/catalog/prunable${query}`);
    expectStatus(response, 200);
    return response.body;
  }

  const reasonOf = (answer: PrunableReleases, version: string) => answer.kept.find((entry) => entry.version === version)?.reason ?? (answer.prunable.includes(version) ? 'prunable' : 'absent');

  test('keep counts the releases a rollback can reach; a canary-only or never promoted release is prunable', async () => {
    const one = await prunable('?keep=1');
    expect(one.keep).toBe(1);
    expect([live, ...earlier, canaryOnly, neverPromoted].map((version) => reasonOf(one, version))).toEqual(['live', 'rollback', 'recently-live', 'prunable', 'prunable', 'prunable']);
    const three = await prunable('?keep=3');
    expect([live, ...earlier, canaryOnly, neverPromoted].map((version) => reasonOf(three, version))).toEqual(['live', 'rollback', 'rollback', 'rollback', 'prunable', 'prunable']);
    // Without keep: PRUNE_DEFAULT_KEEP (3).
    expect((await prunable()).keep).toBe(PRUNE_DEFAULT_KEEP);
    // The detail says why in words.
    expect(one.kept.find((entry) => entry.version === earlier[1])?.detail).toMatch(/RELEASE_KEEP_LIVE_MS .*tabs opened on it/);
  });

  test('the canary is kept while it is the canary', async () => {
    await promote('catalog', canaryOnly, 10);
    expect(reasonOf(await prunable('?keep=0'), canaryOnly)).toBe('canary');
    expect(expectApiError(await deploy(`/releases/catalog/${canaryOnly}`, { method: 'DELETE' }), 409).message).toMatch(/canary/);
    expectStatus(await rollback(), 200);
    expect(reasonOf(await prunable('?keep=0'), canaryOnly)).toBe('prunable');
  });

  test('a bad keep is 400 naming it; the list needs the deploy token; an unknown remote is 404', async () => {
    for (const keep of ['-1', 'three', '1000', '1.5', '']) {
      expect(expectApiError(await deploy(`/releases/catalog/prunable?keep=${keep}`), 400).message).toMatch(/^keep:/);
    }
    expectApiError(await api('/releases/catalog/prunable'), 401);
    expectApiError(await api('/releases/catalog/prunable', { token: member.token }), 401);
    expectApiError(await deploy('/releases/checkout/prunable'), 404);
  });

  test('a pruned release is audited with who pruned it; without a name, the deploy token', async () => {
    const removed = await deploy(`/releases/catalog/${canaryOnly}`, { method: 'DELETE', body: { by: 'Grace Hopper' } });
    expectStatus(removed, 200);
    expect((await auditOf(canaryOnly))[0]).toEqual(expect.objectContaining({ action: 'remove', version: canaryOnly, by: 'Grace Hopper' }));
    expectStatus(await deploy(`/releases/catalog/${neverPromoted}`, { method: 'DELETE' }), 200);
    expect((await auditOf(neverPromoted))[0]).toEqual(expect.objectContaining({ action: 'remove', by: 'deploy token' }));
    expect(expectApiError(await deploy(`/releases/catalog/${earlier[2]}`, { method: 'DELETE', body: { by: 3 } }), 400).message).toMatch(/^by:/);
    const after = await prunable('?keep=0');
    expect([canaryOnly, neverPromoted].map((version) => reasonOf(after, version))).toEqual(['absent', 'absent']);
  });
});

describe('refused promotes are in the audit log with their reasons', () => {
  test("the registry's own refusals (409, 404) are audited with the message", async () => {
    await catalogOnDefault();
    const version = (await publish('catalog')).version;
    const refused = await deploy('/releases/catalog/promote', { method: 'POST', body: { version, percent: 40, by: 'Katherine Johnson' } });
    expect(expectApiError(refused, 409).message).toMatch(/no live release/);
    expect((await auditOf(version))[0]).toEqual({
      at: expect.any(String),
      remote: 'catalog',
      action: 'promote-refused',
      version,
      percent: 40,
      by: 'Katherine Johnson',
      reason: expect.stringMatching(/catalog has no live release/),
    });
    const unknown = newVersion();
    expectApiError(await deploy('/releases/catalog/promote', { method: 'POST', body: { version: unknown } }), 404);
    expect((await auditOf(unknown))[0]).toEqual(expect.objectContaining({ action: 'promote-refused', reason: `Release catalog@${unknown} not found` }));
  });

  test("the release command's refusals (its promotion checks) are recorded with every reason", async () => {
    const version = (await publish('catalog')).version;
    const reasons = ["react 18.3.1 is outside the shell's requiredVersion ^19.2.0", "./AllArtifacts is not exposed, but the shell's routes load it"];
    const response = await deploy(`/releases/catalog/refusals`, { method: 'POST', body: { version, percent: 100, by: 'ci', reasons } });
    expectStatus(response, 204);
    expect((await auditOf(version))[0]).toEqual({ at: expect.any(String), remote: 'catalog', action: 'promote-refused', version, percent: 100, by: 'ci', reason: reasons.join('; ') });
    expect(expectApiError(await deploy('/releases/catalog/refusals', { method: 'POST', body: { version, reasons: [] } }), 400).message).toMatch(/^reasons:/);
    expect(expectApiError(await deploy('/releases/catalog/refusals', { method: 'POST', body: { version: 'latest', reasons } }), 400).message).toMatch(/^version:/);
    expectApiError(await api('/releases/catalog/refusals', { method: 'POST', body: { version, reasons } }), 401);
    // Nothing of it touched the routing.
    expect((await routing()).body.remotes.catalog).toBeUndefined();
  });
});
