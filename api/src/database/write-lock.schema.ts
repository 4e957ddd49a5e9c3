import { Schema } from 'mongoose';

export const WRITE_LOCK_MODEL = 'WriteLock';

/**
 * One document per key held (WriteLocks): its `_id` is the key, so taking the lock is an insert that
 * the unique `_id` lets through once, on MongoDB and FerretDB alike, and every other operation on it
 * is a lookup by `_id`. `token` tells the holder's release from another's; `expiresAt` lets a waiter
 * take over the lock of a holder that died.
 */
export const writeLockSchema = new Schema(
  {
    _id: { type: String, required: true },
    token: { type: String, required: true },
    expiresAt: { type: Date, required: true },
  },
  { collection: 'write_locks', versionKey: false, strict: 'throw' },
);

export interface WriteLockDoc {
  _id: string;
  token: string;
  expiresAt: Date;
}
