// The contact form's messages (issue #32): sent by anyone from the contact page, read by the team in
// the moderators' inbox, answered from it by mail (issue 45). The validation rules are in
// `@antiquarium/contracts/validation` (contact-validation.ts).

/** Length limits, counted once trimmed, in UTF-16 units (as every other limit of the site); `reply`: a moderator's answer. */
export const CONTACT_LIMITS = { name: 100, email: 254, message: 5000, reply: 5000 } as const;

/** The body of `POST /contact`. */
export interface ContactMessageInput {
  name: string;
  email: string;
  message: string;
}

export type ContactStatus = 'open' | 'handled';

/** The body of `POST /moderation/contact/:id/replies`: a moderator's answer, mailed to the sender. */
export interface ContactReplyInput {
  text: string;
}

/** A moderator's answer, kept with the message it answers (oldest first) and mailed to its sender. */
export interface ContactReply {
  text: string;
  /** When it was written (its mail leaves through the outbox: at once, or once the mail server answers). */
  at: string;
  /** The uid of the moderator who wrote it (left out of the sender's export). */
  by: string;
}

/** A message as the moderators' inbox shows it (`GET /moderation/contact`). */
export interface ContactMessage {
  id: string;
  name: string;
  email: string;
  message: string;
  receivedAt: string;
  status: ContactStatus;
  /** When a moderator marked it handled. */
  handledAt?: string;
  /** The uid of the moderator who marked it handled (as `moderatorUid` and `actorUid` elsewhere). */
  handledBy?: string;
  /** The moderators' answers, oldest first (absent: none yet). */
  replies?: ContactReply[];
}

/** The answer of `POST /contact`: sent only once the message is stored. */
export interface ContactReceipt {
  id: string;
  receivedAt: string;
}
