/**
 * @jest-environment node
 */
// The composer's reading of its configuration and of the registry's routing (issue 30): the api
// named by a path composes nothing, the routing is read by the contracts' readRouting as the
// browser reads it, and a live release is rendered only where this server can reach it.
import { firstPageCalls } from '@antiquarium/contracts/first-page';
import { REMOTE_NAMES } from '../config/remote-names';
import { createFirstPageServer } from './first-page-server';
import { releaseFramesUrl } from './first-page-fetching';

const FRAMES = 'http://catalog.internal:8081';
const VERSION = '1.2.3-0123456789ab';
const INDEX = '<!doctype html><html><head><title>Antiquarium</title></head><body><div id="root"></div></body></html>';
const env = { API_INTERNAL_URL: 'http://api.internal:3000', REMOTE_CATALOG_FRAMES_URL: FRAMES, FRAMES_SECRET: 'the-frames-secret-of-this-deployment-0123' };
const remotes = Object.fromEntries(REMOTE_NAMES.map((name) => [name, `http://${name}.example/mf-manifest.json`]));
const firebase = { apiKey: 'k', authDomain: 'd', projectId: 'demo-antiquarium' };

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** The api answering every call and the routing with `routing`; the catalog's frames port rendering a page. Records the URLs asked. */
function network(routing: unknown) {
  const asked: string[] = [];
  const fetchImpl = (async (input: string | URL | Request) => {
    const url = String(input);
    asked.push(url);
    if (url.startsWith(FRAMES)) return json({ html: '<main>page</main>', css: [] });
    if (new URL(url).pathname === '/releases/routing') return json(routing);
    return json([]);
  }) as typeof fetch;
  return { asked, fetchImpl };
}

test('a runtime config that names the api by a path only composes nothing and asks nothing', async () => {
  const { asked, fetchImpl } = network({ remotes: {}, updatedAt: null });
  const log: string[] = [];
  const composer = createFirstPageServer({ runtimeConfig: { apiUrl: '/api', firebase, remotes }, env, fetch: fetchImpl, log: (line) => log.push(line) });
  expect(firstPageCalls('/', '').length).toBeGreaterThan(0);
  expect(await composer.compose('/', INDEX)).toBeUndefined();
  expect(asked).toEqual([]);
});

test("a routing the contracts' reader refuses is no routing: the remote's own build is rendered, and not kept", async () => {
  const malformed = { remotes: { catalog: { live: { version: 'not-a-version', manifestUrl: `http://catalog.example/releases/${VERSION}/mf-manifest.json` } } }, updatedAt: null };
  const { asked, fetchImpl } = network(malformed);
  const log: string[] = [];
  const composer = createFirstPageServer({ runtimeConfig: { apiUrl: 'http://api.example', firebase, remotes }, env, fetch: fetchImpl, log: (line) => log.push(line) });
  expect(await composer.compose('/', INDEX)).toBeDefined();
  expect(asked.filter((url) => url.startsWith(FRAMES))).toEqual([`${FRAMES}/frames`]);
  expect(log.join('\n')).toMatch(/routing did not answer/);
});

test.each([
  ['below the remote, under its version', `http://catalog.example/releases/${VERSION}/mf-manifest.json`, `${FRAMES}/releases/${VERSION}/frames`],
  ['on another origin', `http://cdn.other/releases/${VERSION}/mf-manifest.json`, undefined],
  ['under another version', `http://catalog.example/releases/1.0.0-0123456789ab/mf-manifest.json`, undefined],
  ['the remote\'s own build', 'http://catalog.example/mf-manifest.json', undefined],
])('releaseFramesUrl: a live release %s', (_case, manifestUrl, expected) => {
  expect(releaseFramesUrl(FRAMES, 'http://catalog.example/mf-manifest.json', { version: VERSION, manifestUrl })).toBe(expected);
});
