import type { ServerResponse } from 'node:http';
import { fakeApiForTests } from './fake-api';
import { ApiRequestError, uploadStatus, uploadTarget } from './index';

const api = fakeApiForTests('id-token-1');

function json(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'Content-Type': 'application/json' });
  response.end(JSON.stringify(body));
}

test('uploadStatus reads GET /media/uploads/:id with the bearer token', async () => {
  api.handler = (_request, response) => json(response, 200, { id: 'up_12345678', state: 'ready', locationRemoved: true, width: 800, height: 600 });
  await expect(uploadStatus('up_12345678')).resolves.toEqual({ id: 'up_12345678', state: 'ready', locationRemoved: true, width: 800, height: 600 });
  expect(api.seen).toEqual([{ method: 'GET', url: '/media/uploads/up_12345678', authorization: 'Bearer id-token-1' }]);
});

test('uploadStatus carries the api’s refusal message', async () => {
  api.handler = (_request, response) => json(response, 403, { statusCode: 403, error: 'Forbidden', message: 'Only the uploader can see this upload' });
  const failure = await uploadStatus('someone-elses').catch((error: unknown) => error);
  expect(failure).toBeInstanceOf(ApiRequestError);
  expect(failure).toMatchObject({ status: 403, message: 'Only the uploader can see this upload' });
});

test('uploadTarget names the creation endpoint and the Authorization as the client would send them, sending nothing', async () => {
  api.handler = (_request, response) => json(response, 500, {});
  await expect(uploadTarget()).resolves.toEqual({ endpoint: `${api.baseUrl}/media/uploads`, authorization: 'Bearer id-token-1' });
  // A fresh token each time (an upload may outlive one); none for a visitor.
  api.token = 'id-token-2';
  await expect(uploadTarget()).resolves.toMatchObject({ authorization: 'Bearer id-token-2' });
  api.token = null;
  await expect(uploadTarget()).resolves.toMatchObject({ authorization: null });
  expect(api.seen).toEqual([]);
});
