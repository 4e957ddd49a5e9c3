/**
 * @jest-environment node
 */
// The shell's server side of a first page (docs/decisions/0010, 0011): which calls it makes, which
// frame it asks for, what the document holds, and that every failure sends the plain index.html.
// Then what a composition may cost (issue 26): one per canonical URL, shared by concurrent visits,
// a cap on those under way, the visitor's address on the api calls, and a thousand junk URLs against
// real HTTP stand-ins of the api (with a per-client budget) and of the catalog's frames port.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { apiCallKey, apiSearchParams, FIRST_PAGE_ANSWERS_ID, FRAME_ATTRIBUTE, firstPageCalls, WAITING_ATTRIBUTE, type FrameRequest } from '@antiquarium/contracts/first-page';
import { INTENT_STARTER_SCRIPT, INTENT_STARTER_SCRIPT_HASH } from './intent-starter';
import { canonicalUrl, createFirstPageServer, type FirstPageServerOptions } from './first-page-server';
import { composeDocument, FIRST_FRAME_WAITS_FOR_PAGE, inlineScriptHashes } from './first-page-document';
import { FirstPageConfigError, framesVariable } from './server-settings';
import { forwardedFor } from './visitor';
import { remoteUrls } from '../remotes/loading/site-remotes.testing';
import { FRAMES_SECRET_HEADER } from '../../../deploy/frames-secret.mjs';

const API = 'http://api.example';
const INTERNAL = 'http://api.internal:3000';
const FRAMES = 'http://catalog.internal:8081';
const VERSION = '1.2.3-0123456789ab';
const INDEX = '<!doctype html><html><head><title>Antiquarium</title></head><body><div id="root"></div><script src="/main.js"></script></body></html>';
const runtimeConfig = {
  apiUrl: `${API}/`,
  firebase: { apiKey: 'k', authDomain: 'd', projectId: 'demo-antiquarium' },
  remotes: remoteUrls((name) => `http://${name}.example/mf-manifest.json`),
};

interface Seen {
  url: string;
  method: string;
  headers: Headers;
  body?: FrameRequest;
}

function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
}

/** A fake network: the api (internal address), its release routing, and the catalog's frames. */
function network(overrides: { routing?: unknown; routingAnswer?: (signal: AbortSignal | undefined) => Response | Promise<Response>; api?: (url: URL) => Response | undefined; frame?: (request: FrameRequest, url: string) => Response; delayMs?: number } = {}) {
  const seen: Seen[] = [];
  const fetchImpl = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as FrameRequest) : undefined;
    seen.push({ url, method, headers: new Headers(init?.headers), body });
    if (overrides.delayMs) {
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(resolve, overrides.delayMs);
        init?.signal?.addEventListener('abort', () => {
          clearTimeout(timer);
          reject(init.signal?.reason);
        });
      });
    }
    const parsed = new URL(url);
    if (url.startsWith(FRAMES)) {
      return overrides.frame?.(body as FrameRequest, url) ?? json({ html: `<main><h1>${body?.module}</h1></main>`, css: ['.page{color:red}'] });
    }
    if (parsed.pathname === '/releases/routing') return overrides.routingAnswer?.(init?.signal ?? undefined) ?? json(overrides.routing ?? { remotes: {}, updatedAt: null });
    const answer = overrides.api?.(parsed);
    if (answer) return answer;
    if (parsed.pathname === '/contributors/top') return json([{ email: 'a@example.com', count: 3 }]);
    return json({ items: [{ _id: '1', name: `list ${parsed.search}` }] }, 200, { 'X-Total-Count': '41', 'X-Unrelated': 'no' });
  }) as typeof fetch;
  return { seen, fetchImpl };
}

function server(env: Record<string, string>, fetchImpl: typeof fetch, extra: Partial<FirstPageServerOptions> = {}) {
  const log: string[] = [];
  const composer = createFirstPageServer({ runtimeConfig, env, fetch: fetchImpl, log: (line) => log.push(line), ...extra });
  return { composer, log };
}

const SECRET = 'the-frames-secret-of-this-deployment-0123';
const wired = { API_INTERNAL_URL: INTERNAL, REMOTE_CATALOG_FRAMES_URL: FRAMES, FRAMES_SECRET: SECRET };

function answersOf(document: string): Record<string, { status: number; headers: Record<string, string>; body: unknown }> {
  const match = new RegExp(`<script type="application/json" id="${FIRST_PAGE_ANSWERS_ID}">(.*?)</script>`).exec(document);
  if (!match?.[1]) throw new Error('no answers in the document');
  return JSON.parse(match[1]) as Record<string, { status: number; headers: Record<string, string>; body: unknown }>;
}

test("the home page: the api's calls made on the internal address, the frame asked for, the page inside the layout", async () => {
  const { seen, fetchImpl } = network();
  const { composer } = server(wired, fetchImpl);
  const document = await composer.compose('/', INDEX);
  expect(document).toBeDefined();

  const apiCalls = seen.filter((call) => call.url.startsWith(INTERNAL) && !call.url.endsWith('/releases/routing')).map((call) => call.url);
  const expected = firstPageCalls('/', '').map((call) => `${INTERNAL}/${call.path}?${apiSearchParams(call.query).toString()}`);
  expect(apiCalls.sort()).toEqual(expected.sort());

  const frame = seen.find((call) => call.url.startsWith(FRAMES));
  expect(frame).toMatchObject({ url: `${FRAMES}/frames`, method: 'POST' });
  // With the deployment's secret, which only the frames ports get; the api never sees it.
  expect(frame?.headers.get(FRAMES_SECRET_HEADER)).toBe(SECRET);
  expect(seen.filter((call) => call.headers.has(FRAMES_SECRET_HEADER)).map((call) => call.url)).toEqual([`${FRAMES}/frames`]);
  expect(frame?.body).toMatchObject({ module: './Home', url: '/', apiUrl: API });
  // The answers the frame was rendered with are the document's, named as the browser names its calls.
  const answers = answersOf(document as string);
  expect(frame?.body?.answers).toEqual(answers);
  for (const call of firstPageCalls('/', '')) expect(answers[apiCallKey(API, call.path, call.query)]?.status).toBe(200);
  // Only the headers a page reads travel.
  const list = answers[apiCallKey(API, 'artifacts', firstPageCalls('/', '')[0]?.query)];
  expect(list?.headers).toEqual({ 'x-total-count': '41' });

  // The page sits in the layout's main area, in a Suspense boundary's markers (the browser hydrates
  // it there, docs/decisions/0011); #root says which page it is; its style sheet is in the head.
  expect(document).toMatch(
    new RegExp(`<div id="root" ${FRAME_ATTRIBUTE}="catalog/Home"><div class="aq-layout">.*<main id="main-content"[^>]*><!--\\$--><main><h1>\\./Home</h1></main><!--/\\$--></main>.*</div><script type="application/json"`, 's'),
  );
  expect(document).toMatch(/<style data-aq-frame-css>\.page\{color:red\}<\/style><\/head>/);
  expect(document).toContain('<script src="/main.js"></script>');
});

test('the composed page\'s form controls are marked as waiting for their code, and stay enabled (announced and activated as what they are); links stay links', async () => {
  const { fetchImpl } = network({
    frame: () =>
      json({
        html: '<form><input name="search"/><select id="type"><option>Tools</option></select><textarea></textarea><button type="submit">Go</button><button type="button" disabled="">Previous</button></form><a href="/x">x</a><inputs></inputs>',
        css: [],
      }),
  });
  const document = await server(wired, fetchImpl).composer.compose('/all-artifacts', INDEX);
  const waiting = `${WAITING_ATTRIBUTE}=""`;
  expect(document).not.toMatch(new RegExp(`disabled="" ${WAITING_ATTRIBUTE}`));
  expect(document).toContain(`<input ${waiting} name="search"/>`);
  expect(document).toContain(`<select ${waiting} id="type">`);
  expect(document).toContain(`<textarea ${waiting}>`);
  expect(document).toContain(`<button ${waiting} type="submit">`);
  // One the page disabled itself stays as it is (the page's code will not enable it).
  expect(document).toContain('<button type="button" disabled="">Previous</button>');
  // The layout's own controls (the top bar's menu) wait too.
  expect(document).toMatch(new RegExp(`<button ${waiting} type="button" class="aq-topbar__menu-toggle"`));
  expect(document).toContain('<a href="/x">x</a>');
  expect(document).toContain('<inputs>');
});

test("the resource hints React's server render puts before the page are left out (the page's own images ask for their pictures)", async () => {
  const preload = '<link rel="preload" as="image" imageSrcSet="/a-320.webp 320w" fetchPriority="high"/>';
  const { fetchImpl } = network({ frame: () => json({ html: `${preload}${preload}<section><img src="/a-320.webp"/><link rel="author" href="/later"/></section>`, css: ['.page{}'] }) });
  const document = (await server(wired, fetchImpl).composer.compose('/all-artifacts', INDEX)) as string;
  expect(document).not.toContain('rel="preload" as="image"');
  expect(document).toContain('<!--$--><section><img src="/a-320.webp"/><link rel="author" href="/later"/></section><!--/$-->');
});

test("the shell's entry is left to the composed page's intent starter, the one inline script its policy allows", async () => {
  const deferred = INDEX.replace('<script src="/main.js"></script>', '').replace('</head>', '<script defer src="/main.abc123.js"></script></head>');
  const { fetchImpl } = network();
  const document = (await server(wired, fetchImpl).composer.compose('/', deferred)) as string;
  expect(document).not.toContain('<script defer src="/main.abc123.js">');
  const inline = [...document.matchAll(/<script( [^>]*)?>([\s\S]*?)<\/script>/g)].filter(([, attributes]) => !/type="application\/json"/.test(attributes ?? ''));
  expect(inline).toHaveLength(1);
  const [[, attributes, code]] = inline as [RegExpMatchArray];
  expect(attributes).toBe(' data-entry="/main.abc123.js"');
  expect(code).toBe(INTENT_STARTER_SCRIPT);
  // Last in the body, after the page and its answers.
  expect(document.indexOf(INTENT_STARTER_SCRIPT)).toBeGreaterThan(document.indexOf(FIRST_PAGE_ANSWERS_ID));
  expect(inlineScriptHashes).toEqual([INTENT_STARTER_SCRIPT_HASH]);
});

test("All Artifacts: the URL's query decides the calls, the frame gets the path and query", async () => {
  const { seen, fetchImpl } = network();
  const { composer } = server(wired, fetchImpl);
  const document = await composer.compose('/all-artifacts?type=Tools&page=2', INDEX);
  expect(document).toBeDefined();
  const answers = answersOf(document as string);
  const expected = firstPageCalls('/all-artifacts', '?type=Tools&page=2').map((call) => apiCallKey(API, call.path, call.query));
  expect(Object.keys(answers).sort()).toEqual(expected.sort());
  expect(seen.find((call) => call.url.startsWith(FRAMES))?.body).toMatchObject({ module: './AllArtifacts', url: '/all-artifacts?type=Tools&page=2' });
});

test("the registry's live release is the one rendered; a release this server cannot reach sends the page plain", async () => {
  const live = { version: VERSION, manifestUrl: `http://catalog.example/releases/${VERSION}/mf-manifest.json` };
  const { seen, fetchImpl } = network({ routing: { remotes: { catalog: { live } }, updatedAt: null } });
  const { composer } = server(wired, fetchImpl);
  expect(await composer.compose('/', INDEX)).toBeDefined();
  expect(seen.find((call) => call.url.startsWith(FRAMES))?.url).toBe(`${FRAMES}/releases/${VERSION}/frames`);

  const elsewhere = network({ routing: { remotes: { catalog: { live: { version: VERSION, manifestUrl: `http://cdn.other/${VERSION}/mf-manifest.json` } } }, updatedAt: null } });
  const { composer: other, log } = server(wired, elsewhere.fetchImpl);
  expect(await other.compose('/', INDEX)).toBeUndefined();
  expect(elsewhere.seen.some((call) => call.url.startsWith(FRAMES))).toBe(false);
  expect(log.join('\n')).toMatch(/live release is not one this server can reach/);
});

test("without the registry's routing the remote's own build is rendered, and not kept: the next visit reads the routing again", async () => {
  const live = { version: VERSION, manifestUrl: `http://catalog.example/releases/${VERSION}/mf-manifest.json` };
  let registryDown = true;
  const { seen, fetchImpl } = network({
    routingAnswer: () => (registryDown ? json({ message: 'unavailable' }, 503) : json({ remotes: { catalog: { live } }, updatedAt: null })),
  });
  // A clock that stands still: nothing here expires by time.
  const { composer, log } = server(wired, fetchImpl, { now: () => 5_000 });
  const framesAsked = () => seen.filter((call) => call.url.startsWith(FRAMES)).map((call) => call.url);
  expect(await composer.compose('/', INDEX)).toBeDefined();
  expect(framesAsked()).toEqual([`${FRAMES}/frames`]);
  expect(log.join('\n')).toMatch(/routing did not answer/);
  registryDown = false;
  // Neither the failed read nor the page rendered without it is kept: the live release is rendered.
  expect(await composer.compose('/', INDEX)).toBeDefined();
  expect(framesAsked()).toEqual([`${FRAMES}/frames`, `${FRAMES}/releases/${VERSION}/frames`]);
  expect(seen.filter((call) => call.url.endsWith('/releases/routing'))).toHaveLength(2);
  // That one, rendered with the registry's answer, is kept.
  await composer.compose('/', INDEX);
  expect(framesAsked()).toHaveLength(2);
});

test('a routing read that does not end within FIRST_PAGE_FINISH_MS sends the page plain, and is not kept for the next visit', async () => {
  let hang = true;
  const { seen, fetchImpl } = network({
    routingAnswer: (signal) =>
      hang
        ? new Promise<Response>((_resolve, reject) => signal?.addEventListener('abort', () => reject(signal.reason)))
        : json({ remotes: {}, updatedAt: null }),
  });
  const { composer, log } = server({ ...wired, FIRST_PAGE_TIMEOUT_MS: '50', FIRST_PAGE_FINISH_MS: '100' }, fetchImpl, { now: () => 5_000 });
  expect(await composer.compose('/', INDEX)).toBeUndefined();
  expect(log.join('\n')).toMatch(/no answer within 50 ms/);
  await new Promise((resolve) => setTimeout(resolve, 200));
  hang = false;
  expect(await composer.compose('/', INDEX)).toBeDefined();
  expect(seen.filter((call) => call.url.endsWith('/releases/routing'))).toHaveLength(2);
});

test('pages that are not first pages of a framed remote, or without frames configured, are not composed', async () => {
  const { seen, fetchImpl } = network();
  const { composer } = server(wired, fetchImpl);
  expect(await composer.compose('/login', INDEX)).toBeUndefined();
  expect(await composer.compose('/artifacts/123', INDEX)).toBeUndefined();
  expect(seen).toHaveLength(0);

  const unwired = server({ API_INTERNAL_URL: INTERNAL }, fetchImpl);
  expect(unwired.composer.frames).toEqual({});
  expect(await unwired.composer.compose('/', INDEX)).toBeUndefined();
  expect(seen).toHaveLength(0);
});

test('a public collection is composed from its one call; a private one (404) and an id the api could not have made go out plain', async () => {
  const id = '650000000000000000000001';
  const { seen, fetchImpl } = network({
    api: (url) => {
      if (url.pathname === `/collections/${id}`) return json({ id, title: 'Writing and reckoning', items: [] });
      if (url.pathname.startsWith('/collections/')) return json({ statusCode: 404, message: 'Collection not found' }, 404);
      return undefined;
    },
  });
  const { composer } = server(wired, fetchImpl);
  const document = await composer.compose(`/collections/${id}?utm_source=chat`, INDEX);
  expect(document).toBeDefined();
  expect(answersOf(document as string)[apiCallKey(API, `collections/${id}`, {})]?.body).toMatchObject({ title: 'Writing and reckoning' });
  // The route's own path, without the query the page does not read.
  expect(seen.find((call) => call.url.startsWith(FRAMES))?.body).toMatchObject({ module: './Collection', url: `/collections/${id}` });
  expect(document).toContain(`${FRAME_ATTRIBUTE}="catalog/Collection"`);

  seen.length = 0;
  expect(await composer.compose('/collections/650000000000000000000002', INDEX)).toBeUndefined();
  expect(seen.filter((call) => call.url.startsWith(FRAMES))).toHaveLength(0);

  seen.length = 0;
  expect(await composer.compose('/collections/not-an-id', INDEX)).toBeUndefined();
  expect(seen).toHaveLength(0);
});

test('a failing api call, a broken frame, a frame style sheet that could close its element: the plain page', async () => {
  const failing = network({ api: (url) => (url.pathname === '/contributors/top' ? json({ message: 'down' }, 503) : undefined) });
  const one = server(wired, failing.fetchImpl);
  expect(await one.composer.compose('/', INDEX)).toBeUndefined();
  expect(one.log.join('\n')).toMatch(/api did not answer every call/);

  const broken = network({ frame: () => json({ html: 42 }) });
  expect(await server(wired, broken.fetchImpl).composer.compose('/', INDEX)).toBeUndefined();

  const missing = network({ frame: () => json({ message: 'Not found' }, 404) });
  expect(await server(wired, missing.fetchImpl).composer.compose('/', INDEX)).toBeUndefined();

  const closing = network({ frame: () => json({ html: '<p>x</p>', css: ['a{}</style><script>alert(1)</script>'] }) });
  expect(await server(wired, closing.fetchImpl).composer.compose('/', INDEX)).toBeUndefined();

  const thrown = network({ frame: () => { throw new TypeError('fetch failed'); } });
  const four = server(wired, thrown.fetchImpl);
  expect(await four.composer.compose('/', INDEX)).toBeUndefined();
  expect(four.log.join('\n')).toMatch(/fetch failed/);
});

test('past FIRST_PAGE_TIMEOUT_MS the page goes out plain; the composition goes on and serves the next visit', async () => {
  const slow = network({ delayMs: 300 });
  const { composer, log } = server({ ...wired, FIRST_PAGE_TIMEOUT_MS: '50' }, slow.fetchImpl);
  const started = Date.now();
  expect(await composer.compose('/', INDEX)).toBeUndefined();
  expect(Date.now() - started).toBeLessThan(250);
  expect(log.join('\n')).toMatch(/no answer within 50 ms \(the page is still composed for the next visits\)/);
  // A visit while it goes on waits its own 50 ms, and asks nothing more.
  const asked = slow.seen.length;
  expect(await composer.compose('/', INDEX)).toBeUndefined();
  expect(slow.seen).toHaveLength(asked);
  await new Promise((resolve) => setTimeout(resolve, 700));
  // The frame was asked once the answers came (300 ms each), and the page it made is the next visit's at once.
  const document = await composer.compose('/', INDEX);
  expect(document).toContain(`${FRAME_ATTRIBUTE}="catalog/Home"`);
  expect(slow.seen.filter((call) => call.url.startsWith(FRAMES))).toHaveLength(1);
});

test('past FIRST_PAGE_FINISH_MS the composition is given up and its calls are aborted; the next visit composes again', async () => {
  const aborted: string[] = [];
  const slow = network({ delayMs: 5_000 });
  const fetchImpl = (async (input: string | URL | Request, init?: RequestInit) => {
    init?.signal?.addEventListener('abort', () => aborted.push(String(input)));
    return slow.fetchImpl(input, init);
  }) as typeof fetch;
  const { composer, log } = server({ ...wired, FIRST_PAGE_TIMEOUT_MS: '50', FIRST_PAGE_FINISH_MS: '150' }, fetchImpl);
  expect(await composer.compose('/', INDEX)).toBeUndefined();
  await new Promise((resolve) => setTimeout(resolve, 400));
  expect(log.join('\n')).toMatch(/not composed within 150 ms \(FIRST_PAGE_FINISH_MS\)/);
  expect(aborted.length).toBeGreaterThanOrEqual(firstPageCalls('/', '').length);
  const asked = slow.seen.length;
  expect(await composer.compose('/', INDEX)).toBeUndefined();
  expect(slow.seen.length).toBeGreaterThan(asked);
  await new Promise((resolve) => setTimeout(resolve, 200));
});

test('a composed page is reused for FIRST_PAGE_CACHE_MS, per canonical URL', async () => {
  let clock = 1_000;
  const { seen, fetchImpl } = network();
  const { composer } = server({ ...wired, FIRST_PAGE_CACHE_MS: '2000' }, fetchImpl, { now: () => clock });
  const first = await composer.compose('/', INDEX);
  const frames = () => seen.filter((call) => call.url.startsWith(FRAMES)).length;
  expect(await composer.compose('/', INDEX)).toBe(first);
  expect(frames()).toBe(1);
  await composer.compose('/all-artifacts', INDEX);
  expect(frames()).toBe(2);
  clock += 2_001;
  await composer.compose('/', INDEX);
  expect(frames()).toBe(3);
});

test('a configuration mistake is named at start-up', () => {
  const { fetchImpl } = network();
  expect(() => server({ REMOTE_CATALOG_FRAMES_URL: 'catalog:8081' }, fetchImpl)).toThrow(new FirstPageConfigError('REMOTE_CATALOG_FRAMES_URL must be an absolute http(s) URL (got "catalog:8081")'));
  // The frames ports' secret: required with them (not without), and never quoted.
  expect(() => server({ REMOTE_CATALOG_FRAMES_URL: FRAMES }, fetchImpl)).toThrow(/FRAMES_SECRET must be set/);
  expect(() => server({ ...wired, FRAMES_SECRET: 'too short' }, fetchImpl)).toThrow(new FirstPageConfigError('FRAMES_SECRET must be 32 to 512 printable ASCII characters without spaces'));
  expect(() => server({ ...wired, FRAMES_SECRET: `${SECRET} with spaces` }, fetchImpl)).toThrow(/FRAMES_SECRET/);
  expect(() => server({ API_INTERNAL_URL: INTERNAL }, fetchImpl)).not.toThrow();
  expect(() => server({ ...wired, FIRST_PAGE_CONCURRENCY: '1.5' }, fetchImpl)).toThrow(/FIRST_PAGE_CONCURRENCY/);
  expect(() => server({ API_INTERNAL_URL: 'ftp://api' }, fetchImpl)).toThrow(FirstPageConfigError);
  expect(() => server({ FIRST_PAGE_TIMEOUT_MS: '-1' }, fetchImpl)).toThrow(/FIRST_PAGE_TIMEOUT_MS/);
  expect(() => server({ FIRST_PAGE_CACHE_MS: 'soon' }, fetchImpl)).toThrow(/FIRST_PAGE_CACHE_MS/);
  expect(() => server({ FIRST_PAGE_FINISH_MS: '60001' }, fetchImpl)).toThrow(/FIRST_PAGE_FINISH_MS must be a whole number from 0 to 60000/);
  expect(() => createFirstPageServer({ runtimeConfig: { apiUrl: API }, env: wired, fetch: fetchImpl })).toThrow(FirstPageConfigError);
  expect(framesVariable('catalog')).toBe('REMOTE_CATALOG_FRAMES_URL');
});

test('composeDocument holds the first frame until the whole page is parsed: the head waits for the element right after #root', () => {
  const document = composeDocument(INDEX, { id: 'catalog/Home', root: '<main><p>page</p></main>', css: ['p{color:red}'], answers: {} }) as string;
  expect(document).toBeDefined();
  const link = document.indexOf(FIRST_FRAME_WAITS_FOR_PAGE);
  expect(link).toBeGreaterThan(0);
  // In the head (a render-blocking link in the body does nothing), once.
  expect(link).toBeLessThan(document.indexOf('</head>'));
  expect(document.indexOf(FIRST_FRAME_WAITS_FOR_PAGE, link + 1)).toBe(-1);
  // It names the answers' element, and that element comes after the whole of #root's page.
  const target = /href="#([^"]+)"/.exec(FIRST_FRAME_WAITS_FOR_PAGE)?.[1] as string;
  expect(target).toBe(FIRST_PAGE_ANSWERS_ID);
  const element = document.indexOf(`id="${target}"`);
  expect(element).toBeGreaterThan(document.indexOf('<p>page</p></main></div>'));
  expect(document.indexOf(`id="${target}"`, element + 1)).toBe(-1);
});

test('composeDocument escapes the answers so no text in them can end the script element', () => {
  const document = composeDocument(INDEX, { id: 'catalog/Home', root: '<p>page</p>', css: [], answers: { key: { status: 200, headers: {}, body: { name: '</script><script>alert(1)</script>' } } } });
  expect(document).toBeDefined();
  expect(document).not.toContain('</script><script>alert(1)');
  expect(answersOf(document as string).key?.body).toEqual({ name: '</script><script>alert(1)</script>' });
  expect(document).not.toContain('data-aq-frame-css');
  // No empty #root to fill: nothing is composed.
  expect(composeDocument(INDEX.replace('<div id="root"></div>', '<div id="app"></div>'), { id: 'catalog/Home', root: 'x', css: [], answers: {} })).toBeUndefined();
  // The page's id is an attribute value: escaped.
  expect(composeDocument(INDEX, { id: 'catalog/"Home"<', root: 'x', css: [], answers: {} })).toContain(`${FRAME_ATTRIBUTE}="catalog/&#34;Home&#34;&#60;"`);
});

test('the canonical URL is the path and only the query the page reads, as the contracts parse it', () => {
  expect(canonicalUrl('/?utm_source=x&page=3&type=Tools')).toEqual({ pathname: '/', search: '' });
  expect(canonicalUrl('/all-artifacts?utm=1&page=2&type=Tools&zzz')).toEqual({ pathname: '/all-artifacts', search: '?type=Tools&page=2' });
  expect(canonicalUrl('/all-artifacts?type=Tools&page=2')).toEqual(canonicalUrl('/all-artifacts?page=2&type=Tools&type=Nope'));
  // Values the page would not use are the defaults, as in the browser.
  expect(canonicalUrl('/all-artifacts?page=abc&type=NotAType&sort=sideways&within=true&from=0')).toEqual({ pathname: '/all-artifacts', search: '' });
  expect(canonicalUrl(`/all-artifacts?search=${'w'.repeat(500)}`).search).toBe(`?search=${'w'.repeat(100)}`);
});

test('junk parameters make no page of their own: one composition, rendered for the canonical URL, for every spelling', async () => {
  const { seen, fetchImpl } = network();
  const { composer } = server(wired, fetchImpl);
  const home = await composer.compose('/', INDEX);
  for (const url of ['/?a=1', '/?utm_source=mail&b', '/?page=2&type=Tools', '/?%zz']) expect(await composer.compose(url, INDEX)).toBe(home);
  const list = await composer.compose('/all-artifacts?type=Tools&page=2', INDEX);
  for (const url of ['/all-artifacts?page=2&type=Tools', '/all-artifacts?type=Tools&page=2&utm=x', '/all-artifacts?sort=sideways&type=Tools&page=2']) {
    expect(await composer.compose(url, INDEX)).toBe(list);
  }
  const frames = seen.filter((call) => call.url.startsWith(FRAMES));
  expect(frames.map((call) => call.body?.url)).toEqual(['/', '/all-artifacts?type=Tools&page=2']);
  // The api was asked each page's calls once (and the routing once).
  expect(seen.filter((call) => call.url.startsWith(INTERNAL) && !call.url.endsWith('/releases/routing'))).toHaveLength(firstPageCalls('/', '').length + 2);
});

test('visits of a page being composed share that composition', async () => {
  const { seen, fetchImpl } = network({ delayMs: 30 });
  const { composer } = server({ ...wired, FIRST_PAGE_CACHE_MS: '0' }, fetchImpl);
  const documents = await Promise.all(Array.from({ length: 20 }, (_, index) => composer.compose(`/?visit=${index}`, INDEX)));
  expect(new Set(documents).size).toBe(1);
  expect(documents[0]).toBeDefined();
  expect(seen.filter((call) => call.url.startsWith(FRAMES))).toHaveLength(1);
  // Without a cache, the next visit after it composes again.
  await composer.compose('/', INDEX);
  expect(seen.filter((call) => call.url.startsWith(FRAMES))).toHaveLength(2);
});

test('past FIRST_PAGE_CONCURRENCY compositions under way, a visit gets the plain page at once', async () => {
  const { seen, fetchImpl } = network({ delayMs: 300 });
  const { composer, log } = server({ ...wired, FIRST_PAGE_CONCURRENCY: '2', FIRST_PAGE_TIMEOUT_MS: '5000' }, fetchImpl);
  const first = composer.compose('/all-artifacts?page=2', INDEX);
  const second = composer.compose('/all-artifacts?page=3', INDEX);
  const started = Date.now();
  expect(await composer.compose('/all-artifacts?page=4', INDEX)).toBeUndefined();
  // Sooner than any composition could be done (each waits for two answers of 300 ms in a row).
  expect(Date.now() - started).toBeLessThan(150);
  expect(log.join('\n')).toMatch(/2 first pages were being composed \(FIRST_PAGE_CONCURRENCY\)/);
  // A visit of a page under way joins it rather than counting against the cap.
  const joined = composer.compose('/all-artifacts?page=2&x=1', INDEX);
  expect(await first).toBeDefined();
  expect(await joined).toBe(await first);
  expect(await second).toBeDefined();
  expect(seen.some((call) => call.url.includes('page=4'))).toBe(false);
  // Once they are done, there is room again.
  expect(await composer.compose('/all-artifacts?page=4', INDEX)).toBeDefined();
});

test('a page that went out plain is not kept: the next visitor gets it composed', async () => {
  let apiDown = true;
  const { fetchImpl } = network({ api: () => (apiDown ? json({ message: 'Too many requests' }, 429) : undefined) });
  const { composer } = server(wired, fetchImpl);
  expect(await composer.compose('/', INDEX, { address: '203.0.113.9' })).toBeUndefined();
  apiDown = false;
  expect(await composer.compose('/', INDEX, { address: '198.51.100.4' })).toBeDefined();
});

test('visits of a URL whose composition fails share that one failure (the plain page), and nothing is kept for the URL', async () => {
  let frameDown = true;
  const { seen, fetchImpl } = network({ delayMs: 30, frame: () => (frameDown ? json({ message: 'unavailable' }, 503) : json({ html: '<p>page</p>', css: [] })) });
  const { composer } = server(wired, fetchImpl, { now: () => 5_000 });
  const documents = await Promise.all(Array.from({ length: 10 }, (_, index) => composer.compose(`/all-artifacts?page=2&visit=${index}`, INDEX)));
  expect(documents).toEqual(Array.from({ length: 10 }, () => undefined));
  const frames = () => seen.filter((call) => call.url.startsWith(FRAMES)).length;
  expect(frames()).toBe(1);
  // The clock stands still, so only a kept failure could answer the next visit without a frame.
  frameDown = false;
  expect(await composer.compose('/all-artifacts?page=2', INDEX)).toContain('<p>page</p>');
  expect(frames()).toBe(2);
});

test("the api calls carry the visitor's address after the proxies' (X-Forwarded-For); the frames port gets none", async () => {
  const { seen, fetchImpl } = network();
  const { composer } = server(wired, fetchImpl);
  await composer.compose('/all-artifacts', INDEX, { address: '198.51.100.4', forwardedFor: '203.0.113.1, 10.0.0.2' });
  const api = seen.filter((call) => call.url.startsWith(INTERNAL));
  expect(api.length).toBeGreaterThan(2);
  for (const call of api) expect(call.headers.get('x-forwarded-for')).toBe('203.0.113.1, 10.0.0.2, 198.51.100.4');
  expect(seen.find((call) => call.url.startsWith(FRAMES))?.headers.has('x-forwarded-for')).toBe(false);

  expect(forwardedFor(undefined)).toBeUndefined();
  expect(forwardedFor({ address: '::ffff:192.0.2.1' })).toBe('192.0.2.1');
  expect(forwardedFor({ address: '2001:db8::7' })).toBe('2001:db8::7');
  // Only address-like entries of what the visitor sent, the nearest eight, before its address.
  expect(forwardedFor({ address: '192.0.2.1', forwardedFor: ['a b, 1.1.1.1', '<x>'] })).toBe('1.1.1.1, 192.0.2.1');
  const many = Array.from({ length: 20 }, (_, index) => `10.0.0.${index}`);
  expect(forwardedFor({ address: '192.0.2.1', forwardedFor: many.join(',') })).toBe([...many.slice(-8), '192.0.2.1'].join(', '));
});

/** Starts an HTTP stand-in on a free loopback port; its base URL. */
async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function bodyOf(request: IncomingMessage): Promise<string> {
  let text = '';
  for await (const chunk of request) text += String(chunk);
  return text;
}

/**
 * The api as the shell's server meets it: every request counts against its client's budget, the
 * client being the last X-Forwarded-For entry when the connection comes from the trusted shell
 * (TRUSTED_PROXY), the connection's address otherwise; over budget, 429.
 */
function apiStandIn({ budget, trustShell }: { budget: number; trustShell: boolean }) {
  const used = new Map<string, number>();
  const server = createServer((request, response) => {
    const forwarded = String(request.headers['x-forwarded-for'] ?? '').split(',').map((entry) => entry.trim()).filter(Boolean);
    const client = trustShell && forwarded.length > 0 ? (forwarded.at(-1) as string) : (request.socket.remoteAddress as string);
    const count = (used.get(client) ?? 0) + 1;
    used.set(client, count);
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      response.writeHead(status, { 'Content-Type': 'application/json', ...headers }).end(JSON.stringify(body));
    };
    if (count > budget) return send(429, { message: 'Too many requests' });
    const { pathname } = new URL(request.url ?? '/', 'http://api');
    if (pathname === '/releases/routing') return send(200, { remotes: {}, updatedAt: null });
    if (pathname === '/contributors/top') return send(200, [{ email: 'a@example.com', count: 3 }]);
    if (pathname === '/artifacts/facets') return send(200, { total: 1, types: [], eras: [], centuries: [], places: [], didYouMean: null });
    return send(200, { items: [{ _id: '1', name: 'Astrolabe' }] }, { 'X-Total-Count': '1' });
  });
  return { server, used };
}

/** The catalog's frames port as the shell's server meets it: the secret, then a page with the answers it was given. */
function framesStandIn() {
  let renders = 0;
  const server = createServer((request, response) => {
    void bodyOf(request).then((text) => {
      if (request.headers[FRAMES_SECRET_HEADER] !== SECRET) return response.writeHead(401).end();
      renders += 1;
      const frame = JSON.parse(text) as FrameRequest;
      response.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ html: `<main>${frame.module} ${Object.keys(frame.answers).length} answers</main>`, css: [] }));
    });
  });
  return { server, renders: () => renders };
}

describe('against HTTP stand-ins of the api (with a per-client budget) and of the frames port', () => {
  const servers: Server[] = [];
  afterAll(async () => {
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  });

  async function site({ budget, trustShell }: { budget: number; trustShell: boolean }) {
    const api = apiStandIn({ budget, trustShell });
    const frames = framesStandIn();
    servers.push(api.server, frames.server);
    // A generous time budget: these tests are about the api budget, on a machine that may be busy.
    const env = { API_INTERNAL_URL: await listen(api.server), REMOTE_CATALOG_FRAMES_URL: await listen(frames.server), FRAMES_SECRET: SECRET, FIRST_PAGE_TIMEOUT_MS: '5000' };
    const composer = createFirstPageServer({ runtimeConfig, env });
    return { composer, api, frames };
  }

  test('1 000 unique junk query strings from one client leave / composed for the next visitor', async () => {
    // A budget the junk alone would exhaust many times over if each spelling were a page of its own
    // (each costs the api four calls); every request here comes from the same shell, as in production.
    const { composer, api, frames } = await site({ budget: 60, trustShell: false });
    const attacker = { address: '203.0.113.66' };
    const junk = Array.from({ length: 1_000 }, (_, index) => (index % 2 ? `/?q${index}=${Math.random().toString(36).slice(2)}` : `/all-artifacts?utm_${index}=x&page=oops${index}`));
    for (let at = 0; at < junk.length; at += 50) {
      const batch = await Promise.all(junk.slice(at, at + 50).map((url) => composer.compose(url, INDEX, attacker)));
      expect(batch.every((document) => document !== undefined)).toBe(true);
    }
    const next = await composer.compose('/', INDEX, { address: '198.51.100.4' });
    expect(next).toMatch(new RegExp(`<div id="root" ${FRAME_ATTRIBUTE}="catalog/Home">`));
    // Two pages, composed once each (the cache lasts longer than this test).
    expect(frames.renders()).toBe(2);
    // The api was asked each page's calls once (and the registry's routing once a second).
    expect([...api.used.values()].reduce((sum, count) => sum + count, 0)).toBeLessThan(10);
  });

  test("one client's unique (valid) searches spend its own api budget, not the next visitor's", async () => {
    const { composer, api } = await site({ budget: 40, trustShell: true });
    const attacker = { address: '203.0.113.66' };
    const results = [];
    for (let at = 0; at < 60; at += 10) {
      results.push(...(await Promise.all(Array.from({ length: 10 }, (_, index) => composer.compose(`/all-artifacts?search=word${at + index}`, INDEX, attacker)))));
    }
    // The attacker's budget ran out (its later searches went out plain)…
    expect(results.filter((document) => document === undefined).length).toBeGreaterThan(0);
    expect(api.used.get('203.0.113.66')).toBeGreaterThan(40);
    // …and only the attacker's: a new visitor's uncached search is composed.
    expect(await composer.compose('/all-artifacts?search=astrolabe', INDEX, { address: '198.51.100.4' })).toBeDefined();
    // Its page's two calls (and the registry's routing, if a second has passed) counted as its own.
    expect(api.used.get('198.51.100.4')).toBeGreaterThanOrEqual(2);
    expect(api.used.get('198.51.100.4')).toBeLessThanOrEqual(3);
  });
});
