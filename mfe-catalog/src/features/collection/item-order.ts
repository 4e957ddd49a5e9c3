import type { CollectionItem, CollectionItemInput } from '@antiquarium/contracts';

/** The list with the item at `from` moved to `to` (both inside the list); a new array. */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [moved] = next.splice(from, 1);
  if (moved === undefined) return next;
  next.splice(Math.max(0, Math.min(to, next.length)), 0, moved);
  return next;
}

/** The body of PUT /collections/:id/items: every item kept, in the order shown, notes trimmed. */
export function itemsInput(items: readonly CollectionItem[]): CollectionItemInput[] {
  return items.map(({ artifactId, note }) => ({ artifactId, note: note.trim() }));
}
