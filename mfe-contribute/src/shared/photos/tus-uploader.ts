import { uploadTarget } from '@antiquarium/api-client';
import type { DetailedError, Upload } from 'tus-js-client';
import { PHOTO_TEXTS } from './photo-texts';
import type { StartUpload } from './uploader';

/**
 * Waits between attempts after a dropped connection (tus asks the api how much it has, then sends the
 * rest). A refusal (401, 403, 413, 429) is not retried: it would be refused again.
 */
export const RETRY_DELAYS_MS = [0, 1000, 3000, 5000, 10000, 20000];
/** Sent in parts, so that a connection dropped mid-photo loses at most one part. */
export const CHUNK_BYTES = 5 * 1024 * 1024;

/** The api's `message` from a refusal's JSON body (`{ statusCode, error, message }`), if any. */
export function refusalMessage(error: unknown): string {
  const response = (error as Partial<DetailedError> | null)?.originalResponse;
  if (!response) return PHOTO_TEXTS.uploadStopped;
  try {
    const body: unknown = JSON.parse(response.getBody());
    const message = (body as { message?: unknown } | null)?.message;
    if (typeof message === 'string' && message) return message;
  } catch {
    // Not the api's JSON (a proxy's page): its words are not for the member.
  }
  return PHOTO_TEXTS.uploadRefused;
}

/** The upload's id: the last segment of its URL (`Location: /media/uploads/<id>`). */
export function uploadIdOf(url: string | null): string {
  const path = new URL(url ?? '', 'http://upload.invalid').pathname;
  return decodeURIComponent(path.slice(path.lastIndexOf('/') + 1));
}

/**
 * The browser's uploader: tus 1.0 through tus-js-client, loaded only when a first photo is picked (the
 * forms open without it). It resumes an upload of the same file that an earlier attempt left behind
 * (tus keeps its fingerprint in localStorage until the upload completes), so "Try again" after a lost
 * connection, or picking the file again after a reload, sends only what the api is missing.
 */
export const startTusUpload: StartUpload = (file, callbacks) => {
  let upload: Upload | undefined;
  let aborted = false;
  const begin = async () => {
    const [{ Upload: TusUpload }, target] = await Promise.all([import('tus-js-client'), uploadTarget()]);
    if (aborted) return;
    const created: Upload = new TusUpload(file, {
      endpoint: target.endpoint,
      retryDelays: RETRY_DELAYS_MS,
      chunkSize: CHUNK_BYTES,
      removeFingerprintOnSuccess: true,
      metadata: { filename: file.name, filetype: file.type },
      // Each request asks for the token again: the SDK refreshes it when it is about to expire.
      onBeforeRequest: async (request) => {
        const { authorization } = await uploadTarget();
        if (authorization) request.setHeader('Authorization', authorization);
      },
      onProgress: (sent, total) => callbacks.onProgress(sent, total),
      onSuccess: () => callbacks.onSuccess(uploadIdOf(created.url)),
      onError: (error) => callbacks.onError(refusalMessage(error)),
    });
    upload = created;
    const previous = await created.findPreviousUploads();
    if (aborted) return;
    if (previous[0]) created.resumeFromPreviousUpload(previous[0]);
    created.start();
  };
  begin().catch(() => {
    if (!aborted) callbacks.onError(PHOTO_TEXTS.uploadStopped);
  });
  return {
    abort() {
      aborted = true;
      // Not terminated on the api (no DELETE): an upload nobody names expires there.
      void upload?.abort();
    },
  };
};
