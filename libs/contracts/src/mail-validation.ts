import { z } from 'zod';
import type { MailPreferences } from './mail';
import { toObjectResult, type ObjectValidationResult } from './object-validation';

// Validation of `PUT /me/mail-preferences` (the account's Mail section and its route): one boolean,
// nothing else (a string "false" or an unknown field is refused, never guessed at).

export const mailPreferencesSchema = z.object({ optionalMail: z.boolean({ error: 'optionalMail must be true or false' }) }).strict();

export function validateMailPreferences(input: unknown): ObjectValidationResult<MailPreferences> {
  return toObjectResult(input, mailPreferencesSchema.safeParse(input));
}
