/**
 * @jest-environment node
 */
import { apiCallKey, apiSearchParams, firstPageCalls } from '@antiquarium/contracts/first-page';
import { answersFor } from './first-page-fetching';

const API = 'http://api.internal:3000';
const BROWSER_API = 'http://api.example/';
const calls = firstPageCalls('/', '');
const urls = calls.map((call) => `${API}/${call.path}${apiSearchParams(call.query).size > 0 ? `?${apiSearchParams(call.query).toString()}` : ''}`);

/** The api, each call answered after its own delay: the first asked answers last. */
function api(status: (path: string) => number = () => 200): typeof fetch {
  return (async (input: string | URL | Request) => {
    const url = new URL(String(input));
    const index = urls.indexOf(String(input));
    expect(index).toBeGreaterThanOrEqual(0);
    await new Promise((resolve) => setTimeout(resolve, (calls.length - index) * 15));
    return new Response(JSON.stringify({ path: url.pathname + url.search }), { status: status(url.pathname), headers: { 'Content-Type': 'application/json' } });
  }) as typeof fetch;
}

test('the answers are kept in the calls’ order, whatever order they arrive in: the same answers make the same document', async () => {
  expect(calls.length).toBeGreaterThan(1);
  const answers = await answersFor(api(), { apiUrl: API, browserApiUrl: BROWSER_API }, calls, AbortSignal.timeout(5000), {});
  expect(Object.keys(answers ?? {})).toEqual(calls.map((call) => apiCallKey(BROWSER_API, call.path, call.query)));
  expect(JSON.stringify(answers)).toBe(JSON.stringify(await answersFor(api(), { apiUrl: API, browserApiUrl: BROWSER_API }, [...calls], AbortSignal.timeout(5000), {})));
});

test('one call that does not answer 2xx leaves the document without answers', async () => {
  const failing = `/${calls[calls.length - 1]?.path}`;
  expect(await answersFor(api((path) => (path === failing ? 503 : 200)), { apiUrl: API, browserApiUrl: BROWSER_API }, calls, AbortSignal.timeout(5000), {})).toBeUndefined();
});
