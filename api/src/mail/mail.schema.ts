import { Schema, type Types } from 'mongoose';

// The mail outbox's collections (issue 45, docs/decisions/0020-mail-outbox.md). FerretDB 1.24 applies
// neither conditional updates nor `$inc` atomically but does enforce unique indexes, so an attempt
// to send is claimed by an insert under a unique `_id` (mail_attempts), and every other write is a
// plain `$set` by `_id` made by the claim's holder alone.

export const MAIL_OUTBOX_MODEL = 'MailOutbox';
export const MAIL_ATTEMPT_MODEL = 'MailAttempt';
export const MAIL_PREFERENCE_MODEL = 'MailPreference';

/** pending: to be sent (again) from nextAttemptAt; sent; failed: given up (kept for operators); suppressed: optional mail to an address that opted out. */
export const MAIL_STATUSES = ['pending', 'sent', 'failed', 'suppressed'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

/** One mail, rendered when it was written (the request that made the decision), sent by the worker. */
export const mailOutboxSchema = new Schema(
  {
    to: { type: String, required: true },
    /** The member it is for, when known (their export and erasure, mail-member-data.ts). */
    recipientUid: { type: String },
    subject: { type: String, required: true },
    text: { type: String, required: true },
    html: { type: String, required: true },
    /** Extra headers (List-Unsubscribe and List-Unsubscribe-Post on optional mail). */
    headers: { type: Schema.Types.Mixed, required: true },
    kind: { type: String, required: true },
    mandatory: { type: Boolean, required: true },
    status: { type: String, required: true, enum: MAIL_STATUSES },
    /** Attempts started: the worker claims attempt `attempts` (0-based) and sets it to one more. */
    attempts: { type: Number, required: true },
    /** When the worker may take it next: after a failure, the retry's time; while an attempt runs, its lease's end. */
    nextAttemptAt: { type: Date, required: true },
    sentAt: { type: Date },
    /** The last failure, as the mail server or the connection said it (no credentials). */
    lastError: { type: String },
    /** When it ended sent, failed or suppressed (the clean-up counts from it). */
    doneAt: { type: Date },
    createdAt: { type: Date, required: true },
  },
  { collection: 'mail_outbox', versionKey: false, strict: 'throw', minimize: false },
);
// The worker's read: the due mails, oldest due first.
mailOutboxSchema.index({ status: 1, nextAttemptAt: 1 });
// The clean-up of mails sent or suppressed long ago.
mailOutboxSchema.index({ status: 1, doneAt: 1 });
// A member's mails (their export and erasure).
mailOutboxSchema.index({ recipientUid: 1, createdAt: -1 });

export interface MailOutboxDoc {
  _id: Types.ObjectId;
  to: string;
  recipientUid?: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
  kind: string;
  mandatory: boolean;
  status: MailStatus;
  attempts: number;
  nextAttemptAt: Date;
  sentAt?: Date;
  lastError?: string;
  doneAt?: Date;
  createdAt: Date;
}

/**
 * One attempt to send one mail, claimed: `_id` is `<mail id>:<attempt>`, so of two workers that read
 * the same due mail only the first insert succeeds, on every instance alike.
 */
export const mailAttemptSchema = new Schema(
  {
    _id: { type: String, required: true },
    at: { type: Date, required: true },
  },
  { collection: 'mail_attempts', versionKey: false, strict: 'throw' },
);
// The clean-up of old claims.
mailAttemptSchema.index({ at: 1 });

export interface MailAttemptDoc {
  _id: string;
  at: Date;
}

/** A recipient's choice, by address (lower case): optional mail is not sent to an address that opted out. */
export const mailPreferenceSchema = new Schema(
  {
    _id: { type: String, required: true },
    optedOut: { type: Boolean, required: true },
    at: { type: Date, required: true },
  },
  { collection: 'mail_preferences', versionKey: false, strict: 'throw' },
);

export interface MailPreferenceDoc {
  _id: string;
  optedOut: boolean;
  at: Date;
}
