import type { UploadStatus } from '@antiquarium/contracts';
import type { TestUser } from './auth';
import { API_URL } from './env';
import { api, expectStatus } from './http';

/** tus's Upload-Metadata: comma-separated `key base64(value)` pairs. */
export function tusMetadata(fields: Record<string, string>): string {
  return Object.entries(fields)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');
}

/** Creates a tus upload (POST /media/uploads) and returns the raw answer. */
export function createUpload(token: string | undefined, length: number, filetype = 'image/jpeg', base = API_URL) {
  return api(`${base}/media/uploads`, {
    method: 'POST',
    token,
    headers: { 'tus-resumable': '1.0.0', 'upload-length': String(length), 'upload-metadata': tusMetadata({ filetype, filename: 'photo.jpg' }) },
  });
}

/**
 * Appends bytes at `offset` (PATCH), as a tus client does; to the main api, or to another instance
 * (`base`, with `headers` such as the client address a low-limit instance counts).
 */
export async function appendUpload(token: string, location: string, offset: number, bytes: Buffer, { base = API_URL, headers = {} }: { base?: string; headers?: Record<string, string> } = {}) {
  const response = await fetch(new URL(location, `${base}/`), {
    method: 'PATCH',
    headers: {
      authorization: `Bearer ${token}`,
      'tus-resumable': '1.0.0',
      'upload-offset': String(offset),
      'content-type': 'application/offset+octet-stream',
      ...headers,
    },
    body: bytes,
  });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

/** Waits until the upload is processed (ready or failed). */
export async function settledUpload(token: string, id: string, timeoutMs = 20_000): Promise<UploadStatus> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const status = await api<UploadStatus>(`/media/uploads/${id}`, { token });
    expectStatus(status, 200);
    if (status.body.state !== 'processing') return status.body;
    if (Date.now() > until) throw new Error(`upload ${id} still processing after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** A whole upload in one PATCH, processed: its id and final status. */
export async function uploadPhoto(user: TestUser, bytes: Buffer, filetype = 'image/jpeg'): Promise<{ id: string; status: UploadStatus }> {
  const created = await createUpload(user.token, bytes.length, filetype);
  expectStatus(created, 201);
  const location = created.headers.get('location') ?? '';
  const id = location.split('/').pop() ?? '';
  const appended = await appendUpload(user.token, location, 0, bytes);
  if (appended.status !== 204) throw new Error(`PATCH answered ${appended.status}: ${appended.text}`);
  return { id, status: await settledUpload(user.token, id) };
}
