import { createReadStream, promises as fs } from 'node:fs';
import * as path from 'node:path';
import type { Readable } from 'node:stream';
import type { AppConfig } from '../config/env';

/** A stored file as the server streams it out. */
export interface StoredObject {
  body: Readable;
  size: number;
}

/**
 * Where the photos' derived files live (docs/decisions/0018-photos.md): one interface, two
 * backends. Keys are flat file names (`<hash>-<width>.<format>`), written once and never changed.
 */
export abstract class PhotoStore {
  abstract put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The file, or null when there is none. */
  abstract get(key: string): Promise<StoredObject | null>;
  abstract delete(keys: readonly string[]): Promise<void>;
  /** Lets go of connections (a process that stores and exits: the seed). */
  close(): void {}
}

/** A local folder: the embedded default (`npm start`, one api instance). */
export class LocalPhotoStore extends PhotoStore {
  constructor(private readonly dir: string) {
    super();
  }

  private file(key: string): string {
    // Keys are the api's own names; a separator would be a bug, never a path.
    if (key.includes('/') || key.includes('\\') || key.startsWith('.')) throw new Error(`not a photo key: ${key}`);
    return path.join(this.dir, key);
  }

  async put(key: string, bytes: Buffer): Promise<void> {
    await fs.mkdir(this.dir, { recursive: true });
    const target = this.file(key);
    const tmp = `${target}.${process.pid}.${Date.now()}.tmp`;
    await fs.writeFile(tmp, bytes);
    await fs.rename(tmp, target);
  }

  async get(key: string): Promise<StoredObject | null> {
    const file = this.file(key);
    try {
      const stat = await fs.stat(file);
      return { body: createReadStream(file), size: stat.size };
    } catch {
      return null;
    }
  }

  async delete(keys: readonly string[]): Promise<void> {
    await Promise.all(keys.map((key) => fs.rm(this.file(key), { force: true })));
  }
}

/**
 * The store the configuration names: a local folder, or an S3-compatible bucket. The S3 client is
 * loaded only by a process that uses a bucket (s3-photo-store.ts): with a folder, the api maps
 * none of it (about 5 MB resident, 3 MB of heap).
 */
export async function photoStoreOf(config: AppConfig): Promise<PhotoStore> {
  if (config.photoStore === 'local') return new LocalPhotoStore(config.photosDir);
  const { S3PhotoStore } = await import('./s3-photo-store');
  const { bucket, ...client } = config.s3;
  return new S3PhotoStore({ bucket, client });
}
