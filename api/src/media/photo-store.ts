import { createReadStream, promises as fs } from 'node:fs';
import * as path from 'node:path';
import type { Readable } from 'node:stream';
import type { AppConfig } from '../config/env';
import { DeleteObjectsCommand, GetObjectCommand, PutObjectCommand, S3Client, type S3ClientConfig } from '@aws-sdk/client-s3';

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

export interface S3StoreOptions {
  bucket: string;
  client: S3ClientConfig;
}

/** S3-compatible object storage (AWS S3, MinIO, Cloudflare R2, SeaweedFS): for several api instances. */
export class S3PhotoStore extends PhotoStore {
  private readonly client: S3Client;

  constructor(private readonly options: S3StoreOptions) {
    super();
    this.client = new S3Client(options.client);
  }

  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    await this.client.send(new PutObjectCommand({ Bucket: this.options.bucket, Key: key, Body: bytes, ContentType: contentType }));
  }

  async get(key: string): Promise<StoredObject | null> {
    try {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.options.bucket, Key: key }));
      if (!answer.Body) return null;
      return { body: answer.Body as Readable, size: answer.ContentLength ?? 0 };
    } catch (error) {
      if ((error as { name?: string }).name === 'NoSuchKey' || (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return null;
      throw error;
    }
  }

  async delete(keys: readonly string[]): Promise<void> {
    for (let start = 0; start < keys.length; start += 1000) {
      const batch = keys.slice(start, start + 1000).map((Key) => ({ Key }));
      if (batch.length > 0) await this.client.send(new DeleteObjectsCommand({ Bucket: this.options.bucket, Delete: { Objects: batch, Quiet: true } }));
    }
  }

  override close(): void {
    this.client.destroy();
  }
}

/** The store the configuration names: a local folder, or an S3-compatible bucket. */
export function photoStoreOf(config: AppConfig): PhotoStore {
  if (config.photoStore === 'local') return new LocalPhotoStore(config.photosDir);
  const { bucket, ...client } = config.s3;
  return new S3PhotoStore({ bucket, client });
}
