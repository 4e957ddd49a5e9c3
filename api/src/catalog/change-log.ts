import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Schema, type Model, type Types } from 'mongoose';
import type { ArtifactChange } from '../artifacts/artifact-changes';

/**
 * The artifacts' change log: one small document per write (what it changed, when, by which
 * instance), so an instance without Redis reads only what changed since its last read instead of
 * the whole collection (docs/decisions/0007-discovery-search.md, "Fresh after writes").
 * Only inserts and idempotent deletes: nothing here needs FerretDB to apply a conditional update or
 * an `$inc` atomically, and any number of instances may write at once.
 */
export const ARTIFACT_CHANGE_MODEL = 'ArtifactChange';

export const artifactChangeSchema = new Schema(
  {
    // The writer's clock: readers overlap their windows to absorb the skew between instances.
    at: { type: Date, required: true },
    from: { type: String, required: true },
    ids: { type: [String], default: undefined },
    adderUid: { type: String },
    all: { type: Boolean },
  },
  { collection: 'artifactchanges', versionKey: false },
);
artifactChangeSchema.index({ at: 1 });

interface ChangeDoc {
  _id: Types.ObjectId;
  at: Date;
  from: string;
  ids?: string[];
  adderUid?: string;
  all?: boolean;
}

export interface ChangeEntry {
  id: string;
  at: Date;
  from: string;
  change: ArtifactChange;
}

/** Where the log is kept (the database; a map in unit tests). */
export interface ChangeLogStore {
  append(entry: Omit<ChangeEntry, 'id'>): Promise<void>;
  /** Entries written at or after `from`, oldest first, at most `limit`. */
  since(from: Date, limit: number): Promise<ChangeEntry[]>;
  /** Drops entries written before `before`. */
  prune(before: Date): Promise<void>;
}

function toChange(doc: ChangeDoc): ArtifactChange {
  if (doc.all) return { all: true };
  if (typeof doc.adderUid === 'string') return { adderUid: doc.adderUid };
  return { ids: doc.ids ?? [] };
}

@Injectable()
export class ArtifactChangeLog implements ChangeLogStore {
  constructor(@InjectModel(ARTIFACT_CHANGE_MODEL) private readonly model: Model<ChangeDoc>) {}

  async append(entry: Omit<ChangeEntry, 'id'>): Promise<void> {
    const change = entry.change;
    const what = 'ids' in change ? { ids: [...change.ids] } : change;
    await this.model.create({ at: entry.at, from: entry.from, ...what });
  }

  async since(from: Date, limit: number): Promise<ChangeEntry[]> {
    const docs = await this.model.find({ at: { $gte: from } }).sort({ at: 1, _id: 1 }).limit(limit).lean<ChangeDoc[]>().exec();
    return docs.map((doc) => ({ id: doc._id.toHexString(), at: doc.at, from: doc.from, change: toChange(doc) }));
  }

  async prune(before: Date): Promise<void> {
    await this.model.deleteMany({ at: { $lt: before } }).exec();
  }
}

export interface FollowerOptions {
  /** How far back each read reaches before the previous one began (clock skew, slow inserts). */
  overlapMs: number;
  /** How long entries are kept; a reader further behind than this reloads everything. */
  retentionMs: number;
  /** Past this many new changes in one read, reloading everything is cheaper than re-reading each. */
  batch: number;
  /** The most entries one read takes from the log (a window holding more reloads everything). */
  cap: number;
}

export const FOLLOWER_DEFAULTS: FollowerOptions = { overlapMs: 120_000, retentionMs: 15 * 60_000, batch: 2_000, cap: 20_000 };

export type Poll =
  | { reload: true }
  | {
      reload: false;
      /** Other instances' changes not applied yet, oldest first. */
      changes: ArtifactChange[];
      /** Call once they are applied: they are not handed out again and the window moves on. */
      done: () => void;
    };

/**
 * Follows the change log from one instance: records its writes and reads the others' since the
 * last read. The window of a read starts `overlapMs` before the previous read began (on this
 * instance's clock), so an entry stamped by a writer whose clock runs behind, or inserted while the
 * previous read ran, is still found; entries seen before are skipped by id.
 */
export class ChangeFollower {
  /** When (this clock) the last successful read, or the load it follows, began. */
  private cursor: number;
  /** Entries applied within the window, by id, with their time (forgotten once out of it). */
  private readonly seen = new Map<string, number>();
  /** Own changes whose entry could not be written yet (the database was away). */
  private unrecorded: ArtifactChange[] = [];

  constructor(
    private readonly store: ChangeLogStore,
    private readonly instance: string,
    private readonly options: FollowerOptions = FOLLOWER_DEFAULTS,
    private readonly now: () => number = () => Date.now(),
  ) {
    this.cursor = now();
  }

  /** Every other instance's change logged before this time (this clock) has been applied. */
  get position(): number {
    return this.cursor;
  }

  /** A full load began at `at`: everything written before is in it. */
  restart(at: number): void {
    this.cursor = at;
    this.seen.clear();
  }

  /** Changes arrive another way (Redis) meanwhile: the next read starts from here. */
  skip(): void {
    this.restart(this.now());
  }

  /** Records a change of this instance; if the database refuses, it is written at the next read. */
  async record(change: ArtifactChange): Promise<void> {
    try {
      await this.store.append({ at: new Date(this.now()), from: this.instance, change });
    } catch (error) {
      this.unrecorded.push(change);
      throw error;
    }
  }

  /** Writes the entries that failed before, stamped now (a stamp from then may be behind a reader). */
  async flush(): Promise<void> {
    while (this.unrecorded.length > 0) {
      await this.store.append({ at: new Date(this.now()), from: this.instance, change: this.unrecorded[0]! });
      this.unrecorded.shift();
    }
  }

  async poll(): Promise<Poll> {
    const started = this.now();
    const from = this.cursor - this.options.overlapMs;
    // Entries older than the retention may be gone: the log can no longer say what was missed.
    if (from < started - this.options.retentionMs) return { reload: true };
    const entries = await this.store.since(new Date(from), this.options.cap);
    if (entries.length >= this.options.cap) return { reload: true };
    const fresh = entries.filter((entry) => !this.seen.has(entry.id));
    const changes = fresh.filter((entry) => entry.from !== this.instance).map((entry) => entry.change);
    if (changes.length > this.options.batch) return { reload: true };
    return {
      reload: false,
      changes,
      done: () => {
        for (const entry of fresh) this.seen.set(entry.id, entry.at.getTime());
        this.cursor = started;
        const oldest = started - this.options.overlapMs;
        for (const [id, at] of this.seen) if (at < oldest) this.seen.delete(id);
      },
    };
  }

  prune(): Promise<void> {
    return this.store.prune(new Date(this.now() - this.options.retentionMs));
  }
}
