import { readRouting, type ReleaseRouting, type RoutingReader } from './releases';

const LIVE = '0.1.0-abc123456789';
const CANARY = '0.2.0-fedcba987654';
const manifest = (version: string) => `https://catalog.example/releases/${version}/mf-manifest.json`;

/** Knows every remote, takes any https manifest URL. */
const anyHttps: RoutingReader = {
  knows: () => true,
  manifestUrl: (value) => (typeof value === 'string' && value.startsWith('https://') ? value : undefined),
};

const routing: ReleaseRouting = {
  remotes: {
    catalog: { live: { version: LIVE, manifestUrl: manifest(LIVE) }, canary: { version: CANARY, manifestUrl: manifest(CANARY), percent: 10 } },
    account: { live: { version: LIVE, manifestUrl: 'https://account.example/mf-manifest.json' } },
  },
  updatedAt: '2026-11-20T10:00:00.000Z',
};

describe('readRouting', () => {
  test('reads a well-formed routing as it is, and a remote with no canary as live only', () => {
    expect(readRouting(JSON.parse(JSON.stringify(routing)), anyHttps)).toEqual(routing);
    expect(readRouting({ remotes: {} }, anyHttps)).toEqual({ remotes: {}, updatedAt: null });
    expect(readRouting({ remotes: { catalog: { live: routing.remotes.catalog?.live, canary: null } }, updatedAt: null }, anyHttps)).toEqual({
      remotes: { catalog: { live: routing.remotes.catalog?.live } },
      updatedAt: null,
    });
  });

  test('leaves out what it does not return: extra fields of an entry', () => {
    const read = readRouting({ remotes: { catalog: { live: { version: LIVE, manifestUrl: manifest(LIVE), extra: 1 }, note: 'x' } }, updatedAt: null }, anyHttps);
    expect(read).toEqual({ remotes: { catalog: { live: { version: LIVE, manifestUrl: manifest(LIVE) } } }, updatedAt: null });
  });

  const live = { version: LIVE, manifestUrl: manifest(LIVE) };
  test.each([
    ['not an object', 'routing'],
    ['null', null],
    ['an array', []],
    ['no remotes', { updatedAt: null }],
    ['remotes not an object', { remotes: [] }],
    ['updatedAt a number', { remotes: {}, updatedAt: 5 }],
    ['a remote without a live release', { remotes: { catalog: { canary: { ...live, percent: 5 } } } }],
    ['a version that is not one', { remotes: { catalog: { live: { ...live, version: '1.0.0' } } } }],
    ['a manifest URL the reader refuses', { remotes: { catalog: { live: { ...live, manifestUrl: 'http://elsewhere.example/mf-manifest.json' } } } }],
    ['a canary without its percent', { remotes: { catalog: { live, canary: live } } }],
    ['a canary over 100 percent', { remotes: { catalog: { live, canary: { ...live, percent: 101 } } } }],
    ['a canary percent that is not a number', { remotes: { catalog: { live, canary: { ...live, percent: '5' } } } }],
  ])('refuses the whole routing for %s', (_case, value) => {
    expect(readRouting(value, anyHttps)).toBeUndefined();
  });

  test('skips remotes the contracts or the reader do not know, even malformed ones', () => {
    const value = { remotes: { catalog: { live }, unknown: { live: 'nonsense' }, account: { live: 'nonsense' } }, updatedAt: null };
    expect(readRouting(value, { ...anyHttps, knows: (remote) => remote === 'catalog' })).toEqual({ remotes: { catalog: { live } }, updatedAt: null });
  });

  test('uses the manifest URL as the reader returns it', () => {
    const read = readRouting({ remotes: { catalog: { live: { version: LIVE, manifestUrl: '/catalog/mf-manifest.json' } } } }, { knows: () => true, manifestUrl: (value) => `https://site.example${String(value)}` });
    expect(read?.remotes.catalog?.live.manifestUrl).toBe('https://site.example/catalog/mf-manifest.json');
  });
});
