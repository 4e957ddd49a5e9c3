import { Schema, type Types } from 'mongoose';

export const CONTACT_REPLY_MODEL = 'ContactReply';

/**
 * A moderator's answer to a contact message (issue 45), mailed to its sender through the outbox. A
 * collection of its own rather than an array in the message: each reply is one insert, which
 * FerretDB 1.24 never loses (two `$push`es to one message at once could be, as its updates are
 * not atomic); the inbox reads a page's replies with one query.
 */
export const contactReplySchema = new Schema(
  {
    messageId: { type: Schema.Types.ObjectId, required: true },
    text: { type: String, required: true },
    at: { type: Date, required: true },
    /** The uid of the moderator who wrote it. */
    by: { type: String, required: true },
  },
  { collection: 'contact_replies', versionKey: false, strict: 'throw' },
);
// A page's replies, oldest first per message; a sender's messages' replies when their account goes.
contactReplySchema.index({ messageId: 1, at: 1 });

export interface ContactReplyDoc {
  _id: Types.ObjectId;
  messageId: Types.ObjectId;
  text: string;
  at: Date;
  by: string;
}
