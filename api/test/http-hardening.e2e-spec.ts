// CORS, security headers and the write rate limit.
import { createArtifact } from './support/artifacts';
import { createUser } from './support/auth';
import { api, expectApiError, expectStatus } from './support/http';
import { RATE_LIMIT, RATE_LIMITED_API_URL } from './support/env';

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
    // Reads are not limited.
    expectStatus(await api(`${RATE_LIMITED_API_URL}/artifacts/${id}`), 200);
  });
});
