import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Server, type DataStore, type Upload } from '@tus/server';
import { PHOTO_LIMITS, UPLOADS_PATH } from '@antiquarium/contracts';
import { PhotoQueue } from './photo-queue';
import { PhotosRepository } from './photos.repository';

/** Who is uploading: set around each request handed to the tus server (its hooks see only a Request). */
interface UploadContext {
  uid: string;
}

/** A tus hook's refusal, answered by the tus server as it is. */
function refusal(status: number, message: string): { status_code: number; body: string } {
  return { status_code: status, body: JSON.stringify({ statusCode: status, error: 'Upload refused', message }) };
}

/**
 * The tus 1.0 server (creation, HEAD, PATCH, termination) over the uploads' store (a folder, or the
 * photos' bucket that every instance shares: uploaded-bytes.ts), with the api's own rules around
 * it: who may upload is decided before a request reaches it (uploads.controller.ts), each upload is
 * recorded as a photo of its member when created, and queued when complete (by the instance that
 * received its last byte, whichever received the first).
 */
export class TusUploads {
  private readonly context = new AsyncLocalStorage<UploadContext>();
  private readonly server: Server;

  constructor(
    datastore: DataStore,
    private readonly photos: PhotosRepository,
    private readonly queue: PhotoQueue,
  ) {
    this.server = new Server({
      path: UPLOADS_PATH,
      datastore,
      maxSize: PHOTO_LIMITS.maxBytes,
      relativeLocation: true,
      // Only creation: the length is known before the first byte (the quota is checked on it).
      allowedHeaders: [],
      namingFunction: () => randomBytes(16).toString('hex'),
      onUploadCreate: async (_request: Request, upload: Upload) => {
        const who = this.context.getStore();
        if (!who) throw refusal(401, 'Sign in to continue');
        if (upload.size === undefined) throw refusal(400, 'Send Upload-Length: the size must be known before the upload starts');
        await this.photos.insert({ _id: upload.id, uid: who.uid, size: upload.size, state: 'uploading' });
        return {};
      },
      onUploadFinish: async (_request: Request, upload: Upload) => {
        await this.photos.markProcessing(upload.id);
        this.queue.enqueue(upload.id);
        return {};
      },
    });
  }

  /** Hands one request to the tus server on behalf of a member. */
  handle(uid: string, request: IncomingMessage, response: ServerResponse): Promise<void> {
    return this.context.run({ uid }, () => this.server.handle(request, response));
  }
}
