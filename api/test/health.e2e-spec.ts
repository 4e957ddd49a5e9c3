import { api, expectApiError, expectStatus } from './support/http';

describe('health and docs', () => {
  test('GET /health answers 200 { status: "ok" }', async () => {
    const response = await api('/health');
    expectStatus(response, 200);
    expect(response.body).toEqual(expect.objectContaining({ status: 'ok' }));
  });

  test('GET /health/ready answers 200 with the database up', async () => {
    const response = await api('/health/ready');
    expectStatus(response, 200);
    expect(response.body).toEqual(expect.objectContaining({ status: 'ok', database: 'up' }));
  });

  test('GET /docs serves the explorer as HTML', async () => {
    const response = await api('/docs');
    expectStatus(response, 200);
    expect(response.headers.get('content-type')).toMatch(/text\/html/);
    expect(response.text).toMatch(/<html/i);
  });

  test('GET /docs-json is an OpenAPI document with the artifacts paths', async () => {
    const response = await api<{ openapi: string; paths: Record<string, unknown> }>('/docs-json');
    expectStatus(response, 200);
    expect(response.body.openapi).toMatch(/^3\./);
    const paths = Object.keys(response.body.paths);
    expect(paths).toEqual(
      expect.arrayContaining(['/artifacts', '/artifacts/{id}', '/artifacts/toggle-like/{id}', '/liked-artifacts', '/contributors/top']),
    );
  });

  test('an unknown route answers 404 in the error shape', async () => {
    expectApiError(await api('/no-such-route'), 404);
  });
});
