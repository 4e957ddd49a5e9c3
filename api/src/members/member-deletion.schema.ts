import { Schema, type InferSchemaType } from 'mongoose';

export const MEMBER_DELETION_MODEL = 'MemberDeletion';

/**
 * A deletion of a member's account, recorded before anything is erased so that a deletion cut off
 * half-way is completed by a retry or at start-up (members.service.ts). Keyed by the member's uid
 * and removed once the deletion is complete: it outlives the member only while their data does.
 */
export const memberDeletionSchema = new Schema(
  {
    _id: { type: String, required: true },
    contributions: { type: String, required: true, enum: ['delete', 'anonymize'] },
    requestedAt: { type: Date, required: true },
    attempts: { type: Number, default: 0 },
  },
  { collection: 'member_deletions', versionKey: false, strict: 'throw' },
);

export type MemberDeletionDoc = InferSchemaType<typeof memberDeletionSchema>;
