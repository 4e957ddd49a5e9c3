import { Schema, type InferSchemaType, type Types } from 'mongoose';
import type { ContactStatus } from '@antiquarium/contracts';

export const CONTACT_MESSAGE_MODEL = 'ContactMessage';

const CONTACT_STATUSES: readonly ContactStatus[] = ['open', 'handled'];

/**
 * A message sent from the contact page (issue #32), stored as validated (contracts'
 * validateContactMessage): trimmed, bounded, clean. Every write is one insert, one plain `$set` by
 * `_id` (marking it handled: idempotent, so FerretDB 1.24, which applies neither a conditional
 * update nor `$inc` atomically, stores it as MongoDB does) or one delete.
 */
export const contactMessageSchema = new Schema(
  {
    name: { type: String, required: true },
    email: { type: String, required: true },
    message: { type: String, required: true },
    /** The sender's uid when they were signed in: their export holds the message, their deletion removes it. */
    senderUid: { type: String },
    receivedAt: { type: Date, required: true },
    status: { type: String, required: true, enum: CONTACT_STATUSES },
    handledAt: { type: Date },
    /** The uid of the moderator who marked it handled. */
    handledBy: { type: String },
  },
  { collection: 'contactmessages', versionKey: false, strict: 'throw' },
);
// The inbox: one status, newest first.
contactMessageSchema.index({ status: 1, receivedAt: -1, _id: -1 });
// A member's own messages (their export and deletion).
contactMessageSchema.index({ senderUid: 1, receivedAt: -1 });

export type ContactMessageDoc = InferSchemaType<typeof contactMessageSchema> & { _id: Types.ObjectId };
