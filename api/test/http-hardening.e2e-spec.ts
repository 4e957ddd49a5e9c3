// CORS, security headers and abuse control: the write, client and failed-authentication budgets.
import { artifactInput, createArtifact } from './support/artifacts';
import { createUser, deleteUser, forgedTokens } from './support/auth';
import { api, expectApiError, expectStatus, newClientAddress, type ApiResponse } from './support/http';
import { CLIENT_RATE_LIMIT, FAILED_AUTH_RATE_LIMIT, NO_REDIS_API_URL, RATE_LIMIT, RATE_LIMITED_API_URL, RATE_LIMITED_TWIN_URL, RELEASE_DEPLOY_TOKEN } from './support/env';

const ALLOWED = 'http://localhost:4200';
const FOREIGN = 'http://evil.example';

describe('CORS', () => {
  test('an allowed origin may read list answers, page headers included', async () => {
    const response = await api('/artifacts?limit=1', { headers: { origin: ALLOWED } });
    expectStatus(response, 200);
    expect(response.headers.get('access-control-allow-origin')).toBe(ALLOWED);
    const exposed = (response.headers.get('access-control-expose-headers') ?? '').toLowerCase().split(/\s*,\s*/);
    expect(exposed).toEqual(expect.arrayContaining(['x-total-count', 'x-page', 'x-page-size', 'x-next-page', 'link']));
  });

  test('an allowed origin passes the preflight of a signed-in write', async () => {
    const response = await api('/artifacts/toggle-like/aaaaaaaaaaaaaaaaaaaaaaaa', {
      method: 'OPTIONS',
      headers: { origin: ALLOWED, 'access-control-request-method': 'PATCH', 'access-control-request-headers': 'authorization,content-type' },
    });
    expect(response.status).toBeLessThan(300);
    expect(response.headers.get('access-control-allow-origin')).toBe(ALLOWED);
    expect((response.headers.get('access-control-allow-methods') ?? '').toUpperCase()).toContain('PATCH');
    expect((response.headers.get('access-control-allow-headers') ?? '').toLowerCase()).toContain('authorization');
  });

  test("the preflight allows every method the api's documented routes answer (a collection's PUT of its items too)", async () => {
    const document = await api<{ paths: Record<string, Record<string, unknown>> }>('/docs-json');
    expectStatus(document, 200);
    const methods = new Set(Object.values(document.body.paths).flatMap((operations) => Object.keys(operations).map((method) => method.toUpperCase())));
    expect([...methods]).toEqual(expect.arrayContaining(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']));
    const response = await api('/collections/aaaaaaaaaaaaaaaaaaaaaaaa/items', {
      method: 'OPTIONS',
      headers: { origin: ALLOWED, 'access-control-request-method': 'PUT', 'access-control-request-headers': 'authorization,content-type' },
    });
    expect(response.status).toBeLessThan(300);
    const allowed = (response.headers.get('access-control-allow-methods') ?? '').toUpperCase().split(/\s*,\s*/);
    expect([...methods].filter((method) => !allowed.includes(method))).toEqual([]);
  });

  test('a foreign origin is not allowed, on requests or preflights', async () => {
    const read = await api('/artifacts?limit=1', { headers: { origin: FOREIGN } });
    expect(read.headers.get('access-control-allow-origin')).toBeNull();
    const preflight = await api('/artifacts', {
      method: 'OPTIONS',
      headers: { origin: FOREIGN, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    expect(preflight.headers.get('access-control-allow-credentials')).toBeNull();
  });
});

describe('security headers', () => {
  test.each(['/artifacts?limit=1', '/health', '/contributors/top', '/artifacts/abc'])('%s carries them', async (path) => {
    const response = await api(path);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-frame-options') ?? response.headers.get('content-security-policy')).not.toBeNull();
    expect(response.headers.get('x-powered-by')).toBeNull();
  });

  test('JSON answers can never run as a page: no sources, no framing, no sniffing', async () => {
    const response = await api('/artifacts?limit=1');
    expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  test('JSON answers are JSON', async () => {
    const response = await api('/artifacts?limit=1');
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  });
});

describe('write rate limit', () => {
  test('writes past the limit answer 429 in the error shape, counted per user', async () => {
    const user = await createUser();
    const other = await createUser();
    const { id } = await createArtifact(user);
    const toggle = (token: string) => api(`${RATE_LIMITED_API_URL}/artifacts/toggle-like/${id}`, { method: 'PATCH', token });
    for (let i = 0; i < RATE_LIMIT; i += 1) expectStatus(await toggle(user.token), 200);
    expectApiError(await toggle(user.token), 429);
    // Another user's writes have their own budget.
    expectStatus(await toggle(other.token), 200);
    // A read answers: the write budget is not the client budget.
    expectStatus(await api(`${RATE_LIMITED_API_URL}/artifacts/${id}`), 200);
  });
});

// Each test speaks from its own client address (the limited apis trust the loopback proxy), so the
// per-client budgets of one test never spend another's.
const newClient = newClientAddress;
const from = (client: string) => ({ 'x-forwarded-for': client });

function expectRetryAfter(headers: Headers) {
  const seconds = Number(headers.get('retry-after'));
  expect(Number.isInteger(seconds) && seconds >= 1 && seconds <= 60).toBe(true);
  expect([...headers.keys()].filter((name) => name.startsWith('retry-after-'))).toEqual([]);
}

describe('abuse control', () => {
  test('one write budget per member across every write route, refused with a standard Retry-After', async () => {
    const user = await createUser();
    const { id } = await createArtifact(user);
    const client = from(newClient());
    const write = (path: string, method: 'POST' | 'PATCH' | 'DELETE', body?: unknown) =>
      api(`${RATE_LIMITED_API_URL}${path}`, { method, token: user.token, body, headers: client });
    expectStatus(await write(`/artifacts/toggle-like/${id}`, 'PATCH'), 200);
    expectStatus(await write(`/artifacts/toggle-like/${id}`, 'PATCH'), 200);
    expectStatus(await write(`/artifacts/${id}`, 'PATCH', { name: 'Renamed under budget' }), 200);
    expectStatus(await write('/artifacts', 'POST', artifactInput()), 201);
    expectStatus(await write(`/artifacts/${id}`, 'PATCH', { context: 'Still under budget' }), 200);
    expect(RATE_LIMIT).toBe(5);
    const refused = await write(`/artifacts/${id}`, 'DELETE');
    expectApiError(refused, 429);
    expectRetryAfter(refused.headers);
  });

  test('two api instances over one Redis enforce one budget', async () => {
    const user = await createUser();
    const { id } = await createArtifact(user);
    const instances = [RATE_LIMITED_API_URL, RATE_LIMITED_TWIN_URL];
    for (let i = 0; i < RATE_LIMIT; i += 1) {
      expectStatus(await api(`${instances[i % 2]}/artifacts/toggle-like/${id}`, { method: 'PATCH', token: user.token, headers: from(newClient()) }), 200);
    }
    for (const instance of instances) {
      expectApiError(await api(`${instance}/artifacts/toggle-like/${id}`, { method: 'PATCH', token: user.token, headers: from(newClient()) }), 429);
    }
  });

  test('reads and anonymous calls have a per-client budget; another client is not affected', async () => {
    const client = from(newClient());
    for (let i = 0; i < CLIENT_RATE_LIMIT; i += 1) expectStatus(await api(`${RATE_LIMITED_API_URL}/artifacts?limit=1`, { headers: client }), 200);
    const refused = await api(`${RATE_LIMITED_API_URL}/artifacts?limit=1`, { headers: client });
    expectApiError(refused, 429);
    expectRetryAfter(refused.headers);
    // The budget is shared by the instances, and health probes are never counted.
    expectApiError(await api(`${RATE_LIMITED_TWIN_URL}/contributors/top`, { headers: client }), 429);
    expectStatus(await api(`${RATE_LIMITED_API_URL}/health`, { headers: client }), 200);
    expectStatus(await api(`${RATE_LIMITED_API_URL}/artifacts?limit=1`, { headers: from(newClient()) }), 200);
  });

  test('past its failed-authentication budget a client is refused before verification, even with a valid token', async () => {
    const user = await createUser();
    const client = from(newClient());
    for (let i = 0; i < FAILED_AUTH_RATE_LIMIT; i += 1) {
      expectApiError(await api(`${RATE_LIMITED_API_URL}/liked-artifacts`, { token: `not-a-token-${i}`, headers: client }), 401);
    }
    expectApiError(await api(`${RATE_LIMITED_API_URL}/liked-artifacts`, { token: user.token, headers: client }), 429);
    // Without a token the client is still a visitor; another client's valid token works.
    expectStatus(await api(`${RATE_LIMITED_API_URL}/artifacts?limit=1`, { headers: client }), 200);
    expectStatus(await api(`${RATE_LIMITED_API_URL}/liked-artifacts`, { token: user.token, headers: from(newClient()) }), 200);
  });

  const kinds: [string, (client: Record<string, string>) => Promise<ApiResponse>, number][] = [
    ['CORS preflights', (client) => api(`${RATE_LIMITED_API_URL}/artifacts`, { method: 'OPTIONS', headers: { ...client, origin: ALLOWED, 'access-control-request-method': 'POST' } }), 204],
    ['media files', (client) => api(`${RATE_LIMITED_API_URL}/media/probe.txt`, { headers: client }), 200],
    ['unknown paths (404)', (client) => api(`${RATE_LIMITED_API_URL}/no-such-route/${Math.random()}`, { headers: client }), 404],
    ['paths under /health that are no probe', (client) => api(`${RATE_LIMITED_API_URL}/health-${Math.random()}`, { headers: client }), 404],
  ];
  test.each(kinds)('%s spend the client budget too', async (_, request, status) => {
    const client = from(newClient());
    for (let i = 0; i < CLIENT_RATE_LIMIT; i += 1) expectStatus(await request(client), status);
    const refused = await request(client);
    expectApiError(refused, 429);
    expectRetryAfter(refused.headers);
    // The one budget: the client's reads are refused as well, on both instances.
    expectApiError(await api(`${RATE_LIMITED_API_URL}/artifacts?limit=1`, { headers: client }), 429);
    expectApiError(await api(`${RATE_LIMITED_TWIN_URL}/artifacts?limit=1`, { headers: client }), 429);
  });

  test('a refused preflight still carries the CORS headers, so the page can read the 429', async () => {
    const client = from(newClient());
    const preflight = () => api(`${RATE_LIMITED_API_URL}/artifacts`, { method: 'OPTIONS', headers: { ...client, origin: ALLOWED, 'access-control-request-method': 'POST' } });
    for (let i = 0; i < CLIENT_RATE_LIMIT; i += 1) await preflight();
    const refused = await api(`${RATE_LIMITED_API_URL}/artifacts?limit=1`, { headers: { ...client, origin: ALLOWED } });
    expectApiError(refused, 429);
    expect(refused.headers.get('access-control-allow-origin')).toBe(ALLOWED);
  });

  describe.each([
    ['Redis (two instances)', RATE_LIMITED_API_URL],
    ['its own counters (Redis unreachable)', NO_REDIS_API_URL],
  ])('failed authentication counted in %s', (_, base) => {
    test('30 bad tokens at once: at most the budget gets 401, the rest 429 unverified', async () => {
      // Tokens that take the identity service to refuse (a deleted member's, replayed): each
      // verification waits on it, as a real one does, so all 30 are in flight together.
      const gone = await createUser();
      await deleteUser(gone);
      const client = from(newClient());
      const answers = await Promise.all(Array.from({ length: 30 }, () => api(`${base}/liked-artifacts`, { token: forgedTokens.wellFormed(gone), headers: client })));
      const statuses = answers.map((answer) => answer.status);
      expect(statuses.filter((status) => status === 401)).toHaveLength(FAILED_AUTH_RATE_LIMIT);
      expect(statuses.filter((status) => status === 429)).toHaveLength(30 - FAILED_AUTH_RATE_LIMIT);
      for (const answer of answers) expectApiError(answer, answer.status);
      expectRetryAfter(answers.find((answer) => answer.status === 429)?.headers ?? new Headers());
    });

    test('the registry\'s read guard (deploy token or operator) counts the same way', async () => {
      const gone = await createUser();
      await deleteUser(gone);
      const client = from(newClient());
      const answers = await Promise.all(Array.from({ length: 30 }, () => api(`${base}/releases`, { token: forgedTokens.wellFormed(gone), headers: client })));
      const statuses = answers.map((answer) => answer.status);
      expect(statuses.filter((status) => status === 401)).toHaveLength(FAILED_AUTH_RATE_LIMIT);
      expect(statuses.filter((status) => status === 429)).toHaveLength(30 - FAILED_AUTH_RATE_LIMIT);
    });
  });

  test('the deploy-token guard: 30 wrong deploy tokens at once give at most the budget 401, the rest 429', async () => {
    // The twin has a deploy token (scripts/test.mjs); nothing here sends it to a change, so nothing changes.
    const client = from(newClient());
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => api(`${RATE_LIMITED_TWIN_URL}/releases/catalog/promote`, { method: 'POST', token: `wrong-deploy-token-${i}`.padEnd(48, 'x'), body: {}, headers: client })),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(FAILED_AUTH_RATE_LIMIT);
    expect(statuses.filter((status) => status === 429)).toHaveLength(30 - FAILED_AUTH_RATE_LIMIT);
    // The budget is this client's (release-guards.spec.ts: past it even the real token is refused).
    expectStatus(await api(`${RATE_LIMITED_TWIN_URL}/releases`, { token: RELEASE_DEPLOY_TOKEN, headers: from(newClient()) }), 200);
  });

  test('with its Redis unreachable the api keeps serving, and the limits hold on its own counters', async () => {
    expectStatus(await api(`${NO_REDIS_API_URL}/health/ready`), 200);
    const user = await createUser();
    const { id } = await createArtifact(user);
    const toggle = () => api(`${NO_REDIS_API_URL}/artifacts/toggle-like/${id}`, { method: 'PATCH', token: user.token, headers: from(newClient()) });
    for (let i = 0; i < RATE_LIMIT; i += 1) expectStatus(await toggle(), 200);
    expectApiError(await toggle(), 429);
  });
});

