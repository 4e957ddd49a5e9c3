/**
 * @jest-environment node
 */
import { remoteUrls } from '../remotes/loading/site-remotes.testing';
import { DEFAULT_CACHE_MS, DEFAULT_CONCURRENCY, DEFAULT_SITEMAP_CACHE_MS, DEFAULT_SITEMAP_TIMEOUT_MS, DEFAULT_TIMEOUT_MS, FirstPageConfigError, readServerSettings } from './server-settings';

const runtimeConfig = {
  apiUrl: 'https://api.antiquarium.example',
  firebase: { apiKey: 'k', authDomain: 'd', projectId: 'demo-antiquarium' },
  remotes: remoteUrls((name) => `http://${name}.example/mf-manifest.json`),
};
const SECRET = 'the-frames-secret-of-this-deployment-0123';

test('unset and empty variables take their defaults; the api is the browser’s unless API_INTERNAL_URL names another', () => {
  for (const env of [{}, { API_INTERNAL_URL: '', FIRST_PAGE_TIMEOUT_MS: '', SITE_ORIGIN: '', REMOTE_CATALOG_FRAMES_URL: '' }]) {
    expect(readServerSettings(runtimeConfig, env)).toMatchObject({
      browserApiUrl: 'https://api.antiquarium.example',
      apiUrl: 'https://api.antiquarium.example',
      timeoutMs: DEFAULT_TIMEOUT_MS,
      cacheMs: DEFAULT_CACHE_MS,
      concurrency: DEFAULT_CONCURRENCY,
      frames: {},
      secret: undefined,
      siteOrigin: undefined,
      sitemapCacheMs: DEFAULT_SITEMAP_CACHE_MS,
      sitemapTimeoutMs: DEFAULT_SITEMAP_TIMEOUT_MS,
    });
  }
});

test('the values read: URLs without their trailing slash, numbers as numbers', () => {
  const env = {
    API_INTERNAL_URL: 'http://api.internal:3000/',
    REMOTE_CATALOG_FRAMES_URL: 'http://catalog.internal:8081/',
    FRAMES_SECRET: SECRET,
    FIRST_PAGE_TIMEOUT_MS: '250',
    SITE_ORIGIN: 'https://antiquarium.example',
    SITEMAP_CACHE_MS: '0',
  };
  expect(readServerSettings(runtimeConfig, env)).toMatchObject({
    apiUrl: 'http://api.internal:3000',
    frames: { catalog: 'http://catalog.internal:8081' },
    secret: SECRET,
    timeoutMs: 250,
    siteOrigin: 'https://antiquarium.example',
    sitemapCacheMs: 0,
  });
});

test('every wrong value is named at once, one a line', () => {
  const env = { API_INTERNAL_URL: 'api:3000', FIRST_PAGE_CONCURRENCY: '-1', SITE_ORIGIN: 'https://antiquarium.example/site', SITEMAP_TIMEOUT_MS: 'later' };
  expect(() => readServerSettings(runtimeConfig, env)).toThrow(
    new FirstPageConfigError(
      [
        'API_INTERNAL_URL must be an absolute http(s) URL (got "api:3000")',
        'FIRST_PAGE_CONCURRENCY must be a whole number from 0 to 1000',
        'SITE_ORIGIN must be an origin only, e.g. https://antiquarium.example (got "https://antiquarium.example/site")',
        'SITEMAP_TIMEOUT_MS must be a whole number from 0 to 600000',
      ].join('\n'),
    ),
  );
});

test('FRAMES_SECRET is checked with a frames port only (without one it is sent nowhere)', () => {
  expect(() => readServerSettings(runtimeConfig, { FRAMES_SECRET: 'short' })).not.toThrow();
  expect(() => readServerSettings(runtimeConfig, { REMOTE_CATALOG_FRAMES_URL: 'http://catalog.internal:8081', FRAMES_SECRET: 'short' })).toThrow(/FRAMES_SECRET must be 32 to 512/);
});

test('a runtime config the browser would refuse is refused', () => {
  expect(() => readServerSettings({ apiUrl: 'https://api.antiquarium.example' }, {})).toThrow(new FirstPageConfigError('runtime-config.json: firebase is required'));
});
