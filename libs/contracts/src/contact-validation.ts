import { z } from 'zod';
import { CONTACT_LIMITS, type ContactMessageInput } from './contact';
import { isEmailAddress } from './email-address';
import { toObjectResult, type ObjectValidationResult } from './object-validation';
import { boundedText } from './text-schema';

// Validation of the contact form's message (the shell's contact page and `POST /contact`). Texts
// follow the one rule of text-schema.ts: trimmed, bounded, hostile input refused, never stored.
// The messages are the ones the contact page shows at its fields. The address is one plain address
// (email-address.ts): the moderators' inbox makes a mailto: link of it.

export type ContactValidationResult = ObjectValidationResult<ContactMessageInput>;

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
