import { Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { derivedKeys, storeDerivedFiles } from './photo-files';
import { PhotoRefused, processPhoto } from './photo-processor';
import { PhotoStore } from './photo-store';
import { PhotosRepository, type ProcessedFields } from './photos.repository';
import { UploadedBytes } from './uploaded-bytes';

/** At most this many photos wait in one process; past it they wait in the database for the sweep. */
const MAX_WAITING = 64;
/** How often the sweep looks for work a stopped process left (and for abandoned uploads). */
const SWEEP_MS = 30_000;
/** An upload no artifact names within this long is deleted. */
export const ABANDONED_AFTER_MS = 24 * 3_600_000;
/** At most this many stored uploads are compared with the records at each sweep. */
const LEFTOVERS_PER_SWEEP = 500;
/** A photo still processing after this long was left by a process that stopped. */
const STUCK_AFTER_MS = 5 * 60_000;

/**
 * Processes finished uploads one at a time, in the background: a request never waits on it (the
 * work runs in libvips' threads; the event loop only hands buffers over). The photo's state in the
 * database is what its contributor polls (`GET /media/uploads/<id>`).
 */
@Injectable()
export class PhotoQueue implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('PhotoQueue');
  private readonly waiting: string[] = [];
  private readonly queued = new Set<string>();
  private running: Promise<void> | null = null;
  private sweeper: NodeJS.Timeout | undefined;
  private stopped = false;
  /** Stored uploads no record named at the last sweep: removed if none names them at the next. */
  private leftovers = new Set<string>();

  constructor(
    private readonly photos: PhotosRepository,
    private readonly store: PhotoStore,
    private readonly uploads: UploadedBytes,
  ) {}

  onModuleInit(): void {
    this.sweeper = setInterval(() => void this.sweep(), SWEEP_MS);
    this.sweeper.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearInterval(this.sweeper);
    await this.running;
  }

  /** Queues a finished upload; false when the queue is full (the sweep takes it later). */
  enqueue(id: string): boolean {
    if (this.queued.has(id)) return true;
    if (this.waiting.length >= MAX_WAITING) return false;
    this.queued.add(id);
    this.waiting.push(id);
    this.running ??= this.drain().finally(() => (this.running = null));
    return true;
  }

  /** Processes one photo now, outside the queue's order (a pasted address's copy, already in the background). */
  async processNow(id: string): Promise<void> {
    await this.process(id);
  }

  /** Resolves once nothing is waiting (tests and the seed wait on it). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  private async drain(): Promise<void> {
    while (!this.stopped) {
      const id = this.waiting.shift();
      if (id === undefined) return;
      try {
        await this.process(id);
      } catch (error) {
        this.logger.error(`photo ${id}: ${error instanceof Error ? error.message : String(error)}`);
      } finally {
        this.queued.delete(id);
      }
    }
  }

  private async process(id: string): Promise<void> {
    if (!(await this.photos.markProcessing(id))) return;
    let outcome: { ready: ProcessedFields } | { failed: string };
    try {
      outcome = await this.derive(id);
    } finally {
      // The original (with whatever metadata it carried) is never kept, and it is gone before the
      // photo says ready or failed, so whoever reads a settled state (its contributor, another
      // instance) finds nothing of the upload left; marked first, the state would run ahead of the
      // removal (three requests to a bucket). A removal that fails leaves the photo processing: the
      // sweep takes it again, and the removal with it.
      await this.uploads.remove(id);
    }
    if ('ready' in outcome) await this.photos.markReady(id, outcome.ready);
    else await this.photos.markFailed(id, outcome.failed);
  }

  /** Reads a complete upload and stores its derived files: what its photo becomes. */
  private async derive(id: string): Promise<{ ready: ProcessedFields } | { failed: string }> {
    const bytes = await this.uploads.read(id);
    if (!bytes) return { failed: 'The upload was not complete' };
    try {
      return { ready: await storeDerivedFiles(this.store, await processPhoto(bytes, id)) };
    } catch (error) {
      if (!(error instanceof PhotoRefused)) throw error;
      return { failed: error.message };
    }
  }

  /** Work left by a stopped process, uploads no artifact named within a day, and stored bytes no upload owns. */
  async sweep(now = Date.now()): Promise<void> {
    try {
      for (const photo of await this.photos.stuck(new Date(now - STUCK_AFTER_MS), MAX_WAITING)) this.enqueue(photo._id);
      for (const photo of await this.photos.abandoned(new Date(now - ABANDONED_AFTER_MS), 100)) await this.discard(photo._id);
      await this.sweepLeftovers();
    } catch (error) {
      this.logger.warn(`sweep: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  /**
   * Bytes in the uploads' store whose photo record is gone: a PATCH still writing through one
   * instance while the upload was terminated through another leaves its `.part` after the
   * removal. A record is made before any byte is stored and deleted after the last is removed, so
   * bytes without one are a leftover, once a whole sweep apart has shown they stay that way (a
   * removal racing that PATCH's end is then caught at the sweep after).
   */
  private async sweepLeftovers(): Promise<void> {
    const stored = await this.uploads.storedIds(LEFTOVERS_PER_SWEEP);
    const recorded = new Set((await this.photos.findByIds(stored)).map((photo) => photo._id));
    const unowned = stored.filter((id) => !recorded.has(id));
    for (const id of unowned.filter((id) => this.leftovers.has(id))) await this.uploads.remove(id);
    this.leftovers = new Set(unowned.filter((id) => !this.leftovers.has(id)));
  }

  /** Deletes a photo and every file of it. */
  async discard(id: string): Promise<void> {
    const photo = await this.photos.findById(id);
    if (!photo) return;
    if (photo.hash) await this.store.delete(derivedKeys(photo.hash, photo.widths));
    await this.uploads.remove(id);
    await this.photos.delete([id]);
  }
}
