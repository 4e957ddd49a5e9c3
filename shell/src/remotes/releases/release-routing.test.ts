import * as contracts from '@antiquarium/contracts';
import type { ReleaseRouting } from '@antiquarium/contracts';
import type { RuntimeConfig } from '../../config/runtime-config';
import { defaultReleases, releasesAttribute, remoteUrls } from '../loading/site-remotes.testing';

// Module federation's runtime cannot run in jsdom (it loads real scripts): what the shell registers
// and preloads is what these tests read.
jest.mock('@module-federation/enhanced/runtime', () => ({
  registerRemotes: jest.fn(),
  preloadRemote: jest.fn(() => Promise.resolve()),
  loadRemote: jest.fn(async () => ({ default: () => null })),
}));

type Runtime = typeof import('@module-federation/enhanced/runtime');
type Modules = {
  routing: typeof import('./release-routing');
  federation: typeof import('../loading/federation');
  runtime: jest.Mocked<Runtime>;
};

/** Each test is a new tab: federation.ts registers once per page load, so its state must start over. */
async function newTab(): Promise<Modules> {
  jest.resetModules();
  return {
    routing: await import('./release-routing'),
    federation: await import('../loading/federation'),
    runtime: (await import('@module-federation/enhanced/runtime')) as unknown as jest.Mocked<Runtime>,
  };
}

const config: RuntimeConfig = {
  apiUrl: 'http://api.test',
  firebase: { apiKey: 'demo-api-key', authDomain: 'demo.firebaseapp.com', projectId: 'demo' },
  remotes: remoteUrls(),
  telemetrySampleRate: 1,
};

const LIVE = '0.1.0-abc123456789';
const CANARY = '0.2.0-fedcba987654';
const PORTS: Record<string, number> = Object.fromEntries(Object.entries(remoteUrls()).map(([name, url]) => [name, Number(new URL(url).port)]));
/** Where `npm run release` publishes: beside the remote's default (deploy/serve-static.mjs --releases). */
const manifest = (remote: string, version: string) => `http://localhost:${PORTS[remote]}/releases/${version}/mf-manifest.json`;

const routingA: ReleaseRouting = {
  remotes: { catalog: { live: { version: LIVE, manifestUrl: manifest('catalog', LIVE) } } },
  updatedAt: '2026-11-20T10:00:00.000Z',
};

function withCanary(percent: number): ReleaseRouting {
  return {
    remotes: {
      catalog: {
        live: { version: LIVE, manifestUrl: manifest('catalog', LIVE) },
        canary: { version: CANARY, manifestUrl: manifest('catalog', CANARY), percent },
      },
    },
    updatedAt: '2026-11-21T10:00:00.000Z',
  };
}

const loaded = contracts;
let fetchMock: jest.SpyInstance;

function registryAnswers(body: unknown, status = 200) {
  fetchMock.mockImplementation(async () => new Response(typeof body === 'string' ? body : JSON.stringify(body), { status }));
}

function registryDown() {
  fetchMock.mockImplementation(async () => {
    throw new TypeError('Failed to fetch');
  });
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  delete document.documentElement.dataset.releases;
  fetchMock = jest.spyOn(globalThis, 'fetch');
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});

afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

describe('resolution at page load', () => {
  test('uses the registry’s routing, and remembers it as the last one seen', async () => {
    const { routing } = await newTab();
    registryAnswers(routingA);
    const releases = await routing.resolveReleases(config, loaded);

    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('http://api.test/releases/routing');
    expect(releases).toEqual({ ...defaultReleases(config.remotes), catalog: { version: LIVE, manifestUrl: manifest('catalog', LIVE) } });
    expect(JSON.parse(localStorage.getItem(routing.ROUTING_KEY) ?? 'null')).toEqual(routingA);
  });

  test('keeps the telemetry ticket of a routing it uses; none from a routing it refuses, or with the registry down', async () => {
    const ticket = 't1.eyJpIjoiYSJ9.c2lnbmF0dXJl';
    const answers = (body: unknown) =>
      fetchMock.mockImplementation(async () => new Response(JSON.stringify(body), { status: 200, headers: { [contracts.TELEMETRY_TICKET_HEADER]: ticket } }));

    let tab = await newTab();
    answers(routingA);
    await tab.routing.resolveReleases(config, loaded);
    expect((await import('../telemetry/telemetry-ticket')).telemetryTicket()).toBe(ticket);

    // The ticket names the releases of the answer it came with: not those of the last one seen.
    tab = await newTab();
    answers({ remotes: 'catalog' });
    expect((await tab.routing.resolveReleases(config, loaded)).catalog?.version).toBe(LIVE);
    expect((await import('../telemetry/telemetry-ticket')).telemetryTicket()).toBeUndefined();

    tab = await newTab();
    registryDown();
    await tab.routing.resolveReleases(config, loaded);
    expect((await import('../telemetry/telemetry-ticket')).telemetryTicket()).toBeUndefined();
  });

  test('with the registry down, the last routing seen is used', async () => {
    const { routing } = await newTab();
    registryAnswers(routingA);
    await routing.resolveReleases(config, loaded);

    registryDown();
    expect((await routing.resolveReleases(config, loaded)).catalog).toEqual({ version: LIVE, manifestUrl: manifest('catalog', LIVE) });
    // An error answer is the registry being down too.
    registryAnswers({ message: 'Internal server error' }, 500);
    expect((await routing.resolveReleases(config, loaded)).catalog?.version).toBe(LIVE);
  });

  test('a fresh browser with the registry down runs the runtime config’s defaults', async () => {
    const { routing } = await newTab();
    registryDown();
    const releases = await routing.resolveReleases(config, loaded);
    expect(releases).toEqual(defaultReleases(config.remotes));
    expect(localStorage.getItem(routing.ROUTING_KEY)).toBeNull();
  });

  test.each([
    ['not JSON', '<html>proxy error</html>'],
    ['no remotes', { updatedAt: null }],
    ['a remote without a live release', { remotes: { catalog: { canary: withCanary(10).remotes.catalog?.canary } }, updatedAt: null }],
    ['a version that is not one', { remotes: { catalog: { live: { version: 'latest', manifestUrl: manifest('catalog', LIVE) } } }, updatedAt: null }],
    ['a script URL for a manifest', { remotes: { catalog: { live: { version: LIVE, manifestUrl: 'javascript:alert(1)' } } }, updatedAt: null }],
    ['a manifest URL that is not text', { remotes: { catalog: { live: { version: LIVE, manifestUrl: 42 } } }, updatedAt: null }],
    // The Content-Security-Policy lets scripts come from the runtime config's remotes only.
    ['a manifest on an origin the site does not load code from', { remotes: { catalog: { live: { version: LIVE, manifestUrl: `https://cdn.test/catalog/${LIVE}/mf-manifest.json` } } }, updatedAt: null }],
    ['a canary share over 100', withCanary(150)],
    ['an updatedAt that is not a date', { ...routingA, updatedAt: 7 }],
  ])('a malformed routing (%s) falls back to the last one seen, which it does not replace', async (_case, body) => {
    const { routing } = await newTab();
    registryAnswers(routingA);
    await routing.resolveReleases(config, loaded);

    registryAnswers(body);
    expect((await routing.resolveReleases(config, loaded)).catalog?.version).toBe(LIVE);
    expect(JSON.parse(localStorage.getItem(routing.ROUTING_KEY) ?? 'null')).toEqual(routingA);
  });

  test('a malformed routing in a fresh browser, or a spoiled stored copy, leads to the defaults', async () => {
    const { routing } = await newTab();
    registryAnswers({ remotes: 'catalog' });
    expect((await routing.resolveReleases(config, loaded)).catalog?.version).toBe('default');

    localStorage.setItem(routing.ROUTING_KEY, '{not json');
    registryDown();
    expect((await routing.resolveReleases(config, loaded)).catalog?.version).toBe('default');
  });

  test('a remote the shell does not know is skipped, not a reason to refuse the routing', async () => {
    const { routing } = await newTab();
    registryAnswers({ ...routingA, remotes: { ...routingA.remotes, gallery: { live: 'anything' } } });
    expect((await routing.resolveReleases(config, loaded)).catalog?.version).toBe(LIVE);
  });

  test('the routing is given ROUTING_TIMEOUT_MS (1500 ms), then the last one seen is used', async () => {
    const { routing } = await newTab();
    expect(routing.ROUTING_TIMEOUT_MS).toBe(1500);
    registryAnswers(routingA);
    await routing.resolveReleases(config, loaded);

    jest.useFakeTimers();
    let signal: AbortSignal | undefined;
    fetchMock.mockImplementation((_url: string, init?: RequestInit) => {
      signal = init?.signal ?? undefined;
      return new Promise(() => undefined);
    });
    let settled = false;
    const resolving = routing.resolveReleases(config, loaded).finally(() => {
      settled = true;
    });
    await jest.advanceTimersByTimeAsync(1499);
    expect(settled).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    expect((await resolving).catalog?.version).toBe(LIVE);
    expect(signal?.aborted).toBe(true);
  });

  test('a canary is sticky: the same browser gets the same release on every load', async () => {
    const { routing } = await newTab();
    registryAnswers(withCanary(50));
    const first = await routing.resolveReleases(config, loaded);
    const visitor = localStorage.getItem(routing.VISITOR_KEY);
    expect(visitor).toMatch(/^[\w-]{8,64}$/);
    for (let load = 0; load < 5; load += 1) {
      expect(await routing.resolveReleases(config, loaded)).toEqual(first);
    }
    expect(localStorage.getItem(routing.VISITOR_KEY)).toBe(visitor);
    expect(first.catalog?.version).toBe(contracts.canaryBucket(visitor ?? '', 'catalog') < 50 ? CANARY : LIVE);
  });

  test('at 50 percent, between 40 and 60 percent of 200 browsers land on the canary', async () => {
    const { routing } = await newTab();
    registryAnswers(withCanary(50));
    let onCanary = 0;
    for (let browser = 0; browser < 200; browser += 1) {
      localStorage.setItem(routing.VISITOR_KEY, `browser-${String(browser).padStart(4, '0')}`);
      const { catalog } = await routing.resolveReleases(config, loaded);
      if (catalog?.version === CANARY) onCanary += 1;
      else expect(catalog).toEqual({ version: LIVE, manifestUrl: manifest('catalog', LIVE) });
    }
    expect(onCanary).toBeGreaterThanOrEqual(80);
    expect(onCanary).toBeLessThanOrEqual(120);
  });

  test('with storage blocked, a canary still resolves: the visitor id is made for the load and nothing throws', async () => {
    const { routing } = await newTab();
    registryAnswers(withCanary(50));
    jest.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    });
    jest.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    });
    expect(routing.visitorId()).toMatch(/^[\w-]{8,64}$/);
    const { catalog } = await routing.resolveReleases(config, loaded);
    expect([CANARY, LIVE]).toContain(catalog?.version);
  });

  test('without crypto.randomUUID (not a secure context) the visitor id comes from getRandomValues, and is kept', async () => {
    const { routing } = await newTab();
    const randomUUID = jest.spyOn(crypto, 'randomUUID');
    Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
    try {
      const id = routing.visitorId();
      expect(id).toMatch(/^[0-9a-f]{32}$/);
      expect(localStorage.getItem(routing.VISITOR_KEY)).toBe(id);
      expect(routing.visitorId()).toBe(id);
      // Without crypto at all, another well-formed id, kept the same way.
      localStorage.clear();
      const saved = globalThis.crypto;
      Object.defineProperty(globalThis, 'crypto', { value: undefined, configurable: true });
      try {
        const fallback = routing.visitorId();
        expect(fallback).toMatch(/^[\w-]{8,64}$/);
        expect(routing.visitorId()).toBe(fallback);
      } finally {
        Object.defineProperty(globalThis, 'crypto', { value: saved, configurable: true });
      }
    } finally {
      randomUUID.mockRestore();
    }
    expect(typeof crypto.randomUUID).toBe('function');
  });

  test('no visitor id is made while no remote has a canary', async () => {
    const { routing } = await newTab();
    registryAnswers(routingA);
    await routing.resolveReleases(config, loaded);
    expect(localStorage.getItem(routing.VISITOR_KEY)).toBeNull();
  });
});

describe('start-up', () => {
  test('registers the chosen releases, shows them on <html data-releases> and preloads the first page', async () => {
    const { routing, federation, runtime } = await newTab();
    registryAnswers(routingA);
    await routing.startReleases(config, loaded, { location: { pathname: '/', search: '' } });

    expect(runtime.registerRemotes).toHaveBeenCalledTimes(1);
    expect(runtime.registerRemotes).toHaveBeenCalledWith(
      Object.entries(config.remotes).map(([name, entry]) => ({ name, entry: name === 'catalog' ? manifest('catalog', LIVE) : entry })),
    );
    expect(document.documentElement.dataset.releases).toBe(releasesAttribute({ catalog: LIVE }));
    expect(federation.chosenReleases()?.catalog?.version).toBe(LIVE);
    expect(runtime.preloadRemote).toHaveBeenCalledWith([{ nameOrAlias: 'catalog', exposes: ['./Home'], resourceCategory: 'sync' }]);
    await expect(federation.remoteReady('catalog')).resolves.toBeUndefined();
  });

  test('remote pages wait until the releases are registered', async () => {
    const { routing, federation, runtime } = await newTab();
    let answer: (response: Response) => void = () => undefined;
    fetchMock.mockImplementation(() => new Promise<Response>((resolve) => (answer = resolve)));
    let ready = false;
    void federation.remoteReady('catalog').then(() => (ready = true));
    const starting = routing.startReleases(config, loaded, { location: { pathname: '/about', search: '' } });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(ready).toBe(false);
    expect(runtime.registerRemotes).not.toHaveBeenCalled();

    answer(new Response(JSON.stringify(routingA)));
    await starting;
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(ready).toBe(true);
    // A static page preloads no remote.
    expect(runtime.preloadRemote).not.toHaveBeenCalled();
  });

  test('no version skew inside a tab: a routing change after start changes nothing registered', async () => {
    const { routing, federation, runtime } = await newTab();
    registryAnswers(routingA);
    await routing.startReleases(config, loaded, { location: { pathname: '/', search: '' } });
    const registered = structuredClone(runtime.registerRemotes.mock.calls);
    const shown = document.documentElement.dataset.releases;

    // The registry now sends this browser to a canary (a new load would run it)...
    registryAnswers(withCanary(99));
    localStorage.setItem(routing.VISITOR_KEY, 'browser-in-the-canary');
    expect(contracts.canaryBucket('browser-in-the-canary', 'catalog')).toBeLessThan(99);
    const changed = await routing.resolveReleases(config, loaded);
    expect(changed.catalog?.version).toBe(CANARY);
    // ...but whatever runs start-up or registration again in this tab (a second call, a hot reload)
    await routing.startReleases(config, loaded, { location: { pathname: '/all-artifacts', search: '' } });
    expect(federation.registerSiteRemotes(changed)).toBe(false);
    // ...and the pages loaded after it, lazily, from the catalog and the others:
    await federation.loadRemotePage('catalog/AllArtifacts');
    await federation.loadRemotePage('account/Login');

    expect(runtime.registerRemotes.mock.calls).toEqual(registered);
    expect(runtime.registerRemotes).toHaveBeenCalledTimes(1);
    expect(document.documentElement.dataset.releases).toBe(shown);
    expect(federation.chosenReleases()?.catalog).toEqual({ version: LIVE, manifestUrl: manifest('catalog', LIVE) });
  });

  test('a visitor without a preview loads no preview code and waits on nothing more', async () => {
    const { routing, federation } = await newTab();
    const startPreview = jest.fn();
    jest.doMock('../previews/preview', () => ({ startPreview }));
    registryAnswers(routingA);
    await routing.startReleases(config, loaded, { location: { pathname: '/', search: '?page=2' } });
    await federation.remoteReady('catalog');
    expect(startPreview).not.toHaveBeenCalled();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    jest.dontMock('../previews/preview');
  });
});
