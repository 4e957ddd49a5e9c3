import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApiRequestError, configureApiClient, uploadStatus, uploadTarget } from './index';

// A real HTTP server on loopback stands in for the api: requests, headers and errors are real.
let seen: { method: string; url: string; authorization: string | undefined }[] = [];
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
  token = 'id-token-1';
});

function json(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'Content-Type': 'application/json' });
  response.end(JSON.stringify(body));
}

test('uploadStatus reads GET /media/uploads/:id with the bearer token', async () => {
  handler = (_request, response) => json(response, 200, { id: 'up_12345678', state: 'ready', locationRemoved: true, width: 800, height: 600 });
  await expect(uploadStatus('up_12345678')).resolves.toEqual({ id: 'up_12345678', state: 'ready', locationRemoved: true, width: 800, height: 600 });
  expect(seen).toEqual([{ method: 'GET', url: '/media/uploads/up_12345678', authorization: 'Bearer id-token-1' }]);
});

test('uploadStatus carries the api’s refusal message', async () => {
  handler = (_request, response) => json(response, 403, { statusCode: 403, error: 'Forbidden', message: 'Only the uploader can see this upload' });
  const failure = await uploadStatus('someone-elses').catch((error: unknown) => error);
  expect(failure).toBeInstanceOf(ApiRequestError);
  expect(failure).toMatchObject({ status: 403, message: 'Only the uploader can see this upload' });
});

test('uploadTarget names the creation endpoint and the Authorization as the client would send them, sending nothing', async () => {
  handler = (_request, response) => json(response, 500, {});
  await expect(uploadTarget()).resolves.toEqual({ endpoint: `${baseUrl}/media/uploads`, authorization: 'Bearer id-token-1' });
  // A fresh token each time (an upload may outlive one); none for a visitor.
  token = 'id-token-2';
  await expect(uploadTarget()).resolves.toMatchObject({ authorization: 'Bearer id-token-2' });
  token = null;
  await expect(uploadTarget()).resolves.toMatchObject({ authorization: null });
  expect(seen).toEqual([]);
});
