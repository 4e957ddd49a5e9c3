import {
  COLLECTION_PATHS,
  type Collection,
  type CollectionInput,
  type CollectionItemInput,
  type CollectionSummary,
  type CollectionUpdate,
  type CreateCollectionResponse,
  type DeleteCollectionResponse,
} from '@antiquarium/contracts';
import type { CallOptions } from './artifacts';
import { ApiRequestError, documentAnswer, send } from './client';
import { readPage, type Page } from './read-page';

/** One page of collections (readPage). */
export type CollectionPage = Page<CollectionSummary>;

async function readCollectionPage(response: Response): Promise<CollectionPage> {
  const body: unknown = await response.json();
  if (!Array.isArray(body)) throw new ApiRequestError('Unexpected answer from the server', response.status);
  return readPage(body as CollectionSummary[], response.headers);
}

function pageQuery(params: { page?: number; limit?: number }): URLSearchParams {
  const query = new URLSearchParams();
  if (params.page) query.set('page', String(params.page));
  if (params.limit) query.set('limit', String(params.limit));
  return query;
}

/**
 * GET /collections/:id: a private one, or a missing one, throws status 404 for anyone but its owner.
 * `asOwner`: the answer is asked with the member's token even when the page's document brought a
 * visitor's (the owner's holds the items hidden from others).
 */
export async function getCollection(id: string, options: CallOptions & { asOwner?: boolean } = {}): Promise<Collection> {
  const response = await send(COLLECTION_PATHS.collection(id), { signal: options.signal }, { handOver: !options.asOwner });
  return response.json<Collection>();
}

/** The collection the document brought, as a visitor reads it (a page composed on the server), if any. */
export function documentCollection(id: string): Collection | undefined {
  const body = documentAnswer(COLLECTION_PATHS.collection(id), {})?.body;
  return typeof body === 'object' && body !== null && !Array.isArray(body) && (body as { id?: unknown }).id === id ? (body as Collection) : undefined;
}

/** POST /collections: the owner is the signed-in member. */
export async function createCollection(input: CollectionInput): Promise<CreateCollectionResponse> {
  const response = await send(COLLECTION_PATHS.collections, { method: 'post', json: input });
  return response.json<CreateCollectionResponse>();
}

/** PATCH /collections/:id: title, description or visibility. */
export async function updateCollection(id: string, changes: CollectionUpdate): Promise<Collection> {
  const response = await send(COLLECTION_PATHS.collection(id), { method: 'patch', json: changes });
  return response.json<Collection>();
}

/** PUT /collections/:id/items: the whole list, in the order given. */
export async function setCollectionItems(id: string, items: CollectionItemInput[]): Promise<Collection> {
  const response = await send(COLLECTION_PATHS.items(id), { method: 'put', json: items });
  return response.json<Collection>();
}

export async function deleteCollection(id: string): Promise<DeleteCollectionResponse> {
  const response = await send(COLLECTION_PATHS.collection(id), { method: 'delete' });
  return response.json<DeleteCollectionResponse>();
}

/** GET /me/collections: the signed-in member's own, public and private. */
export async function myCollections(params: { page?: number; limit?: number } = {}, options: CallOptions = {}): Promise<CollectionPage> {
  const response = await send(COLLECTION_PATHS.mine, { searchParams: pageQuery(params), signal: options.signal });
  return readCollectionPage(response);
}

/** GET /members/:uid/collections: a member's public collections. */
export async function memberCollections(
  uid: string,
  params: { page?: number; limit?: number } = {},
  options: CallOptions = {},
): Promise<CollectionPage> {
  const response = await send(COLLECTION_PATHS.member(uid), { searchParams: pageQuery(params), signal: options.signal });
  return readCollectionPage(response);
}
