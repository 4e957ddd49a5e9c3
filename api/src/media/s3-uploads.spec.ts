import { Readable } from 'node:stream';
import { DataStore, Upload } from '@tus/utils';
import { PrefixedDataStore, UncachedKvStore, UPLOADS_PREFIX, uploadObjectKeys } from './s3-uploads';

/** A store that keeps uploads in memory under the ids it is given, and records each call. */
class RecordingStore extends DataStore {
  readonly calls: string[] = [];
  readonly uploads = new Map<string, Upload>();

  constructor() {
    super();
    this.extensions = ['creation', 'termination'];
  }

  override async create(upload: Upload): Promise<Upload> {
    this.calls.push(`create ${upload.id}`);
    upload.storage = { type: 'memory', path: upload.id };
    upload.creation_date = '2026-01-02T03:04:05.000Z';
    this.uploads.set(upload.id, upload);
    return upload;
  }

  override async write(stream: Readable, id: string, offset: number): Promise<number> {
    this.calls.push(`write ${id} at ${offset}`);
    let length = 0;
    for await (const chunk of stream) length += (chunk as Buffer).length;
    const upload = this.uploads.get(id) as Upload;
    upload.offset = offset + length;
    return upload.offset;
  }

  override async getUpload(id: string): Promise<Upload> {
    this.calls.push(`get ${id}`);
    const upload = this.uploads.get(id);
    if (!upload) throw new Error('not found');
    return upload;
  }

  override async remove(id: string): Promise<void> {
    this.calls.push(`remove ${id}`);
    this.uploads.delete(id);
  }

  override getExpiration(): number {
    return 42;
  }
}

describe('PrefixedDataStore', () => {
  it('keeps every upload under the prefix in the inner store while the tus server sees the bare id', async () => {
    const inner = new RecordingStore();
    const store = new PrefixedDataStore(inner, UPLOADS_PREFIX);
    const upload = new Upload({ id: 'abcdef0123456789', size: 10, offset: 0, metadata: { filetype: 'image/jpeg' } });

    const created = await store.create(upload);
    // The server's own object: the id that makes the Location is unchanged; what the store added is kept.
    expect(created).toBe(upload);
    expect(upload.id).toBe('abcdef0123456789');
    expect(upload.storage).toEqual({ type: 'memory', path: 'uploads/abcdef0123456789' });
    expect(upload.creation_date).toBe('2026-01-02T03:04:05.000Z');
    expect([...inner.uploads.keys()]).toEqual(['uploads/abcdef0123456789']);

    expect(await store.write(Readable.from([Buffer.alloc(4)]), 'abcdef0123456789', 0)).toBe(4);
    const found = await store.getUpload('abcdef0123456789');
    expect(found).toEqual(expect.objectContaining({ id: 'abcdef0123456789', size: 10, offset: 4, metadata: { filetype: 'image/jpeg' } }));
    expect(found.sizeIsDeferred).toBe(false);
    await store.remove('abcdef0123456789');
    expect(inner.calls).toEqual([
      'create uploads/abcdef0123456789',
      'write uploads/abcdef0123456789 at 0',
      'get uploads/abcdef0123456789',
      'remove uploads/abcdef0123456789',
    ]);
    await expect(store.getUpload('abcdef0123456789')).rejects.toThrow('not found');
  });

  it('offers what the inner store offers', () => {
    const store = new PrefixedDataStore(new RecordingStore(), 'p/');
    expect(store.hasExtension('termination')).toBe(true);
    expect(store.hasExtension('concatenation')).toBe(false);
    expect(store.getExpiration()).toBe(42);
  });
});

describe('uploadObjectKeys', () => {
  it("names an upload's file, .info and .part under the prefix, and refuses what is not an upload id", () => {
    expect(uploadObjectKeys('0123456789abcdef')).toEqual({ file: 'uploads/0123456789abcdef', info: 'uploads/0123456789abcdef.info', part: 'uploads/0123456789abcdef.part' });
    for (const id of ['../photos', 'a/b/c/d/e/f', 'short', '']) expect(() => uploadObjectKeys(id)).toThrow(/not an upload id/);
  });
});

describe('UncachedKvStore', () => {
  it('keeps nothing, so that each instance reads an upload from the bucket every time', async () => {
    const cache = new UncachedKvStore<string>();
    await cache.set('upload', 'info');
    expect(await cache.get('upload')).toBeUndefined();
    expect(await cache.list()).toEqual([]);
  });
});
