import { Logger } from '@nestjs/common';
import type { DataStore } from '@tus/utils';
import sharp from 'sharp';
import { PhotoQueue } from './photo-queue';
import { PhotoStore, type StoredObject } from './photo-store';
import type { PhotosRepository, ProcessedFields, StoredPhoto } from './photos.repository';
import { UploadedBytes } from './uploaded-bytes';

/** The photos collection in memory: what the queue's writes leave in it. */
class MemoryPhotos {
  readonly records = new Map<string, StoredPhoto>();

  add(id: string, createdAt = new Date(0)): void {
    this.records.set(id, { _id: id, uid: 'member', size: 0, storedBytes: 0, state: 'processing', locationRemoved: false, widths: [], artifactId: null, createdAt });
  }

  async markProcessing(id: string): Promise<boolean> {
    const photo = this.records.get(id);
    if (!photo || (photo.state !== 'uploading' && photo.state !== 'processing')) return false;
    photo.state = 'processing';
    return true;
  }

  async markReady(id: string, fields: ProcessedFields): Promise<void> {
    Object.assign(this.records.get(id) ?? {}, fields, { state: 'ready' });
  }

  async markFailed(id: string, reason: string): Promise<void> {
    Object.assign(this.records.get(id) ?? {}, { state: 'failed', reason });
  }

  async stuck(olderThan: Date): Promise<StoredPhoto[]> {
    return [...this.records.values()].filter((photo) => photo.state === 'processing' && photo.createdAt < olderThan);
  }

  async abandoned(): Promise<StoredPhoto[]> {
    return [];
  }

  async findByIds(ids: readonly string[]): Promise<StoredPhoto[]> {
    return ids.flatMap((id) => this.records.get(id) ?? []);
  }
}

class MemoryStore extends PhotoStore {
  readonly files = new Map<string, Buffer>();

  async put(key: string, bytes: Buffer): Promise<void> {
    this.files.set(key, bytes);
  }

  async get(): Promise<StoredObject | null> {
    return null;
  }

  async delete(keys: readonly string[]): Promise<void> {
    for (const key of keys) this.files.delete(key);
  }
}

/** Uploads in memory whose removal waits until the test lets it go on (a bucket's three requests), or fails. */
class SlowUploads extends UploadedBytes {
  readonly bytes = new Map<string, Buffer>();
  removing: (() => void) | null = null;
  failNextRemoval = false;
  /** Whether a removal waits for the test (otherwise it is done at once). */
  slow = true;

  dataStore(): DataStore {
    throw new Error('not used here');
  }

  async read(id: string): Promise<Buffer | null> {
    return this.bytes.get(id) ?? null;
  }

  async write(id: string, bytes: Buffer): Promise<void> {
    this.bytes.set(id, bytes);
  }

  async storedIds(limit: number): Promise<string[]> {
    return [...this.bytes.keys()].slice(0, limit);
  }

  async remove(id: string): Promise<void> {
    if (this.slow) await new Promise<void>((resolve) => (this.removing = resolve));
    this.removing = null;
    if (this.failNextRemoval) {
      this.failNextRemoval = false;
      throw new Error('the bucket is away');
    }
    this.bytes.delete(id);
  }
}

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setImmediate(resolve));
}

function setup() {
  const photos = new MemoryPhotos();
  const uploads = new SlowUploads();
  const queue = new PhotoQueue(photos as unknown as PhotosRepository, new MemoryStore(), uploads);
  return { photos, uploads, queue, state: (id: string) => photos.records.get(id)?.state };
}

beforeAll(() => Logger.overrideLogger(false));

describe('PhotoQueue', () => {
  it('says a photo is ready or failed only once nothing of its upload is left', async () => {
    const { photos, uploads, queue, state } = setup();
    const picture = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#806040' } }).png().toBuffer();
    for (const [id, bytes] of [['picture-1', picture], ['empty-01', Buffer.alloc(0)]] as const) {
      photos.add(id);
      await uploads.write(id, bytes);
      queue.enqueue(id);
      await until(() => uploads.removing !== null);
      // Processed, and the original not removed yet: still processing to whoever asks.
      expect([state(id), uploads.bytes.has(id)]).toEqual(['processing', true]);
      uploads.removing?.();
      await queue.idle();
      expect(uploads.bytes.has(id)).toBe(false);
    }
    expect(photos.records.get('picture-1')).toEqual(expect.objectContaining({ state: 'ready', width: 400, height: 300 }));
    expect(photos.records.get('empty-01')).toEqual(expect.objectContaining({ state: 'failed', reason: expect.stringMatching(/not a picture we can read/) }));
  });

  it('leaves a photo processing when its upload could not be removed, so that the sweep removes it and settles it later', async () => {
    const { photos, uploads, queue, state } = setup();
    photos.add('empty-02');
    await uploads.write('empty-02', Buffer.alloc(0));
    uploads.failNextRemoval = true;
    queue.enqueue('empty-02');
    await until(() => uploads.removing !== null);
    uploads.removing?.();
    await queue.idle();
    expect([state('empty-02'), uploads.bytes.has('empty-02')]).toEqual(['processing', true]);

    await queue.sweep(Date.now());
    await until(() => uploads.removing !== null);
    uploads.removing?.();
    await queue.idle();
    expect([state('empty-02'), uploads.bytes.has('empty-02')]).toEqual(['failed', false]);
  });

  it('removes stored bytes no record names once two sweeps in a row found them so, and never the bytes of a recorded upload', async () => {
    const { photos, uploads, queue } = setup();
    uploads.slow = false;
    // A .part written after its upload was terminated elsewhere; an upload in progress; bytes whose
    // record is being made as the first sweep looks (recorded before the second).
    await uploads.write('leftover-1', Buffer.from('part'));
    photos.add('uploading-1', new Date());
    photos.records.set('uploading-1', { ...(photos.records.get('uploading-1') as StoredPhoto), state: 'uploading' });
    await uploads.write('uploading-1', Buffer.from('half'));
    await uploads.write('arriving-1', Buffer.from('new'));

    await queue.sweep(Date.now());
    expect([...uploads.bytes.keys()].sort()).toEqual(['arriving-1', 'leftover-1', 'uploading-1']);

    photos.add('arriving-1', new Date());
    await queue.sweep(Date.now());
    expect([...uploads.bytes.keys()].sort()).toEqual(['arriving-1', 'uploading-1']);

    // Bytes that come back after a removal (the PATCH's end racing it) go at the sweeps after.
    await uploads.write('leftover-1', Buffer.from('part'));
    await queue.sweep(Date.now());
    expect(uploads.bytes.has('leftover-1')).toBe(true);
    await queue.sweep(Date.now());
    expect([...uploads.bytes.keys()].sort()).toEqual(['arriving-1', 'uploading-1']);
  });
});
