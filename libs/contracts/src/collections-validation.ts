import { z } from 'zod';
import {
  COLLECTION_LABELS as LABELS,
  COLLECTION_LIMITS,
  COLLECTION_VISIBILITIES,
  MAX_COLLECTION_ITEMS,
  type CollectionInput,
  type CollectionItemInput,
  type CollectionUpdate,
} from './collections';
import { OBJECT_ID } from './object-id';
import { boundedText } from './text-schema';

// Validation of collections (the account's forms and the api, docs/decisions/0014-collections.md).
// A failure names its field: `title`, `visibility`, ... and for the items `items[3].artifactId`.

export type CollectionValidationResult<T> = { ok: true; value: T } | { ok: false; fields: Record<string, string>; message: string };

const visibility = z.enum(COLLECTION_VISIBILITIES, { error: `${LABELS.visibility} must be one of ${COLLECTION_VISIBILITIES.join(', ')}` });

export const collectionInputSchema = z
  .object({
    title: boundedText(LABELS.title, COLLECTION_LIMITS.title, true),
    description: boundedText(LABELS.description, COLLECTION_LIMITS.description, false).optional(),
    visibility,
  })
  .strict();

export const collectionUpdateSchema = collectionInputSchema
  .partial()
  .strict()
  .refine((value) => Object.values(value).some((v) => v !== undefined), { error: 'Send at least one field to update' });

const itemSchema = z
  .object(
    {
      artifactId: z.string({ error: `${LABELS.artifactId} is required` }).regex(OBJECT_ID, { error: `${LABELS.artifactId} is not a valid id` }),
      note: boundedText(LABELS.note, COLLECTION_LIMITS.note, false).optional(),
    },
    { error: 'Each item must be an object with artifactId and note' },
  )
  .strict();

export const collectionItemsSchema = z
  .array(itemSchema, { error: 'Send a list of items' })
  .max(MAX_COLLECTION_ITEMS, { error: `A collection holds at most ${MAX_COLLECTION_ITEMS} artifacts` })
  .superRefine((items, ctx) => {
    const seen = new Set<string>();
    items.forEach((item, index) => {
      if (seen.has(item.artifactId)) ctx.addIssue({ code: 'custom', path: [index, 'artifactId'], message: 'This artifact is already in the list' });
      seen.add(item.artifactId);
    });
  });

/** `items[3].artifactId` for a path [3, 'artifactId'], `items` for the list itself. */
function itemsFieldName(path: readonly PropertyKey[]): string {
  return path.reduce<string>((name, key) => (typeof key === 'number' ? `${name}[${key}]` : `${name}.${String(key)}`), 'items');
}

function toResult<T>(parsed: z.ZodSafeParseResult<T>, fieldName: (path: readonly PropertyKey[]) => string | null): CollectionValidationResult<T> {
  if (parsed.success) return { ok: true, value: parsed.data };
  const fields: Record<string, string> = {};
  let message = 'Invalid input';
  for (const issue of parsed.error.issues) {
    const keys = issue.code === 'unrecognized_keys' ? issue.keys.map((key) => [...issue.path, key]) : [issue.path];
    for (const path of keys) {
      const name = fieldName(path);
      const text = issue.code === 'unrecognized_keys' ? 'Unknown field' : issue.message;
      if (name) fields[name] ??= text;
      else message = text;
    }
  }
  const [name, first] = Object.entries(fields)[0] ?? [];
  return { ok: false, fields, message: first && name ? `${name}: ${first}` : message };
}

const topField = (path: readonly PropertyKey[]) => (typeof path[0] === 'string' ? path[0] : null);

function notAnObject(input: unknown): boolean {
  return typeof input !== 'object' || input === null || Array.isArray(input);
}

export function validateCollectionInput(input: unknown): CollectionValidationResult<CollectionInput> {
  if (notAnObject(input)) return { ok: false, fields: {}, message: 'Send a JSON object' };
  return toResult(collectionInputSchema.safeParse(input), topField);
}

export function validateCollectionUpdate(input: unknown): CollectionValidationResult<CollectionUpdate> {
  if (notAnObject(input)) return { ok: false, fields: {}, message: 'Send a JSON object' };
  return toResult(collectionUpdateSchema.safeParse(input), topField);
}

/** The body of `PUT /collections/:id/items`: notes come back trimmed, '' when left out. */
export function validateCollectionItems(input: unknown): CollectionValidationResult<Required<CollectionItemInput>[]> {
  const result = toResult(collectionItemsSchema.safeParse(input), itemsFieldName);
  if (!result.ok) return result;
  return { ok: true, value: result.value.map((item) => ({ artifactId: item.artifactId, note: item.note ?? '' })) };
}
