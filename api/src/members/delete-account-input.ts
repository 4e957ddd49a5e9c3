import { z } from 'zod';
import { CONTRIBUTIONS_CHOICES } from '@antiquarium/contracts';

/** The body of DELETE /me (the email is compared with the account's, 400 when it differs). */
export const deleteAccountInputSchema = z
  .object({
    contributions: z.enum(CONTRIBUTIONS_CHOICES, { error: 'contributions must be "delete" or "anonymize"' }),
    confirmEmail: z.string({ error: 'confirmEmail: Type the email address of your account to confirm' }).min(1, 'Type the email address of your account to confirm').max(320, 'Too long to be an email address'),
  })
  .strict();
