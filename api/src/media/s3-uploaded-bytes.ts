import {
  AbortMultipartUploadCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { S3Store, type MetadataValue } from '@tus/s3-store';
import type { DataStore } from '@tus/utils';
import { isS3NotFound } from './s3-photo-store';
import { PrefixedDataStore, UPLOADS_PREFIX, UncachedKvStore, uploadObjectKeys, uploadIdOfKey } from './s3-uploads';
import { UploadedBytes, distinctIds } from './uploaded-bytes';

export interface S3UploadsOptions {
  bucket: string;
  client: S3ClientConfig;
  prefix?: string;
}

/** The tus S3 store's parts: 8 MiB preferred (S3's least is 5 MiB; a photo is at most 25 MB). */
const PART_SIZE = 8 * 1024 * 1024;

function parseInfo(text: string): { size?: unknown } {
  try {
    return (JSON.parse(text) as { size?: unknown } | null) ?? {};
  } catch {
    return {};
  }
}

/**
 * The photos' bucket, under `uploads/` (@tus/s3-store: a multipart upload per upload, its `.info`,
 * and a `.part` for a PATCH shorter than an S3 part; the complete file once the last byte is in).
 * Every instance sharing the bucket sees the same uploads.
 */
export class S3UploadedBytes extends UploadedBytes {
  private readonly client: S3Client;
  private readonly prefix: string;

  constructor(private readonly options: S3UploadsOptions) {
    super();
    this.prefix = options.prefix ?? UPLOADS_PREFIX;
    this.client = new S3Client(options.client);
  }

  dataStore(): DataStore {
    const store = new S3Store({ partSize: PART_SIZE, cache: new UncachedKvStore<MetadataValue>(), s3ClientConfig: { ...this.options.client, bucket: this.options.bucket } });
    return new PrefixedDataStore(store, this.prefix);
  }

  async read(id: string): Promise<Buffer | null> {
    const keys = uploadObjectKeys(id, this.prefix);
    try {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.options.bucket, Key: keys.file }));
      return answer.Body ? Buffer.from(await answer.Body.transformToByteArray()) : Buffer.alloc(0);
    } catch (error) {
      if (!isS3NotFound(error)) throw error;
    }
    // An upload of zero bytes is complete without a file (no part was ever sent): the folder has an empty one.
    return (await this.info(keys.info))?.size === 0 ? Buffer.alloc(0) : null;
  }

  async write(id: string, bytes: Buffer): Promise<void> {
    await this.client.send(new PutObjectCommand({ Bucket: this.options.bucket, Key: uploadObjectKeys(id, this.prefix).file, Body: bytes }));
  }

  async remove(id: string): Promise<void> {
    const keys = uploadObjectKeys(id, this.prefix);
    // An upload still in progress is a multipart upload whose parts S3 keeps (and bills) until aborted.
    const uploadId = (await this.info(keys.info))?.uploadId;
    if (uploadId) {
      await this.client.send(new AbortMultipartUploadCommand({ Bucket: this.options.bucket, Key: keys.file, UploadId: uploadId })).catch((error: unknown) => {
        if (!isS3NotFound(error)) throw error;
      });
    }
    const answer = await this.client.send(
      new DeleteObjectsCommand({ Bucket: this.options.bucket, Delete: { Objects: [keys.file, keys.info, keys.part].map((Key) => ({ Key })), Quiet: true } }),
    );
    // One request for the three, answered 200 even when some of them stay: those are named here.
    const kept = answer.Errors ?? [];
    if (kept.length > 0) throw new Error(`upload ${id}: ${kept.map((error) => `${error.Key} not removed (${error.Code})`).join(', ')}`);
  }

  async storedIds(limit: number): Promise<string[]> {
    const listed = await this.client.send(new ListObjectsV2Command({ Bucket: this.options.bucket, Prefix: this.prefix, MaxKeys: Math.min(limit * 3, 1000) }));
    return distinctIds((listed.Contents ?? []).map((object) => uploadIdOfKey(object.Key ?? '', this.prefix)), limit);
  }

  /** What the `.info` object says: the multipart upload's id (in its metadata) and the size (in its body). */
  private async info(key: string): Promise<{ uploadId?: string; size?: number } | null> {
    try {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.options.bucket, Key: key }));
      const body = parseInfo(answer.Body ? await answer.Body.transformToString() : '');
      return { uploadId: answer.Metadata?.['upload-id'], size: typeof body.size === 'number' ? body.size : undefined };
    } catch (error) {
      if (isS3NotFound(error)) return null;
      throw error;
    }
  }
}
