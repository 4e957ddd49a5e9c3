import type { DateRange } from './dates';
import type { ArtifactImage, ArtifactImageInput } from './photos';
import { MAX_CREDIT_LENGTH, type RightsUri } from './rights';

export const ARTIFACT_TYPES = ['Tools', 'Weapons', 'Documents', 'Writings', 'Others'] as const;
export type ArtifactType = (typeof ARTIFACT_TYPES)[number];

export const SORT_OPTIONS = ['name', 'latest', 'oldest', 'likes', 'era-asc', 'era-desc', 'relevance'] as const;
export type SortOption = (typeof SORT_OPTIONS)[number];

/** Labels of the All Artifacts "Sort By" select, in the order the select shows them. */
export const SORT_LABELS: Record<SortOption, string> = {
  name: 'Name A-Z',
  latest: 'Latest',
  oldest: 'Oldest',
  likes: 'Most Liked',
  'era-asc': 'Era: earliest first',
  'era-desc': 'Era: latest first',
  relevance: 'Best match',
};

export const DEFAULT_SORT: SortOption = 'name';

/** The name shown for a member who never set a display name. */
export const ANONYMOUS_NAME = 'Anonymous';
export const DEFAULT_PAGE_SIZE = 24;
export const MAX_PAGE_SIZE = 100;
export const MAX_SEARCH_LENGTH = 100;

/** Length limits of each editable field (chosen so that every seeded item fits with room to spare). */
export const FIELD_LIMITS = {
  name: 120,
  image: 2048,
  context: 200,
  shortDescription: 1000,
  createdAt: 60,
  discoveredAt: 60,
  discoveredBy: 120,
  location: 160,
  credit: MAX_CREDIT_LENGTH,
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

/**
 * The record's terms (rights.ts), editable with the fields above but optional: left out of a
 * create they mean the default statement and no credit line; left out of an update, unchanged.
 */
export const TERMS_FIELDS = ['rights', 'credit'] as const;
export type TermsField = (typeof TERMS_FIELDS)[number];
/** Every field a member edits: the nine required ones and the optional terms. */
export const EDITABLE_FIELDS = [...ARTIFACT_FIELDS, ...TERMS_FIELDS] as const;
export type EditableField = (typeof EDITABLE_FIELDS)[number];

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

export const TERMS_LABELS: Record<TermsField, string> = {
  rights: 'Rights',
  credit: 'Credit line',
};

/** The label of any editable field. */
export const EDITABLE_LABELS: Record<EditableField, string> = { ...FIELD_LABELS, ...TERMS_LABELS };

/** An artifact as the api returns it. adderEmail is present only on the caller's own artifacts. */
export interface Artifact {
  _id: string;
  name: string;
  /** The cover's URL: the first photo's, or the address an older record was given. */
  image: string;
  /** The photos the site keeps, in the contributor's order (the first is the cover); [] for a record that has only an address. */
  images: ArtifactImage[];
  type: ArtifactType;
  context: string;
  shortDescription: string;
  createdAt: string;
  discoveredAt: string;
  discoveredBy: string;
  location: string;
  /** A rights statement's URI (rights.ts); DEFAULT_RIGHTS when the contributor chose none. */
  rights: RightsUri;
  /** Who to credit on reuse; '' when none was given. */
  credit: string;
  adderName: string;
  adderEmail?: string;
  likes: number;
  addedAt: string;
  /** Present on GET /artifacts/:id for a signed-in caller. */
  liked?: boolean;
  /**
   * The created-at text read as a year range (readDate in dates.ts), computed by the server on every
   * write; null when the text could not be read (shown as 'Undated').
   */
  dating: DateRange | null;
  /**
   * Set when a moderation decision restricted or removed the artifact (docs/decisions/0012-moderation.md):
   * only its contributor and moderators can still see it, and only they get this field.
   */
  moderation?: 'restricted' | 'removed';
}

/** The fields an artifact is given: rights and credit may be left out. */
export type ArtifactInput = Pick<Artifact, Exclude<ArtifactField, 'rights' | 'credit' | 'image'>> &
  Partial<Pick<Artifact, 'rights' | 'credit'>> & {
    /** A picture's address (fetched once by the api and kept as a photo), or... */
    image?: string;
    /** ...1 to 8 photos, uploaded or kept, in order. */
    images?: ArtifactImageInput[];
  };

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
  /** On a list answer whose search found nothing: the closest words the collection contains. */
  didYouMean: 'X-Did-You-Mean',
} as const;

/**
 * The one form in which the site stores and uses a URL a member entered: absolute http(s), as the
 * URL parser writes it back (`href`: spaces and other unsafe characters percent-encoded). Using only
 * this form matters where the text lands inside another syntax: in a srcset, a raw space would end
 * the URL and let the rest add an image candidate of its own (a `data:` image, for one).
 * Undefined when the text is not such a URL.
 */
export function parseHttpUrl(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return undefined;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.hostname.length === 0) return undefined;
  return url.href;
}

export function isHttpUrl(value: string): boolean {
  return parseHttpUrl(value) !== undefined;
}

/** Each failing field's first message; `images` names a problem with the photos (which one, in the text). */
export type FieldErrors = Partial<Record<EditableField | 'images', string>>;

export type ValidationResult<T> = { ok: true; value: T } | { ok: false; fields: FieldErrors; message: string };

/** The date part of createdAt as cards show it ('2024-05-01T…' -> '2024-05-01'), else 'Unknown'. */
export function createdDateLabel(createdAt: string | undefined | null): string {
  const text = createdAt?.trim();
  if (!text) return 'Unknown';
  return text.split('T')[0] ?? text;
}
