import { Schema, type Types } from 'mongoose';
import { RELEASE_REMOTES } from '@antiquarium/contracts';

export const RELEASE_LOCK_MODEL = 'ReleaseLock';

/**
 * Who is changing a remote's registry entry right now: at most one document per remote, so the
 * unique index makes taking the lock one atomic insert (release-lock.ts). FerretDB 1.24 applies
 * conditional updates as read-modify-write (a compare-and-set lets several writers "win"), but
 * refuses a duplicate key reliably, as the likes rely on (docs/decisions/0002).
 */
export const releaseLockSchema = new Schema(
  {
    remote: { type: String, required: true, enum: RELEASE_REMOTES },
    owner: { type: String, required: true },
    at: { type: Date, required: true },
  },
  { collection: 'release_locks', versionKey: false, strict: 'throw' },
);

releaseLockSchema.index({ remote: 1 }, { unique: true });

export interface ReleaseLockDoc {
  _id: Types.ObjectId;
  remote: string;
  owner: string;
  at: Date;
}
