import { ApiRequestError, createCollection, getCollection, setCollectionItems } from '@antiquarium/api-client';
import { MAX_COLLECTION_ITEMS, type CollectionInput } from '@antiquarium/contracts';

export const ADD_ARTIFACT_TEXTS = {
  full: `This collection already holds ${MAX_COLLECTION_ITEMS} artifacts, the most it can.`,
} as const;

export type AddOutcome = { id: string; title: string; already: boolean };

/**
 * Appends the artifact to one of the member's collections: the api takes the whole list (in order),
 * so the list is read first and sent back with the artifact at the end, every note kept.
 */
export async function addToExisting(collectionId: string, artifactId: string): Promise<AddOutcome> {
  const collection = await getCollection(collectionId);
  const outcome = { id: collection.id, title: collection.title };
  if (collection.items.some((item) => item.artifactId === artifactId)) return { ...outcome, already: true };
  if (collection.items.length >= MAX_COLLECTION_ITEMS) throw new ApiRequestError(ADD_ARTIFACT_TEXTS.full, 400);
  const items = collection.items.map(({ artifactId: id, note }) => ({ artifactId: id, note }));
  await setCollectionItems(collection.id, [...items, { artifactId, note: '' }]);
  return { ...outcome, already: false };
}

/** A new collection holding just this artifact. */
export async function addToNew(input: CollectionInput, artifactId: string): Promise<AddOutcome> {
  const { id } = await createCollection(input);
  await setCollectionItems(id, [{ artifactId, note: '' }]);
  return { id, title: input.title, already: false };
}
