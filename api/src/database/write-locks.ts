import { Injectable, Logger, ServiceUnavailableException } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { randomUUID } from 'node:crypto';
import { setTimeout as pause } from 'node:timers/promises';
import type { Model } from 'mongoose';
import { isDuplicateKey } from './duplicate-key';
import { WRITE_LOCK_MODEL, type WriteLockDoc } from './write-lock.schema';

export const BUSY_MESSAGE = 'Someone else is changing this right now: please try again';

export interface HoldOptions {
  /**
   * How long the lock is held at most: a holder that dies frees it after this. Above the time the
   * work takes; a work that reads whole collections (a recount) says how long it may take.
   */
  holdMs?: number;
  /** How long to wait for another holder before giving up. */
  waitMs?: number;
  /** The error given up with (503 by default). */
  busy?: () => Error;
}

/** The keys: one per thing changed under a lock. */
export const lockKeys = {
  /** An artifact's like count, and its deletion (which takes that count from its contributor). */
  artifact: (artifactId: string) => `artifact:${artifactId}`,
  /** A contributor's totals. */
  contributor: (uid: string) => `contributor:${uid}`,
  /** A remote's release registry entry (releases/release-lock.ts). */
  release: (remote: string) => `release:${remote}`,
};

/**
 * The default work is a few lookups and writes by `_id` (milliseconds). Held for less than a waiter
 * waits, so the lock of a holder that died (an api killed mid-write) costs the next writer at most
 * this, never a 503; a holder slower than this may overlap the next one, and the start-up
 * reconciliation corrects a count that overlap lost.
 */
const DEFAULT_HOLD_MS = 3_000;
const DEFAULT_WAIT_MS = 5_000;

/**
 * Mutual exclusion across api instances, without transactions: for what is changed by a read and a
 * write (an artifact's likes, a contributor's totals, a remote's release route). FerretDB 1.24 applies
 * `$inc` and conditional updates as a read and a write, so two at once lose one; it refuses a
 * duplicate `_id` reliably. Taking a lock is an insert whose `_id` is the key, and every other
 * operation on it is a lookup by `_id`, the only filter FerretDB's SQLite handler answers without
 * reading the whole collection (docs/decisions/0043-writes-by-id.md).
 */
@Injectable()
export class WriteLocks {
  private readonly logger = new Logger('WriteLocks');

  constructor(@InjectModel(WRITE_LOCK_MODEL) private readonly model: Model<WriteLockDoc>) {}

  /** Runs `work` while holding `key`, after any other holder. */
  async holding<T>(key: string, work: () => Promise<T>, options: HoldOptions = {}): Promise<T> {
    const token = await this.take(key, options);
    try {
      return await work();
    } finally {
      await this.model
        .deleteOne({ _id: key, token })
        .exec()
        .catch((error: unknown) => {
          this.logger.warn(`the lock ${key} could not be released (it expires by itself): ${error instanceof Error ? error.message : String(error)}`);
        });
    }
  }

  private async take(key: string, options: HoldOptions): Promise<string> {
    const token = randomUUID();
    const holdMs = options.holdMs ?? DEFAULT_HOLD_MS;
    const giveUpAt = Date.now() + (options.waitMs ?? DEFAULT_WAIT_MS);
    for (let attempt = 0; ; attempt += 1) {
      try {
        await this.model.create({ _id: key, token, expiresAt: new Date(Date.now() + holdMs) });
        return token;
      } catch (error) {
        if (!isDuplicateKey(error)) throw error;
      }
      const held = await this.model.findById(key, { token: 1, expiresAt: 1 }).lean<{ token: string; expiresAt: Date }>().exec();
      if (!held) continue;
      if (held.expiresAt.getTime() < Date.now()) {
        // A holder that died: only its lock goes, by its token; one taken meanwhile is not touched.
        this.logger.warn(`taking over the lock ${key}, expired at ${held.expiresAt.toISOString()}`);
        await this.model.deleteOne({ _id: key, token: held.token }).exec();
        continue;
      }
      if (Date.now() >= giveUpAt) throw options.busy?.() ?? new ServiceUnavailableException(BUSY_MESSAGE);
      await pause(Math.min(5 * 2 ** Math.min(attempt, 4), 50) * (0.5 + Math.random()));
    }
  }
}
