import { mkdirSync, promises as fs } from 'node:fs';
import * as path from 'node:path';
import { FileStore } from '@tus/file-store';
import type { DataStore } from '@tus/utils';
import type { AppConfig } from '../config/env';
import { assertUploadId, uploadIdOfKey } from './s3-uploads';

/**
 * The bytes of uploads in progress (docs/decisions/0018-photos.md): where the tus server writes
 * them, read once an upload is complete and removed once processed (or abandoned, or terminated).
 * The originals are never kept. Two backends, chosen with the photo store (media.module.ts): a
 * folder of the instance with PHOTO_STORE=local, the photos' bucket with PHOTO_STORE=s3, so that an
 * upload begun through one instance is resumed, processed or swept by any other.
 */
export abstract class UploadedBytes {
  /** The tus data store the uploads are written to (one per process: tus-uploads.ts). */
  abstract dataStore(): DataStore;
  /** A complete upload's bytes, or null when there are none (never sent, or already processed). */
  abstract read(id: string): Promise<Buffer | null>;
  /** Puts bytes that came another way (a pasted address, the seed) where an upload's would be. */
  abstract write(id: string, bytes: Buffer): Promise<void>;
  /** Removes everything of the upload, complete or not; nothing there is fine. */
  abstract remove(id: string): Promise<void>;
  /**
   * The ids of uploads with anything stored, at most about `limit` (the sweep compares them with the
   * photos' records: bytes no record names are a leftover, PHOTO_QUEUE's sweep).
   */
  abstract storedIds(limit: number): Promise<string[]>;
}

/** The tus file store's folder (`<id>` and its `<id>.json`): the embedded default, one instance. */
export class LocalUploadedBytes extends UploadedBytes {
  constructor(readonly dir: string) {
    super();
    // Made (or found) here, so that a folder the process cannot write stops the start with its name.
    mkdirSync(dir, { recursive: true });
  }

  private file(id: string): string {
    return path.join(this.dir, assertUploadId(id));
  }

  dataStore(): DataStore {
    return new FileStore({ directory: this.dir });
  }

  async read(id: string): Promise<Buffer | null> {
    try {
      return await fs.readFile(this.file(id));
    } catch {
      return null;
    }
  }

  async write(id: string, bytes: Buffer): Promise<void> {
    await fs.mkdir(this.dir, { recursive: true });
    await fs.writeFile(this.file(id), bytes);
  }

  async remove(id: string): Promise<void> {
    const file = this.file(id);
    await Promise.all([fs.rm(file, { force: true }), fs.rm(`${file}.json`, { force: true })]);
  }

  async storedIds(limit: number): Promise<string[]> {
    const names = await fs.readdir(this.dir).catch(() => [] as string[]);
    return distinctIds(names.map((name) => uploadIdOfKey(name, '')), limit);
  }
}

/** Each id once, in the order met, at most `limit`; names that are no upload's are left out. */
export function distinctIds(ids: readonly (string | null)[], limit: number): string[] {
  return [...new Set(ids.filter((id): id is string => id !== null))].slice(0, limit);
}

/**
 * Uploads in progress live where the photos do: with S3, in the same bucket (under `uploads/`),
 * which every instance shares. The S3 client and tus' S3 store are loaded only then
 * (s3-uploaded-bytes.ts), as the photo store's are.
 */
export async function uploadedBytesOf(config: AppConfig): Promise<UploadedBytes> {
  if (config.photoStore === 'local') return new LocalUploadedBytes(config.uploadsDir);
  const { S3UploadedBytes } = await import('./s3-uploaded-bytes');
  const { bucket, ...client } = config.s3;
  return new S3UploadedBytes({ bucket, client });
}
