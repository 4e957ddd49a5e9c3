import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  ApiRequestError,
  configureApiClient,
  errorMessage,
  getArtifact,
  getArtifactFacets,
  listArtifacts,
  toggleLike,
  topContributors,
  UNREACHABLE_MESSAGE,
} from './index';

// A real HTTP server on loopback stands in for the api: requests, headers and errors are real.
interface Seen {
  method: string;
  url: string;
  authorization: string | undefined;
}
let seen: Seen[] = [];
let handler: (request: IncomingMessage, response: ServerResponse) => void;
let server: Server;
let baseUrl: string;
let token: string | null;

beforeAll(async () => {
  server = createServer((request, response) => {
    seen.push({ method: request.method ?? '', url: request.url ?? '', authorization: request.headers.authorization });
    handler(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  configureApiClient({ baseUrl, getToken: async () => token });
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(() => {
  seen = [];
  token = null;
});

function json(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  response.writeHead(status, { 'Content-Type': 'application/json', ...headers });
  response.end(JSON.stringify(body));
}

test('lists with the query sent and the page read from the headers', async () => {
  handler = (_request, response) =>
    json(response, 200, [{ _id: 'a1', name: 'Mask' }], {
      'X-Total-Count': '61',
      'X-Page': '2',
      'X-Page-Size': '24',
      'X-Next-Page': '3',
    });
  const page = await listArtifacts({ type: 'Tools', sort: 'likes', search: 'gold mask', page: 2, limit: 24 });
  expect(seen[0]?.url).toBe('/artifacts?type=Tools&sort=likes&search=gold+mask&page=2&limit=24');
  expect(page).toEqual({ items: [{ _id: 'a1', name: 'Mask' }], total: 61, page: 2, pageSize: 24, nextPage: 3, didYouMean: null });
});

test('a search that found nothing brings the server’s suggestion; facets take the same filters', async () => {
  handler = (request, response) =>
    request.url?.startsWith('/artifacts/facets')
      ? json(response, 200, { total: 0, types: [], eras: [], centuries: [], places: [], didYouMean: 'rosetta stone' })
      : json(response, 200, [], { 'X-Total-Count': '0', 'X-Page': '1', 'X-Page-Size': '24', 'X-Did-You-Mean': 'rosetta stone' });
  const page = await listArtifacts({ search: 'roseta stnoe', from: -200, to: 100, within: true, place: 'Egypt' });
  expect(seen[0]?.url).toBe('/artifacts?search=roseta+stnoe&from=-200&to=100&within=true&place=Egypt');
  expect(page.didYouMean).toBe('rosetta stone');
  const facets = await getArtifactFacets({ search: 'roseta stnoe', type: 'Tools' });
  expect(seen[1]?.url).toBe('/artifacts/facets?search=roseta+stnoe&type=Tools');
  expect(facets.didYouMean).toBe('rosetta stone');
});

test('the last page has no next page; empty parameters are not sent', async () => {
  handler = (_request, response) => json(response, 200, [], { 'X-Total-Count': '0', 'X-Page': '1', 'X-Page-Size': '24' });
  const page = await listArtifacts({ search: '', type: undefined });
  expect(seen[0]?.url).toBe('/artifacts');
  expect(page.nextPage).toBeNull();
  expect(page.total).toBe(0);
});

test('sends the bearer token when signed in, and none for a visitor', async () => {
  handler = (_request, response) => json(response, 200, { liked: true, likes: 4 });
  token = 'id-token-123';
  await expect(toggleLike('a/1')).resolves.toEqual({ liked: true, likes: 4 });
  expect(seen[0]).toEqual({ method: 'PATCH', url: '/artifacts/toggle-like/a%2F1', authorization: 'Bearer id-token-123' });

  token = null;
  handler = (_request, response) => json(response, 200, []);
  await topContributors(3);
  expect(seen[1]).toEqual({ method: 'GET', url: '/contributors/top?limit=3', authorization: undefined });
});

test("errors carry the api's message and status", async () => {
  handler = (_request, response) =>
    json(response, 404, { statusCode: 404, error: 'Not Found', message: 'Artifact not found' });
  const failure = await getArtifact('missing').catch((error: unknown) => error);
  expect(failure).toBeInstanceOf(ApiRequestError);
  expect(failure).toMatchObject({ status: 404, message: 'Artifact not found' });
  expect(errorMessage(failure, 'Failed to fetch artifacts')).toBe('Artifact not found');
  expect(errorMessage(new Error('internal detail'), 'Failed to fetch artifacts')).toBe('Failed to fetch artifacts');
});

test('validation errors keep their fields', async () => {
  handler = (_request, response) =>
    json(response, 400, { statusCode: 400, error: 'Bad Request', message: 'Name is required', fields: { name: 'Name is required' } });
  const failure = await listArtifacts({ page: 1 }).catch((error: unknown) => error);
  expect(failure).toMatchObject({ status: 400, message: 'Name is required', fields: { name: 'Name is required' } });
});

test('an unreachable server becomes a readable error', async () => {
  configureApiClient({ baseUrl: 'http://127.0.0.1:9', getToken: async () => null });
  try {
    const failure = await listArtifacts().catch((error: unknown) => error);
    expect(failure).toMatchObject({ status: 0, message: UNREACHABLE_MESSAGE });
    // Screens then show their own spec message for it.
    expect(errorMessage(failure, 'Failed to toggle like')).toBe('Failed to toggle like');
  } finally {
    configureApiClient({ baseUrl, getToken: async () => token });
  }
});
