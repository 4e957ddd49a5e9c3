import { ANONYMOUS_NAME, type Artifact, type Collection, type CollectionItem } from '@antiquarium/contracts';

/** What the collection page shows: a collection as the api answers it. */
export type CollectionData = Collection;

/** An item whose artifact is shown to everyone (others' answers hold no other kind). */
export type ShownItem = CollectionItem & { artifact: Artifact };

/** The site path of a member's public collections. */
export function memberCollectionsPath(uid: string): string {
  return `/members/${encodeURIComponent(uid)}/collections`;
}

/** The items anyone may see: restricted, removed or deleted artifacts drop out of the public view. */
export function shownItems(collection: Collection): ShownItem[] {
  return collection.items.filter((item): item is ShownItem => Boolean(item.artifact) && !item.unavailable);
}

export function ownerName(collection: Pick<Collection, 'ownerName'>): string {
  return collection.ownerName?.trim() || ANONYMOUS_NAME;
}
