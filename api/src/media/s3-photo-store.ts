import type { Readable } from 'node:stream';
import { DeleteObjectsCommand, GetObjectCommand, PutObjectCommand, S3Client, type S3ClientConfig } from '@aws-sdk/client-s3';
import { PhotoStore, type StoredObject } from './photo-store';

/** An S3 answer that the object (or the multipart upload) is not there, as S3 and its look-alikes name it. */
export function isS3NotFound(error: unknown): boolean {
  const { name, $metadata } = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return name === 'NoSuchKey' || name === 'NotFound' || name === 'NoSuchUpload' || $metadata?.httpStatusCode === 404;
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
      if (isS3NotFound(error)) return null;
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
