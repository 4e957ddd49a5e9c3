import { namedReleases, routedReleases } from './routed-releases';

const since = new Date('2026-11-20T10:00:00.000Z');
const route = { remote: 'catalog' as const, live: '0.1.0-abc123456789', canary: { version: '0.2.0-fedcba987654', percent: 10, since } };
const manifests = new Map([
  ['catalog@0.1.0-abc123456789', 'https://cdn.example/catalog/0.1.0-abc123456789/mf-manifest.json'],
  ['catalog@0.2.0-fedcba987654', 'https://cdn.example/catalog/0.2.0-fedcba987654/mf-manifest.json'],
]);

describe('the releases a route names', () => {
  test('its live release and its canary, as the manifests are asked for', () => {
    expect(namedReleases(route)).toEqual([
      { remote: 'catalog', version: '0.1.0-abc123456789' },
      { remote: 'catalog', version: '0.2.0-fedcba987654' },
    ]);
    expect(namedReleases({ remote: 'catalog', live: null, canary: null })).toEqual([]);
  });

  test('with their manifests, in the routing\'s shape (the canary without its start)', () => {
    expect(routedReleases(route, manifests)).toEqual({
      live: { version: '0.1.0-abc123456789', manifestUrl: 'https://cdn.example/catalog/0.1.0-abc123456789/mf-manifest.json' },
      canary: { version: '0.2.0-fedcba987654', manifestUrl: 'https://cdn.example/catalog/0.2.0-fedcba987654/mf-manifest.json', percent: 10 },
    });
  });

  test('a release no longer published is left out', () => {
    expect(routedReleases(route, new Map([...manifests].slice(1)))).toEqual({ canary: expect.objectContaining({ version: '0.2.0-fedcba987654' }) });
    expect(routedReleases({ remote: 'catalog', live: null, canary: null }, manifests)).toEqual({});
  });
});
