// The contact form's messages (issue #32): sent by anyone from the contact page, read by the team in
// the moderators' inbox. The validation rule is in `@antiquarium/contracts/validation`
// (contact-validation.ts).

/** Length limits, counted once trimmed, in UTF-16 units (as every other limit of the site). */
export const CONTACT_LIMITS = { name: 100, email: 254, message: 5000 } as const;

/** The body of `POST /contact`. */
export interface ContactMessageInput {
  name: string;
  email: string;
  message: string;
}

export type ContactStatus = 'open' | 'handled';

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
}

/** The answer of `POST /contact`: sent only once the message is stored. */
export interface ContactReceipt {
  id: string;
  receivedAt: string;
}
