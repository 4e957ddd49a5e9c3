import { z } from 'zod';
import { CONTACT_LIMITS, type ContactMessageInput, type ContactReplyInput } from './contact';
import { isEmailAddress } from './email-address';
import { toObjectResult, type ObjectValidationResult } from './object-validation';
import { boundedText } from './text-schema';

// Validation of the contact form's message (the shell's contact page and `POST /contact`) and of a
// moderator's reply to it (the inbox's reply form and its route). Texts
// follow the one rule of text-schema.ts: trimmed, bounded, hostile input refused, never stored.
// The messages are the ones the contact page shows at its fields. The address is one plain address
// (email-address.ts): the moderators' inbox makes a mailto: link of it.

export type ContactValidationResult = ObjectValidationResult<ContactMessageInput>;

/** The one rule of an address, for the api's mail too (the recipients and sender it writes). */
export { isEmailAddress };

export const contactMessageSchema = z
  .object({
    name: boundedText('Name', CONTACT_LIMITS.name, true),
    email: boundedText('Email', CONTACT_LIMITS.email, true).refine((value) => value === '' || isEmailAddress(value), { error: 'Enter a valid email address' }),
    message: boundedText('Message', CONTACT_LIMITS.message, true),
  })
  .strict();

/** A contact message, trimmed; a failure names each field (and each unknown one) with its message. */
export function validateContactMessage(input: unknown): ContactValidationResult {
  return toObjectResult(input, contactMessageSchema.safeParse(input));
}

export const contactReplySchema = z.object({ text: boundedText('Reply', CONTACT_LIMITS.reply, true) }).strict();

/** A moderator's answer to a contact message (the inbox's reply form and its route), trimmed. */
export function validateContactReply(input: unknown): ObjectValidationResult<ContactReplyInput> {
  return toObjectResult(input, contactReplySchema.safeParse(input));
}
