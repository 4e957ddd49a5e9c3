import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { configureApiClient } from './client';

export interface SeenRequest {
  method: string;
  url: string;
  authorization: string | undefined;
}

/** The api as the client's tests meet it: what it was asked, its answers and the token sent. */
export interface FakeApi {
  /** The requests received since the test began, in order. */
  readonly seen: SeenRequest[];
  /** The server's address once it listens (after beforeAll). */
  baseUrl: string;
  /** The token the client sends (null: a visitor); reset before each test. */
  token: string | null;
  /** How the next requests are answered. */
  handler: (request: IncomingMessage, response: ServerResponse) => void;
}

/**
 * A real HTTP server on loopback standing in for the api (requests, headers and errors are real),
 * the client configured against it for the file's tests. Call once at a test file's top level.
 */
export function fakeApiForTests(tokenAtStart: string | null): FakeApi {
  const api: FakeApi = {
    seen: [],
    baseUrl: '',
    token: tokenAtStart,
    handler: (_request, response) => response.end(),
  };
  let server: Server;
  beforeAll(async () => {
    server = createServer((request, response) => {
      api.seen.push({ method: request.method ?? '', url: request.url ?? '', authorization: request.headers.authorization });
      api.handler(request, response);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    api.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    configureApiClient({ baseUrl: api.baseUrl, getToken: async () => api.token });
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  beforeEach(() => {
    api.seen.length = 0;
    api.token = tokenAtStart;
  });
  return api;
}
