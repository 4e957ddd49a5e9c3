import { z } from 'zod';

export const ARTIFACT_TYPES = ['Tools', 'Weapons', 'Documents', 'Writings', 'Others'] as const;
export type ArtifactType = (typeof ARTIFACT_TYPES)[number];

export const SORT_OPTIONS = ['name', 'latest', 'oldest', 'likes'] as const;
export type SortOption = (typeof SORT_OPTIONS)[number];

/** Labels of the All Artifacts "Sort By" select, in the spec's order. */
export const SORT_LABELS: Record<SortOption, string> = {
  name: 'Name A-Z',
  latest: 'Latest',
  oldest: 'Oldest',
  likes: 'Most Liked',
};

export const DEFAULT_SORT: SortOption = 'name';
export const DEFAULT_PAGE_SIZE = 24;
export const MAX_PAGE_SIZE = 100;
export const MAX_SEARCH_LENGTH = 100;

/** Length limits of each editable field (the spec leaves them open; these fit every seeded item). */
export const FIELD_LIMITS = {
  name: 120,
  image: 2048,
  context: 200,
  shortDescription: 1000,
  createdAt: 60,
  discoveredAt: 60,
  discoveredBy: 120,
  location: 160,
} as const;

export const ARTIFACT_FIELDS = [
  'name',
  'image',
  'type',
  'context',
  'shortDescription',
  'createdAt',
  'discoveredAt',
  'discoveredBy',
  'location',
] as const;
export type ArtifactField = (typeof ARTIFACT_FIELDS)[number];

export const FIELD_LABELS: Record<ArtifactField, string> = {
  name: 'Name',
  image: 'Image URL',
  type: 'Type',
  context: 'Context',
  shortDescription: 'Short description',
  createdAt: 'Created at',
  discoveredAt: 'Discovered at',
  discoveredBy: 'Discovered by',
  location: 'Location',
};

/** An artifact as the api returns it. adderEmail is present only on the caller's own artifacts. */
export interface Artifact {
  _id: string;
  name: string;
  image: string;
  type: ArtifactType;
  context: string;
  shortDescription: string;
  createdAt: string;
  discoveredAt: string;
  discoveredBy: string;
  location: string;
  adderName: string;
  adderEmail?: string;
  likes: number;
  addedAt: string;
  /** Present on GET /artifacts/:id for a signed-in caller. */
  liked?: boolean;
}

export type ArtifactInput = Pick<Artifact, ArtifactField>;

export interface CreateArtifactResponse {
  insertedId: string;
}
export interface UpdateArtifactResponse {
  modifiedCount: number;
}
export interface DeleteArtifactResponse {
  deletedCount: number;
}
export interface ToggleLikeResponse {
  liked: boolean;
  likes: number;
}
export interface Contributor {
  name: string;
  artifacts: number;
  likes: number;
}

/** The one error body of every 4xx and 5xx answer. */
export interface ApiError {
  statusCode: number;
  error: string;
  message: string;
  fields?: Partial<Record<string, string>>;
}

/** Headers that carry the page information of list answers (the body stays a plain array). */
export const PAGE_HEADERS = {
  total: 'X-Total-Count',
  page: 'X-Page',
  pageSize: 'X-Page-Size',
  nextPage: 'X-Next-Page',
} as const;

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
    .refine((value) => !CONTROL_CHARS.test(value), { error: `${label} contains invalid characters` });
}

export function isHttpUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
}

export const artifactInputSchema = z.object({
  name: requiredText('name'),
  image: requiredText('image').refine(isHttpUrl, { error: 'Image must be a valid URL' }),
  type: z.enum(ARTIFACT_TYPES, {
    error: `Type must be one of ${ARTIFACT_TYPES.join(', ')}`,
  }),
  context: requiredText('context'),
  shortDescription: requiredText('shortDescription'),
  createdAt: requiredText('createdAt'),
  discoveredAt: requiredText('discoveredAt'),
  discoveredBy: requiredText('discoveredBy'),
  location: requiredText('location'),
});

/** Partial input of an update: only the fields sent are checked, at least one is needed. */
export const artifactUpdateSchema = artifactInputSchema
  .partial()
  .refine((value) => Object.values(value).some((v) => v !== undefined), {
    error: 'Send at least one field to update',
  });

export type FieldErrors = Partial<Record<ArtifactField, string>>;

export type ValidationResult<T> = { ok: true; value: T } | { ok: false; fields: FieldErrors; message: string };

function toResult<T>(parsed: z.ZodSafeParseResult<T>): ValidationResult<T> {
  if (parsed.success) return { ok: true, value: parsed.data };
  const fields: FieldErrors = {};
  let message = 'Invalid input';
  for (const issue of parsed.error.issues) {
    const key = issue.path[0];
    if (typeof key === 'string' && (ARTIFACT_FIELDS as readonly string[]).includes(key)) {
      fields[key as ArtifactField] ??= issue.message;
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

/** The date part of createdAt as cards show it ('2024-05-01T…' -> '2024-05-01'), else 'Unknown'. */
export function createdDateLabel(createdAt: string | undefined | null): string {
  const text = createdAt?.trim();
  if (!text) return 'Unknown';
  return text.split('T')[0] ?? text;
}
