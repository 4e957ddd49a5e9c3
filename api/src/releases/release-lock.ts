import { randomUUID } from 'node:crypto';
import { ConflictException, Injectable, Logger } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import type { ReleaseRemote } from '@antiquarium/contracts';
import { RELEASE_LOCK_MODEL, type ReleaseLockDoc } from './release-lock.schema';
import { isDuplicateKey } from './releases.repository';

/** How long a change waits for another change of the same remote before it answers 409. */
export const LOCK_WAIT_MS = 10_000;
/**
 * A lock older than this is taken to belong to an instance that died inside a change, and is
 * taken over. A change holds it for a few database operations (each bounded by
 * DB_OPERATION_TIMEOUT_MS): far less than this.
 */
export const LOCK_STALE_MS = 30_000;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One registry change per remote at a time, across every api instance: publish's and prune's
 * dating of the route, promotes, rollbacks and the canary watch's rollback all read, decide and
 * write under it. Without transactions, and on a database whose conditional updates are not
 * atomic (release-lock.schema.ts), this is what keeps two changes from interleaving their halves.
 */
@Injectable()
export class ReleaseLocks {
  private readonly logger = new Logger('ReleaseLocks');

  constructor(@InjectModel(RELEASE_LOCK_MODEL) private readonly locks: Model<ReleaseLockDoc>) {}

  async withLock<T>(remote: ReleaseRemote, work: () => Promise<T>): Promise<T> {
    const owner = randomUUID();
    const giveUpAt = Date.now() + LOCK_WAIT_MS;
    for (;;) {
      try {
        await this.locks.create({ remote, owner, at: new Date() });
        break;
      } catch (error) {
        if (!isDuplicateKey(error)) throw error;
      }
      // Only a stale lock is removed, by its own id: a fresh one taken meanwhile is never touched.
      const stale = await this.locks.findOne({ remote, at: { $lt: new Date(Date.now() - LOCK_STALE_MS) } }).lean<ReleaseLockDoc>().exec();
      if (stale) {
        this.logger.warn(`taking over the release lock of ${remote}, held since ${stale.at.toISOString()}`);
        await this.locks.deleteOne({ _id: stale._id }).exec();
        continue;
      }
      if (Date.now() >= giveUpAt) throw new ConflictException(`Another change of ${remote} is in progress: try again`);
      await pause(20 + Math.random() * 30);
    }
    try {
      return await work();
    } finally {
      await this.locks.deleteOne({ remote, owner }).exec().catch((error: unknown) => {
        this.logger.warn(`the release lock of ${remote} could not be released (taken over after ${LOCK_STALE_MS} ms): ${error instanceof Error ? error.message : String(error)}`);
      });
    }
  }
}
