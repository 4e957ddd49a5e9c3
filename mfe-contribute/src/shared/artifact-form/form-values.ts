import { DEFAULT_RIGHTS, EDITABLE_FIELDS, type Artifact, type ArtifactImage, type EditableField, type FieldErrors } from '@antiquarium/contracts';
import { validateArtifactUpdate } from '@antiquarium/contracts/validation';

/** What the form holds: every editable field as the text in its control (rights: a statement's URI). */
export type FormValues = Record<EditableField, string>;

export const EMPTY_VALUES: FormValues = {
  name: '',
  image: '',
  type: '',
  context: '',
  shortDescription: '',
  createdAt: '',
  discoveredAt: '',
  discoveredBy: '',
  location: '',
  // Copyright Not Evaluated until the member chooses (contracts rights.ts).
  rights: DEFAULT_RIGHTS,
  credit: '',
};

/**
 * The form's starting values for an existing artifact (a missing field starts empty). An artifact
 * with photos starts with an empty address: its `image` is then only its cover's URL, which the
 * photos themselves stand for.
 */
export function valuesOf(artifact: Artifact): FormValues {
  const values = { ...EMPTY_VALUES };
  for (const field of EDITABLE_FIELDS) {
    const value: unknown = artifact[field];
    values[field] = typeof value === 'string' ? value : EMPTY_VALUES[field];
  }
  if (savedImages(artifact).length > 0) values.image = '';
  return values;
}

/** The artifact's photos ([] for a record that has only an address, or an answer from before photos). */
export function savedImages(artifact: Artifact): ArtifactImage[] {
  return Array.isArray(artifact.images) ? artifact.images : [];
}

/**
 * One field's message from the shared validation (the api runs the same schema), or undefined.
 * The update schema checks only the fields it is given, so it judges one field on its own.
 */
export function fieldError(field: EditableField, value: string): string | undefined {
  const result = validateArtifactUpdate({ [field]: value });
  return result.ok ? undefined : result.fields[field];
}

/**
 * The fields whose value differs from the saved one, compared as the api stores them (trimmed):
 * a trailing space is not a change, so Save never sends an update that modifies nothing.
 */
export function changedFields(values: FormValues, saved: FormValues): Partial<FormValues> {
  const changes: Partial<FormValues> = {};
  for (const field of EDITABLE_FIELDS) {
    if (values[field].trim() !== saved[field].trim()) changes[field] = values[field];
  }
  return changes;
}

/**
 * How many characters a text counts for its limit: as the validation counts them (contracts
 * validation.ts), once trimmed, in UTF-16 units, so "n / max" passes max exactly when the message
 * appears.
 */
export function characterCount(value: string): number {
  return value.trim().length;
}

/** What a message can be shown at: a field, or the photos (`images`, shown by the photo picker). */
export type ErrorPlace = EditableField | 'images';

/** The api's per-field 400 messages, keeping only the fields this form shows (and the photos). */
export function serverFieldErrors(fields: Partial<Record<string, string>> | undefined): FieldErrors {
  const errors: FieldErrors = {};
  if (!fields) return errors;
  for (const field of [...EDITABLE_FIELDS, 'images'] as const) {
    const message = fields[field];
    if (typeof message === 'string' && message) errors[field] = message;
  }
  return errors;
}

/** The fields in the form's reading (and tab) order. */
export const FORM_ORDER: readonly EditableField[] = [
  'name',
  'type',
  'image',
  'createdAt',
  'discoveredAt',
  'discoveredBy',
  'location',
  'context',
  'shortDescription',
  'rights',
  'credit',
];

/** Where messages are, in the form's order: the photos come first of the picture's two ways in. */
const ERROR_ORDER: readonly ErrorPlace[] = FORM_ORDER.flatMap((field): ErrorPlace[] => (field === 'image' ? ['images', 'image'] : [field]));

/** The first place with a message, in the form's order (where focus goes after a failed submit). */
export function firstErrorField(errors: FieldErrors): ErrorPlace | undefined {
  return ERROR_ORDER.find((field) => errors[field]);
}

/** The id of a field's control (for `images`: the photo picker's message); also what a failed submit focuses. */
export function controlId(field: ErrorPlace): string {
  return `artifact-${field}`;
}
