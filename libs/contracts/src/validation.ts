import { z } from 'zod';
import {
  ARTIFACT_TYPES,
  EDITABLE_FIELDS,
  EDITABLE_LABELS,
  FIELD_LABELS,
  FIELD_LIMITS,
  isHttpUrl,
  parseHttpUrl,
  type ArtifactField,
  type ArtifactInput,
  type EditableField,
  type FieldErrors,
  type ValidationResult,
} from './artifact';
import { RIGHTS_URIS } from './rights';
import { textProblem, textProblemMessage } from './text';

// The validation rules, in their own entry (`@antiquarium/contracts/validation`): they need zod
// (about 22 KB gzipped), which only the forms and the api use; the catalog's pages import the
// constants and types of `@antiquarium/contracts` without it.

// NUL cannot be stored by every MongoDB-protocol server (FerretDB refuses it) and is never
// meaningful in these texts, so it is rejected at the boundary with the other control characters.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

function requiredText(field: ArtifactField) {
  const label = FIELD_LABELS[field];
  const max = FIELD_LIMITS[field as keyof typeof FIELD_LIMITS];
  return z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, { error: `${label} is required` })
    .max(max, { error: `${label} must be at most ${max} characters` })
    .refine((value) => !CONTROL_CHARS.test(value), { error: `${label} contains invalid characters` })
    .superRefine((value, ctx) => {
      const problem = textProblem(value);
      if (problem) ctx.addIssue({ code: 'custom', message: textProblemMessage(label, problem) });
    });
}

/** An optional text: may be empty (no credit line), else bounded and checked as the others. */
function optionalText(field: EditableField) {
  const label = EDITABLE_LABELS[field];
  const max = FIELD_LIMITS[field as keyof typeof FIELD_LIMITS];
  return z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, { error: `${label} must be at most ${max} characters` })
    .refine((value) => !CONTROL_CHARS.test(value), { error: `${label} contains invalid characters` })
    .superRefine((value, ctx) => {
      const problem = value ? textProblem(value) : undefined;
      if (problem) ctx.addIssue({ code: 'custom', message: textProblemMessage(label, problem) });
    })
    .optional();
}

export const artifactInputSchema = z.object({
  name: requiredText('name'),
  // Stored as parsed (see parseHttpUrl), never as typed.
  image: requiredText('image')
    .refine(isHttpUrl, { error: 'Image must be a valid URL' })
    .transform((value) => parseHttpUrl(value) ?? value),
  type: z.enum(ARTIFACT_TYPES, {
    error: `Type must be one of ${ARTIFACT_TYPES.join(', ')}`,
  }),
  context: requiredText('context'),
  shortDescription: requiredText('shortDescription'),
  createdAt: requiredText('createdAt'),
  discoveredAt: requiredText('discoveredAt'),
  discoveredBy: requiredText('discoveredBy'),
  location: requiredText('location'),
  // Left out: the default statement on a create (rights.ts), unchanged on an update.
  rights: z.enum(RIGHTS_URIS, { error: 'Rights must be the URI of one of the listed rights statements' }).optional(),
  credit: optionalText('credit'),
});

/** Partial input of an update: only the fields sent are checked, at least one is needed. */
export const artifactUpdateSchema = artifactInputSchema
  .partial()
  .refine((value) => Object.values(value).some((v) => v !== undefined), {
    error: 'Send at least one field to update',
  });

function toResult<T>(parsed: z.ZodSafeParseResult<T>): ValidationResult<T> {
  if (parsed.success) return { ok: true, value: parsed.data };
  const fields: FieldErrors = {};
  let message = 'Invalid input';
  for (const issue of parsed.error.issues) {
    const key = issue.path[0];
    if (typeof key === 'string' && (EDITABLE_FIELDS as readonly string[]).includes(key)) {
      fields[key as EditableField] ??= issue.message;
    } else {
      message = issue.message;
    }
  }
  const first = Object.values(fields)[0];
  return { ok: false, fields, message: first ?? message };
}

export function validateArtifactInput(input: unknown): ValidationResult<ArtifactInput> {
  return toResult(artifactInputSchema.safeParse(input));
}

export function validateArtifactUpdate(input: unknown): ValidationResult<Partial<ArtifactInput>> {
  return toResult(artifactUpdateSchema.safeParse(input));
}

export * from './moderation-validation';
export * from './collections-validation';
export * from './contact-validation';
