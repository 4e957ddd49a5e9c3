import type { Artifact } from './artifact';

// Members' collections (issue 28, docs/decisions/0014-collections.md): the shapes, limits and
// paths shared by the api and the front ends. The validation rules are in
// `@antiquarium/contracts/validation` (collections-validation.ts).

export const COLLECTION_VISIBILITIES = ['public', 'private'] as const;
export type CollectionVisibility = (typeof COLLECTION_VISIBILITIES)[number];

/** Length limits of a collection's texts. */
export const COLLECTION_LIMITS = { title: 120, description: 2000, note: 1000 } as const;
/** How many artifacts one collection holds at most. */
export const MAX_COLLECTION_ITEMS = 200;

export const COLLECTION_LABELS = { title: 'Title', description: 'Description', visibility: 'Visibility', items: 'Items', note: 'Note', artifactId: 'Artifact' } as const;

/** One artifact in a collection, in the owner's order, with the owner's note ('' when none). */
export interface CollectionItem {
  artifactId: string;
  note: string;
  /**
   * The artifact's card data (as GET /artifacts lists it). Absent when the artifact is no longer
   * shown to everyone (restricted or removed by moderation, or deleted): such items are left out
   * of everyone's view but the owner's, where they stay with `unavailable: true` (a reversed
   * decision brings them back).
   */
  artifact?: Artifact;
  /** Only in the owner's view: the artifact is not shown to others now. */
  unavailable?: true;
}

/** A collection as `GET /collections/:id` returns it. */
export interface Collection {
  id: string;
  ownerUid: string;
  /** The owner's display name (ANONYMOUS_NAME when they set none). */
  ownerName?: string;
  title: string;
  /** '' when none. */
  description: string;
  visibility: CollectionVisibility;
  items: CollectionItem[];
  /** The items in `items`: for the owner all of them, for others only the available ones. */
  itemCount: number;
  createdAt: string;
  updatedAt: string;
}

/** A collection in a list (`GET /me/collections`, `GET /members/:uid/collections`): no items, the first available one's image as cover. */
export interface CollectionSummary extends Omit<Collection, 'items'> {
  /** The image of the first available item, null when there is none. */
  coverImage: string | null;
}

/** The body of `POST /collections`. */
export interface CollectionInput {
  title: string;
  description?: string;
  visibility: CollectionVisibility;
}

/** The body of `PATCH /collections/:id`: at least one field. */
export type CollectionUpdate = Partial<CollectionInput>;

/** One entry of the body of `PUT /collections/:id/items` (the body is an array of these, in order). */
export interface CollectionItemInput {
  artifactId: string;
  /** Optional; '' or left out means no note. */
  note?: string;
}

/** The answer of `POST /collections` (201). */
export interface CreateCollectionResponse {
  id: string;
}

/** The answer of `DELETE /collections/:id`. */
export interface DeleteCollectionResponse {
  deletedCount: number;
}

/** The api paths (below the api's base URL, as the api-client takes them). */
export const COLLECTION_PATHS = {
  /** POST: create. */
  collections: 'collections',
  /** GET, PATCH, DELETE one. */
  collection: (id: string) => `collections/${encodeURIComponent(id)}`,
  /** PUT: replace the items, in the order given. */
  items: (id: string) => `collections/${encodeURIComponent(id)}/items`,
  /** GET: the signed-in member's collections, public and private (paginated: page, limit). */
  mine: 'me/collections',
  /** GET: a member's public collections (paginated: page, limit). */
  member: (uid: string) => `members/${encodeURIComponent(uid)}/collections`,
} as const;

/** The site path of a collection's page (its share link). */
export function collectionPagePath(id: string): string {
  return `/collections/${encodeURIComponent(id)}`;
}
