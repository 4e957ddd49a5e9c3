import { ConflictException, Injectable } from '@nestjs/common';
import type { ReleaseRemote } from '@antiquarium/contracts';
import { lockKeys, WriteLocks } from '../database/write-locks';

/** How long a change waits for another change of the same remote before it answers 409. */
export const LOCK_WAIT_MS = 10_000;
/**
 * A lock older than this is taken to belong to an instance that died inside a change, and is
 * taken over. A change holds it for a few database operations (each bounded by
 * DB_OPERATION_TIMEOUT_MS): far less than this.
 */
export const LOCK_STALE_MS = 30_000;

/**
 * One registry change per remote at a time, across every api instance: publish's and prune's
 * dating of the route, promotes, rollbacks and the canary watch's rollback all read, decide and
 * write under it. Without transactions, and on a database whose conditional updates are not
 * atomic, this is what keeps two changes from interleaving their halves (database/write-locks.ts).
 */
@Injectable()
export class ReleaseLocks {
  constructor(private readonly locks: WriteLocks) {}

  withLock<T>(remote: ReleaseRemote, work: () => Promise<T>): Promise<T> {
    return this.locks.holding(lockKeys.release(remote), work, {
      holdMs: LOCK_STALE_MS,
      waitMs: LOCK_WAIT_MS,
      busy: () => new ConflictException(`Another change of ${remote} is in progress: try again`),
    });
  }
}
