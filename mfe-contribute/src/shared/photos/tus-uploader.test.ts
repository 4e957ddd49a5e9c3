import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { configureApiClient } from '@antiquarium/api-client';
import { startTusUpload, uploadIdOf } from './tus-uploader';
import type { UploadCallbacks } from './uploader';

// The real uploader (tus-js-client's browser build, over jsdom's XHR) against a small tus 1.0 server
// on loopback, which answers as the api's contract says, CORS included (the page is another origin).

interface Stored {
  length: number;
  bytes: Buffer;
  metadata: string;
}
let uploads: Map<string, Stored>;
let seen: { method: string; url: string; authorization?: string; offset?: string }[];
/** Set to make the next PATCH keep half of what it got, then drop the connection. */
let dropNextPatch: boolean;
/** Set to leave the next PATCH unanswered (the member leaves the page meanwhile). */
let hangNextPatch: boolean;
let server: Server;
let baseUrl: string;

const CORS = {
  'Access-Control-Allow-Origin': 'http://localhost',
  'Access-Control-Allow-Methods': 'POST, HEAD, PATCH, OPTIONS',
  'Access-Control-Allow-Headers': 'Authorization, Content-Type, Tus-Resumable, Upload-Length, Upload-Metadata, Upload-Offset, X-HTTP-Method-Override',
  'Access-Control-Expose-Headers': 'Location, Upload-Offset, Upload-Length, Tus-Resumable',
};

function answer(response: ServerResponse, status: number, headers: Record<string, string> = {}, body?: unknown) {
  response.writeHead(status, { ...CORS, 'Tus-Resumable': '1.0.0', ...(body ? { 'Content-Type': 'application/json' } : {}), ...headers });
  response.end(body ? JSON.stringify(body) : undefined);
}

function patch(request: IncomingMessage, response: ServerResponse, stored: Stored) {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const body = Buffer.concat(chunks);
    if (hangNextPatch) {
      hangNextPatch = false;
      return;
    }
    if (dropNextPatch) {
      dropNextPatch = false;
      stored.bytes = Buffer.concat([stored.bytes, body.subarray(0, Math.floor(body.length / 2))]);
      request.socket.destroy();
      return;
    }
    stored.bytes = Buffer.concat([stored.bytes, body]);
    answer(response, 204, { 'Upload-Offset': String(stored.bytes.length) });
  });
}

function handle(request: IncomingMessage, response: ServerResponse) {
  const { method = '', url = '' } = request;
  if (method === 'OPTIONS') return answer(response, 204);
  seen.push({ method, url, authorization: request.headers.authorization, offset: request.headers['upload-offset'] as string | undefined });
  if (request.headers.authorization !== 'Bearer id-token') return answer(response, 401, {}, { statusCode: 401, error: 'Unauthorized', message: 'Sign in to add photos' });
  if (method === 'POST' && url === '/media/uploads') {
    const length = Number(request.headers['upload-length']);
    if (length > 1000) return answer(response, 413, {}, { statusCode: 413, error: 'Payload Too Large', message: 'You have used your 200 MB of photos' });
    const id = `up_${uploads.size + 1}abcdefgh`;
    uploads.set(id, { length, bytes: Buffer.alloc(0), metadata: String(request.headers['upload-metadata']) });
    return answer(response, 201, { Location: `/media/uploads/${id}` });
  }
  const stored = uploads.get(url.replace('/media/uploads/', ''));
  if (!stored) return answer(response, 404, {}, { statusCode: 404, error: 'Not Found', message: 'No such upload' });
  if (method === 'HEAD') return answer(response, 200, { 'Upload-Offset': String(stored.bytes.length), 'Upload-Length': String(stored.length), 'Cache-Control': 'no-store' });
  if (method === 'PATCH') return patch(request, response, stored);
  return answer(response, 405);
}

beforeAll(async () => {
  server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  configureApiClient({ baseUrl, getToken: async () => 'id-token' });
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(() => {
  uploads = new Map();
  seen = [];
  dropNextPatch = false;
  hangNextPatch = false;
  localStorage.clear();
});

const CONTENT = 'pretend these are the bytes of a JPEG photo of an amphora';

function run(file: File) {
  let finish: (outcome: { id?: string; error?: string }) => void = () => undefined;
  const outcome = new Promise<{ id?: string; error?: string }>((resolve) => (finish = resolve));
  const callbacks: UploadCallbacks = { onProgress: jest.fn(), onSuccess: (id) => finish({ id }), onError: (error) => finish({ error }) };
  const handle = startTusUpload(file, callbacks);
  return { outcome, handle, callbacks };
}

test('creates the upload with its length, type and name, sends it with the bearer token, and reports its id', async () => {
  const { outcome } = run(new File([CONTENT], 'amphora.jpg', { type: 'image/jpeg' }));
  const { id } = await outcome;
  expect(id).toBe('up_1abcdefgh');
  const stored = uploads.get('up_1abcdefgh');
  expect(stored?.bytes.toString()).toBe(CONTENT);
  expect(stored?.length).toBe(CONTENT.length);
  expect(stored?.metadata).toContain(`filetype ${btoa('image/jpeg')}`);
  expect(stored?.metadata).toContain(`filename ${btoa('amphora.jpg')}`);
  expect(seen.map((request) => [request.method, request.authorization])).toEqual([
    ['POST', 'Bearer id-token'],
    ['PATCH', 'Bearer id-token'],
  ]);
  // Done: nothing is left to resume.
  expect(Object.keys(localStorage).filter((key) => key.startsWith('tus::'))).toEqual([]);
});

test('a connection dropped mid-photo is resumed from what the api has, not sent again from the start', async () => {
  // jsdom reports the dropped connection on the console, as a browser's network panel would.
  const report = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  dropNextPatch = true;
  const { outcome } = run(new File([CONTENT], 'amphora.jpg', { type: 'image/jpeg' }));
  await expect(outcome).resolves.toEqual({ id: 'up_1abcdefgh' });
  const half = String(Math.floor(CONTENT.length / 2));
  expect(seen.map((request) => `${request.method} ${request.offset ?? ''}`.trim())).toEqual(['POST', 'PATCH 0', 'HEAD', `PATCH ${half}`]);
  expect(uploads.get('up_1abcdefgh')?.bytes.toString()).toBe(CONTENT);
  expect(String(report.mock.calls[0]?.[0])).toContain('socket hang up');
  report.mockRestore();
});

test('the same file picked again after the page was left resumes the stored upload (its fingerprint)', async () => {
  hangNextPatch = true;
  const file = new File([CONTENT], 'amphora.jpg', { type: 'image/jpeg', lastModified: 1_700_000_000_000 });
  const first = run(file);
  await waitUntil(() => seen.some((request) => request.method === 'PATCH'));
  first.handle.abort();
  const second = run(file);
  await expect(second.outcome).resolves.toEqual({ id: 'up_1abcdefgh' });
  expect(seen.filter((request) => request.method === 'POST')).toHaveLength(1);
  expect(seen.some((request) => request.method === 'HEAD')).toBe(true);
  expect(uploads.get('up_1abcdefgh')?.bytes.toString()).toBe(CONTENT);
});

test('a refusal shows the api’s message and is not retried', async () => {
  const { outcome } = run(new File(['x'.repeat(1001)], 'big.jpg', { type: 'image/jpeg' }));
  await expect(outcome).resolves.toEqual({ error: 'You have used your 200 MB of photos' });
  expect(seen.map((request) => request.method)).toEqual(['POST']);
});

test('the upload id is the last segment of its address', () => {
  expect(uploadIdOf('http://127.0.0.1:3000/media/uploads/up_123')).toBe('up_123');
  expect(uploadIdOf('/media/uploads/a%2Db')).toBe('a-b');
});

async function waitUntil(condition: () => boolean) {
  for (let tries = 0; tries < 200 && !condition(); tries += 1) await new Promise((resolve) => setTimeout(resolve, 10));
  if (!condition()) throw new Error('timed out');
}
