import { UPLOADS_PATH, type UploadStatus } from '@antiquarium/contracts';
import type { CallOptions } from './artifacts';
import { requestCredentials, send } from './client';

/** The uploads path as ky takes it (relative to the api's base URL: no leading slash). */
const UPLOADS = UPLOADS_PATH.replace(/^\/+/, '');

/** GET /media/uploads/:id: how the api is getting on with an uploaded photo (for its uploader only). */
export async function uploadStatus(id: string, options: CallOptions = {}): Promise<UploadStatus> {
  // Never an answer handed over by the first page: the status is the uploader's own.
  const response = await send(`${UPLOADS}/${encodeURIComponent(id)}`, { signal: options.signal }, { handOver: false });
  return response.json<UploadStatus>();
}

export interface UploadTarget {
  /** The absolute URL of the tus creation endpoint (POST /media/uploads). */
  endpoint: string;
  /** `Bearer <ID token>` for a signed-in member; null for a visitor (the api answers 401). */
  authorization: string | null;
}

/** Where a tus upload is created and the Authorization header it carries, as every other call gets them. */
export async function uploadTarget(): Promise<UploadTarget> {
  const { baseUrl, authorization } = await requestCredentials();
  return { endpoint: `${baseUrl.replace(/\/+$/, '')}${UPLOADS_PATH}`, authorization };
}
