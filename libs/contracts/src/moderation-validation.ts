import { z } from 'zod';
import {
  APPEAL_OUTCOMES,
  DECISION_ACTIONS,
  REASONS_NEEDING_DETAILS,
  REPORT_LIMITS,
  REPORT_REASONS,
  TERMS_RULE_IDS,
  type AppealDecisionInput,
  type AppealInput,
  type DecisionInput,
  type ReportInput,
} from './moderation';
import { isEmailAddress } from './email-address';
import { OBJECT_ID } from './object-id';
import { toObjectResult, type ObjectValidationResult } from './object-validation';
import { boundedText } from './text-schema';

// Validation of notices, decisions and appeals (the report form, the moderators' screens and the api).
// Texts follow the one rule of text-schema.ts: hostile input is refused, never stored.

export type ModerationValidationResult<T> = ObjectValidationResult<T>;

const text = boundedText;

const objectId = (label: string) => z.string({ error: `${label} is required` }).regex(OBJECT_ID, { error: `${label} is not a valid id` });

export const reportInputSchema = z
  .object({
    artifactId: objectId('Artifact'),
    // One photo of the artifact, when the notice is about that picture (issue 42).
    photoId: z.string({ error: 'Photo must be text' }).regex(/^[a-zA-Z0-9_-]{8,64}$/, { error: 'Photo is not a valid id' }).optional(),
    reason: z.enum(REPORT_REASONS, { error: `Reason must be one of ${REPORT_REASONS.join(', ')}` }),
    details: text('Details', REPORT_LIMITS.details, false).optional(),
    email: z
      .string({ error: 'Email must be text' })
      .trim()
      .max(REPORT_LIMITS.email, { error: `Email must be at most ${REPORT_LIMITS.email} characters` })
      // One plain address, by the contact form's rule (email-address.ts).
      .refine((value) => value === '' || isEmailAddress(value), { error: 'Email must be a valid email address' })
      .optional(),
    goodFaith: z.literal(true, { error: 'Confirm that you send this notice in good faith' }),
  })
  .strict()
  .superRefine((value, ctx) => {
    if (REASONS_NEEDING_DETAILS.includes(value.reason) && !value.details) {
      ctx.addIssue({ code: 'custom', path: ['details'], message: 'Details are required for this reason: explain what is wrong' });
    }
  });

const groundSchema = z.string({ error: 'Ground is required' }).refine((value) => (REPORT_REASONS as readonly string[]).includes(value) || TERMS_RULE_IDS.includes(value), {
  error: `Ground must be a reason (${REPORT_REASONS.join(', ')}) or a rule of the terms (${TERMS_RULE_IDS.join(', ')})`,
});

export const decisionInputSchema = z
  .object({
    artifactId: objectId('Artifact'),
    action: z.enum(DECISION_ACTIONS, { error: `Action must be one of ${DECISION_ACTIONS.join(', ')}` }),
    ground: groundSchema,
    facts: text('Facts', REPORT_LIMITS.facts, true),
    reportIds: z.array(objectId('Report'), { error: 'Report ids must be a list' }).max(200, { error: 'At most 200 reports per decision' }),
    unfounded: z.boolean({ error: 'Unfounded must be true or false' }).optional(),
  })
  .strict();

export const appealInputSchema = z
  .object({
    decisionId: objectId('Decision'),
    text: text('Text', REPORT_LIMITS.appealText, true),
  })
  .strict();

export const appealMessageSchema = z.object({ text: text('Text', REPORT_LIMITS.message, true) }).strict();

export const appealDecisionSchema = z
  .object({
    outcome: z.enum(APPEAL_OUTCOMES, { error: `Outcome must be one of ${APPEAL_OUTCOMES.join(', ')}` }),
    reasons: text('Reasons', REPORT_LIMITS.reasons, true),
  })
  .strict();

export function validateReportInput(input: unknown): ModerationValidationResult<ReportInput> {
  return toObjectResult(input, reportInputSchema.safeParse(input)) as ModerationValidationResult<ReportInput>;
}

export function validateDecisionInput(input: unknown): ModerationValidationResult<DecisionInput> {
  return toObjectResult(input, decisionInputSchema.safeParse(input)) as ModerationValidationResult<DecisionInput>;
}

export function validateAppealInput(input: unknown): ModerationValidationResult<AppealInput> {
  return toObjectResult(input, appealInputSchema.safeParse(input));
}

export function validateAppealMessage(input: unknown): ModerationValidationResult<{ text: string }> {
  return toObjectResult(input, appealMessageSchema.safeParse(input));
}

export function validateAppealDecision(input: unknown): ModerationValidationResult<AppealDecisionInput> {
  return toObjectResult(input, appealDecisionSchema.safeParse(input));
}
