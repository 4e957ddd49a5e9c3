// CORS, security headers and the write rate limit.
import { createArtifact } from './support/artifacts';
import { createUser } from './support/auth';
import { api, expectApiError, expectStatus } from './support/http';
import { RATE_LIMIT_TEST } from './support/env';

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
  // The main run starts the api with a high limit; run this with RATE_LIMIT_TEST=1 against an api
  // started with a low WRITE_RATE_LIMIT to see the 429.
  const maybe = RATE_LIMIT_TEST ? test : test.skip;

  maybe('too many writes answer 429 in the error shape', async () => {
    const user = await createUser();
    const { id } = await createArtifact(user);
    let limited: Awaited<ReturnType<typeof api>> | undefined;
    for (let i = 0; i < 1000 && !limited; i += 1) {
      const response = await api(`/artifacts/toggle-like/${id}`, { method: 'PATCH', token: user.token });
      if (response.status === 429) limited = response;
      else expectStatus(response, 200);
    }
    if (!limited) throw new Error('No 429 after 1000 writes: run this against an api started with a low WRITE_RATE_LIMIT');
    expectApiError(limited, 429);
  });
});
