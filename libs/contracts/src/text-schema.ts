import { z } from 'zod';
import { textProblem, textProblemMessage } from './text';

// The one rule of a member's free text in the validation entry (notices, decisions, appeals,
// collections): trimmed, bounded, and refused with control characters, invisible or
// direction-changing characters, or malformed Unicode (text.ts): hostile input is refused, never stored.

// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const CONTROL_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/** A text field by its label: at most `max` characters once trimmed; `required` refuses ''. */
export function boundedText(label: string, max: number, required: boolean) {
  const base = z
    .string({ error: (issue) => (required && issue.input === undefined ? `${label} is required` : `${label} must be text`) })
    .trim()
    .max(max, { error: `${label} must be at most ${max} characters` })
    .refine((value) => !CONTROL_CHARS.test(value), { error: `${label} contains invalid characters` })
    .superRefine((value, ctx) => {
      const problem = value.length > 0 ? textProblem(value) : null;
      if (problem) ctx.addIssue({ code: 'custom', message: textProblemMessage(label, problem) });
    });
  return required ? base.refine((value) => value.length > 0, { error: `${label} is required` }) : base;
}
