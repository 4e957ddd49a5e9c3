import type { Readable } from 'node:stream';
import { DataStore, Upload, type KvStore } from '@tus/utils';

/**
 * Where uploads in progress live in the photos' bucket with PHOTO_STORE=s3: under this prefix,
 * beside the derived files (flat `<hash>-<width>.<format>` names, which never hold a slash).
 */
export const UPLOADS_PREFIX = 'uploads/';

/** An upload's id as the api makes them (tus-uploads.ts, media-artifact-photos.ts); anything else is a bug. */
const UPLOAD_ID = /^[A-Za-z0-9_-]{8,64}$/;

export function assertUploadId(id: string): string {
  if (!UPLOAD_ID.test(id)) throw new Error(`not an upload id: ${id}`);
  return id;
}

/**
 * Every object an upload may have in the bucket (as @tus/s3-store names them): the complete file
 * (or the multipart upload that becomes it), its `.info` (size, metadata, the multipart upload's
 * id) and its `.part` (the bytes of a PATCH too short for an S3 part, kept until the next one).
 */
export function uploadObjectKeys(id: string, prefix = UPLOADS_PREFIX): { file: string; info: string; part: string } {
  const file = `${prefix}${assertUploadId(id)}`;
  return { file, info: `${file}.info`, part: `${file}.part` };
}

/**
 * The upload a stored name belongs to (`<prefix><id>`, `.info`, `.part`, or the folder's `.json`),
 * or null for a name that is no upload's.
 */
export function uploadIdOfKey(key: string, prefix = UPLOADS_PREFIX): string | null {
  if (!key.startsWith(prefix)) return null;
  const id = key.slice(prefix.length).replace(/\.(info|part|json)$/, '');
  return UPLOAD_ID.test(id) ? id : null;
}

/**
 * A tus data store whose uploads are kept under a prefix of another store's (the S3 store has no
 * prefix option of its own), while the tus server, its hooks and the upload's address see the
 * bare id (`/media/uploads/<id>`).
 */
export class PrefixedDataStore extends DataStore {
  constructor(
    private readonly inner: DataStore,
    private readonly prefix: string,
  ) {
    super();
    this.extensions = [...inner.extensions];
  }

  private stored(id: string): string {
    return `${this.prefix}${id}`;
  }

  /** The inner store's upload under its bare id. */
  private outward(upload: Upload): Upload {
    const id = upload.id.startsWith(this.prefix) ? upload.id.slice(this.prefix.length) : upload.id;
    return new Upload({ id, size: upload.size, offset: upload.offset, metadata: upload.metadata, storage: upload.storage, creation_date: upload.creation_date });
  }

  override async create(upload: Upload): Promise<Upload> {
    // The tus server keeps using its own object (its id makes the Location): it only takes what the store adds.
    const created = await this.inner.create(
      new Upload({ id: this.stored(upload.id), size: upload.size, offset: upload.offset, metadata: upload.metadata, storage: upload.storage, creation_date: upload.creation_date }),
    );
    upload.creation_date = created.creation_date;
    upload.storage = created.storage;
    return upload;
  }

  override write(stream: Readable, id: string, offset: number): Promise<number> {
    return this.inner.write(stream, this.stored(id), offset);
  }

  override async getUpload(id: string): Promise<Upload> {
    return this.outward(await this.inner.getUpload(this.stored(id)));
  }

  override remove(id: string): Promise<void> {
    return this.inner.remove(this.stored(id));
  }

  override declareUploadLength(id: string, length: number): Promise<void> {
    return this.inner.declareUploadLength(this.stored(id), length);
  }

  override deleteExpired(): Promise<number> {
    return this.inner.deleteExpired();
  }

  override getExpiration(): number {
    return this.inner.getExpiration();
  }
}

/**
 * The S3 store's cache of each upload's `.info`, which keeps nothing: every call reads the upload
 * from the bucket (a small GET; the offset is always asked of S3 anyway). The store's default
 * cache keeps an entry until the upload is completed or terminated through that same instance,
 * so another instance of several would answer from what has since been completed, processed or
 * removed elsewhere (a HEAD after processing then says 200 where it must say 404), and one that
 * saw only part of an upload would hold it for good.
 */
export class UncachedKvStore<T> implements KvStore<T> {
  async get(_key: string): Promise<T | undefined> {
    return undefined;
  }

  async set(_key: string, _value: T): Promise<void> {}

  async delete(_key: string): Promise<void> {}

  async list(): Promise<string[]> {
    return [];
  }
}
