import * as contracts from '@antiquarium/contracts';
import type { AuthUser } from '@antiquarium/auth-store';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RuntimeConfig } from '../../config/runtime-config';
import { defaultReleases, releasesAttribute, remoteUrls } from '../loading/site-remotes.testing';

// Module federation's runtime cannot run in jsdom: what the shell registers is what these tests read.
jest.mock('@module-federation/enhanced/runtime', () => ({
  registerRemotes: jest.fn(),
  preloadRemote: jest.fn(() => Promise.resolve()),
  loadRemote: jest.fn(),
}));

type Runtime = jest.Mocked<typeof import('@module-federation/enhanced/runtime')>;

/** A new tab (federation.ts registers once per page load), with the auth store that tab's code uses. */
async function newTab() {
  jest.resetModules();
  return {
    routing: await import('../releases/release-routing'),
    federation: await import('../loading/federation'),
    preview: await import('./preview'),
    auth: await import('@antiquarium/auth-store'),
    runtime: (await import('@module-federation/enhanced/runtime')) as unknown as Runtime,
  };
}
type Tab = Awaited<ReturnType<typeof newTab>>;

const DEFAULTS = remoteUrls();
const config: RuntimeConfig = {
  apiUrl: 'http://api.test',
  firebase: { apiKey: 'demo-api-key', authDomain: 'demo.firebaseapp.com', projectId: 'demo' },
  remotes: DEFAULTS,
  telemetrySampleRate: 1,
};
const loaded = contracts;

const PREVIEW = '0.3.0-0123456789ab';
const PREVIEW_MANIFEST = `http://localhost:4201/releases/${PREVIEW}/mf-manifest.json`;
const ASKED = `?preview=catalog@${PREVIEW}`;

const member = (uid: string): AuthUser => ({ uid, displayName: 'Ada', photoURL: null, email: `${uid}@example.com`, emailVerified: true });

/** Signs a member in, in the tab's store; their ID token is `token-of-<uid>`. */
function signIn(tab: Tab, user: AuthUser | null, loading = false) {
  tab.auth.useAuthStore.setState({ user, loading, getIdToken: async () => (user ? `token-of-${user.uid}` : null) });
}

let fetchMock: jest.SpyInstance;

beforeEach(() => {
  // The bar has its own React root, rendered outside act(): let React schedule it as in a browser.
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
  sessionStorage.clear();
  localStorage.clear();
  // The registry: an empty routing for everyone; the release, only to the operator's token.
  fetchMock = jest.spyOn(globalThis, 'fetch').mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url === 'http://api.test/releases/routing') return Response.json({ remotes: {}, updatedAt: null });
    if (url === `http://api.test/releases/catalog/${PREVIEW}`) {
      const authorization = new Headers(init?.headers).get('Authorization');
      if (!authorization) return new Response(null, { status: 401 });
      if (authorization !== 'Bearer token-of-operator') return new Response(null, { status: 403 });
      return Response.json({ remote: 'catalog', version: PREVIEW, manifestUrl: PREVIEW_MANIFEST, publishedAt: '2026-11-20T10:00:00.000Z' });
    }
    return new Response(null, { status: 404 });
  });
});

afterEach(() => {
  document.body.innerHTML = '';
  jest.restoreAllMocks();
});

function releaseCalls() {
  return fetchMock.mock.calls.filter(([url]) => String(url).startsWith('http://api.test/releases/catalog/'));
}

test('an operator previews the release: the remote is re-registered before it loads, and a bar says so', async () => {
  const tab = await newTab();
  signIn(tab, member('operator'));
  await tab.routing.startReleases(config, loaded, { location: { pathname: '/', search: ASKED } });
  expect(sessionStorage.getItem('antiquarium.preview')).toBe(`catalog@${PREVIEW}`);
  // The home page's remote may change release: its code is not preloaded.
  expect(tab.runtime.preloadRemote).not.toHaveBeenCalled();

  await tab.federation.remoteReady('catalog');
  expect(tab.runtime.registerRemotes).toHaveBeenCalledTimes(2);
  expect(tab.runtime.registerRemotes).toHaveBeenLastCalledWith([{ name: 'catalog', entry: PREVIEW_MANIFEST }], { force: true });
  expect(document.documentElement.dataset.releases).toBe(releasesAttribute({ catalog: PREVIEW }));

  const bar = await screen.findByRole('region', { name: 'Release preview' });
  expect(within(bar).getByRole('status')).toHaveTextContent(`Previewing catalog ${PREVIEW}`);
  expect(within(bar).getByRole('button', { name: 'Exit preview' })).toBeInTheDocument();
});

test('the preview lasts for the tab: a reload or a link without the parameter keeps it', async () => {
  sessionStorage.setItem('antiquarium.preview', `catalog@${PREVIEW}`);
  const tab = await newTab();
  signIn(tab, member('operator'));
  await tab.routing.startReleases(config, loaded, { location: { pathname: '/all-artifacts', search: '' } });
  await tab.federation.remoteReady('catalog');
  expect(tab.federation.chosenReleases()?.catalog).toEqual({ version: PREVIEW, manifestUrl: PREVIEW_MANIFEST, preview: true });
  expect(await screen.findByRole('region', { name: 'Release preview' })).toBeInTheDocument();
});

test('the previewed remote’s pages wait for the member to be known; the other remotes do not', async () => {
  const tab = await newTab();
  signIn(tab, null, true);
  await tab.routing.startReleases(config, loaded, { location: { pathname: '/login', search: ASKED } });
  let catalogReady = false;
  void tab.federation.remoteReady('catalog').then(() => (catalogReady = true));
  await tab.federation.remoteReady('account');
  // The login page's remote is not previewed: its first page is preloaded as usual.
  expect(tab.runtime.preloadRemote).toHaveBeenCalledWith([{ nameOrAlias: 'account', exposes: ['./Login'], resourceCategory: 'sync' }]);
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(catalogReady).toBe(false);

  signIn(tab, member('operator'));
  await tab.federation.remoteReady('catalog');
  expect(tab.federation.chosenReleases()?.catalog?.version).toBe(PREVIEW);
});

test('Exit preview forgets it and reloads the page without the parameter', async () => {
  const tab = await newTab();
  signIn(tab, member('operator'));
  window.history.replaceState(null, '', `/all-artifacts?page=2&preview=catalog@${PREVIEW}`);
  sessionStorage.setItem('antiquarium.preview', `catalog@${PREVIEW}`);
  tab.federation.registerSiteRemotes(defaultReleases(DEFAULTS));
  const navigate = jest.fn();
  await tab.preview.startPreview(config, [{ remote: 'catalog', version: PREVIEW }], { navigate });

  await userEvent.click(await screen.findByRole('button', { name: 'Exit preview' }));
  expect(sessionStorage.getItem('antiquarium.preview')).toBeNull();
  expect(navigate).toHaveBeenCalledWith('http://localhost/all-artifacts?page=2');
  window.history.replaceState(null, '', '/');
});

test.each([
  ['a member who is not an operator', member('reader')],
  ['a visitor', null],
])('%s asking for a preview gets the normal site: no bar, nothing re-registered', async (_who, user) => {
  const tab = await newTab();
  signIn(tab, user);
  await tab.routing.startReleases(config, loaded, { location: { pathname: '/', search: ASKED } });
  await tab.federation.remoteReady('catalog');

  expect(tab.runtime.registerRemotes).toHaveBeenCalledTimes(1);
  expect(document.documentElement.dataset.releases).toBe(releasesAttribute());
  expect(screen.queryByRole('region', { name: 'Release preview' })).not.toBeInTheDocument();
  expect(sessionStorage.getItem('antiquarium.preview')).toBeNull();
  // Only a signed-in member's token is ever sent; a visitor's request never reaches the registry.
  expect(releaseCalls()).toHaveLength(user ? 1 : 0);
});

test('a release whose manifest lies where the site may not load code from is not previewed', async () => {
  const tab = await newTab();
  signIn(tab, member('operator'));
  fetchMock.mockImplementation(async (input: RequestInfo | URL) =>
    String(input).endsWith('/routing')
      ? Response.json({ remotes: {}, updatedAt: null })
      : Response.json({ remote: 'catalog', version: PREVIEW, manifestUrl: `https://elsewhere.test/catalog/${PREVIEW}/mf-manifest.json` }),
  );
  await tab.routing.startReleases(config, loaded, { location: { pathname: '/', search: ASKED } });
  await tab.federation.remoteReady('catalog');
  expect(tab.runtime.registerRemotes).toHaveBeenCalledTimes(1);
  expect(screen.queryByRole('region', { name: 'Release preview' })).not.toBeInTheDocument();
});

test('a malformed request is ignored without asking the registry', async () => {
  const tab = await newTab();
  signIn(tab, member('operator'));
  await tab.routing.startReleases(config, loaded, {
    location: { pathname: '/', search: '?preview=catalog@latest,gallery@0.1.0-0123456789ab,account' },
  });
  await tab.federation.remoteReady('catalog');
  expect(releaseCalls()).toHaveLength(0);
  expect(tab.runtime.registerRemotes).toHaveBeenCalledTimes(1);
  expect(screen.queryByRole('region', { name: 'Release preview' })).not.toBeInTheDocument();
});
