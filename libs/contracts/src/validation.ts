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
import { PHOTO_LIMITS } from './photos';
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

/** A text that may be empty, else bounded and checked as the others (a credit line, a photo's alt text or caption). */
function boundedText(label: string, max: number) {
  return z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, { error: `${label} must be at most ${max} characters` })
    .refine((value) => !CONTROL_CHARS.test(value), { error: `${label} contains invalid characters` })
    .superRefine((value, ctx) => {
      const problem = value ? textProblem(value) : undefined;
      if (problem) ctx.addIssue({ code: 'custom', message: textProblemMessage(label, problem) });
    });
}

/** An optional text: may be empty (no credit line), else bounded and checked as the others. */
function optionalText(field: EditableField) {
  return boundedText(EDITABLE_LABELS[field], FIELD_LIMITS[field as keyof typeof FIELD_LIMITS]).optional();
}

/** An upload's or a kept photo's id: the api's own (hex), never a path. */
const photoRef = z.string().regex(/^[a-zA-Z0-9_-]{8,64}$/, { error: 'Photo must name an upload or a photo of this artifact' });

const imageInputSchema = z
  .object({
    upload: photoRef.optional(),
    id: photoRef.optional(),
    alt: boundedText('Alt text', PHOTO_LIMITS.altLength).pipe(z.string().min(1, { error: 'Every photo needs an alt text' })),
    caption: boundedText('Caption', PHOTO_LIMITS.captionLength).optional(),
  })
  .strict()
  .refine((value) => (value.upload === undefined) !== (value.id === undefined), { error: 'Each photo names either an upload or a photo of this artifact' })
  .transform((value) => {
    const caption = value.caption ? { caption: value.caption } : {};
    return value.upload !== undefined ? { upload: value.upload, alt: value.alt, ...caption } : { id: value.id as string, alt: value.alt, ...caption };
  });

const imagesSchema = z
  .array(imageInputSchema, { error: 'Images must be a list of photos' })
  .min(PHOTO_LIMITS.minPhotos, { error: `Add at least ${PHOTO_LIMITS.minPhotos} photo` })
  .max(PHOTO_LIMITS.maxPhotos, { error: `An artifact has at most ${PHOTO_LIMITS.maxPhotos} photos` })
  .refine((list) => new Set(list.map((item) => ('upload' in item ? `u:${item.upload}` : `p:${item.id}`))).size === list.length, {
    error: 'The same photo is named twice',
  });

const imageUrlSchema = requiredText('image')
  .refine(isHttpUrl, { error: 'Image must be a valid URL' })
  // Stored as parsed (see parseHttpUrl), never as typed.
  .transform((value) => parseHttpUrl(value) ?? value);

const artifactFieldsSchema = z.object({
  name: requiredText('name'),
  image: imageUrlSchema.optional(),
  images: imagesSchema.optional(),
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

/** A picture comes one way: photos, or the address of one (fetched and kept by the api). */
const onePictureSource = (value: { image?: string; images?: unknown[] }) => !(value.image !== undefined && value.images !== undefined);
const ONE_SOURCE = { error: 'Send photos or an image URL, not both', path: ['images'] };

export const artifactInputSchema = artifactFieldsSchema
  .refine(onePictureSource, ONE_SOURCE)
  .refine((value) => value.image !== undefined || value.images !== undefined, { error: 'Image URL is required', path: ['image'] });

/** Partial input of an update: only the fields sent are checked, at least one is needed. */
export const artifactUpdateSchema = artifactFieldsSchema
  .partial()
  .refine(onePictureSource, ONE_SOURCE)
  .refine((value) => Object.values(value).some((v) => v !== undefined), {
    error: 'Send at least one field to update',
  });

function toResult<T>(parsed: z.ZodSafeParseResult<T>): ValidationResult<T> {
  if (parsed.success) return { ok: true, value: parsed.data };
  const fields: FieldErrors = {};
  let message = 'Invalid input';
  for (const issue of parsed.error.issues) {
    const key = issue.path[0];
    if (typeof key === 'string' && (key === 'images' || (EDITABLE_FIELDS as readonly string[]).includes(key))) {
      const photo = key === 'images' && typeof issue.path[1] === 'number' ? `Photo ${issue.path[1] + 1}: ` : '';
      fields[key as EditableField | 'images'] ??= `${photo}${issue.message}`;
    } else {
      message = issue.message;
    }
  }
  const first = Object.values(fields)[0];
  return { ok: false, fields, message: first ?? message };
}

export function validateArtifactInput(input: unknown): ValidationResult<ArtifactInput> {
  const result = toResult(artifactInputSchema.safeParse(input));
  // The object's own rules run only once its fields pass: a body missing everything names the picture too.
  const fields = typeof input === 'object' && input !== null ? (input as Record<string, unknown>) : {};
  if (!result.ok && fields['image'] === undefined && fields['images'] === undefined) result.fields.image ??= 'Image URL is required';
  return result;
}

export function validateArtifactUpdate(input: unknown): ValidationResult<Partial<ArtifactInput>> {
  return toResult(artifactUpdateSchema.safeParse(input));
}

export * from './moderation-validation';
export * from './collections-validation';
export * from './contact-validation';
export * from './mail-validation';
