import type { SortOption } from '@antiquarium/contracts';

/** An artifact in the catalog, with the values its lists filter and sort by. */
export interface Entry<T> {
  id: string;
  doc: T;
  // Copied from the document like the values below: filtering reads them for every entry, and the
  // entries sit closer together in memory than their documents.
  type: string;
  adderUid: string;
  nameKey: string;
  addedAtMs: number;
  likes: number;
  start: number | null;
  end: number | null;
  place: string;
}

export type Order = Exclude<SortOption, 'relevance'>;

/** The order a list is kept in: relevance without a search reads in name order. */
export function orderOf(sort: SortOption): Order {
  return sort === 'relevance' ? 'name' : sort;
}

/** The entry's values an order compares (besides its id, which never changes). */
export type Compared = 'nameKey' | 'addedAtMs' | 'likes' | 'start' | 'end';

export const COMPARED: readonly Compared[] = ['nameKey', 'addedAtMs', 'likes', 'start', 'end'];

type Comparator = (a: Entry<unknown>, b: Entry<unknown>) => number;

function compareIds(a: Entry<unknown>, b: Entry<unknown>): number {
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

function undatedLast(a: Entry<unknown>, b: Entry<unknown>): number | undefined {
  if (a.start === null && b.start === null) return compareIds(a, b);
  if (a.start === null) return 1;
  if (b.start === null) return -1;
  return undefined;
}

/** Total orders: ties are broken by id, so every entry has exactly one place in each. */
export const ORDERS: Record<Order, Comparator> = {
  name: (a, b) => (a.nameKey < b.nameKey ? -1 : a.nameKey > b.nameKey ? 1 : compareIds(a, b)),
  latest: (a, b) => b.addedAtMs - a.addedAtMs || compareIds(b, a),
  oldest: (a, b) => a.addedAtMs - b.addedAtMs || compareIds(a, b),
  likes: (a, b) => b.likes - a.likes || compareIds(b, a),
  // Undated last in both directions; then by the range's start, then its end.
  'era-asc': (a, b) => undatedLast(a, b) ?? ((a.start as number) - (b.start as number) || (a.end as number) - (b.end as number) || compareIds(a, b)),
  'era-desc': (a, b) => undatedLast(a, b) ?? ((b.start as number) - (a.start as number) || (b.end as number) - (a.end as number) || compareIds(b, a)),
};

/** What each sort compares: relevance reads equal ranks in name order. */
export const SORT_COMPARES: Record<SortOption, readonly Compared[]> = {
  relevance: ['nameKey'],
  name: ['nameKey'],
  latest: ['addedAtMs'],
  oldest: ['addedAtMs'],
  likes: ['likes'],
  'era-asc': ['start', 'end'],
  'era-desc': ['start', 'end'],
};

/** Where the entry is, or would go, in a list sorted by the order (the first place not before it). */
export function position<T>(list: readonly Entry<T>[], entry: Entry<T>, order: Comparator): number {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (order(list[middle] as Entry<T>, entry) < 0) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * The catalog's entries in each order asked for, sorted once on the first read and then kept
 * through changes: an entry added, removed or moved costs a binary search and a splice, not a sort
 * of the collection.
 */
export class SortedOrders<T> {
  private readonly sorted = new Map<Order, Entry<T>[]>();

  /** The entries in the order (sorted from `entries` the first time). */
  get(sort: Order, entries: () => Iterable<Entry<T>>): readonly Entry<T>[] {
    let list = this.sorted.get(sort);
    if (!list) {
      list = [...entries()].sort(ORDERS[sort]);
      this.sorted.set(sort, list);
    }
    return list;
  }

  add(entry: Entry<T>): void {
    for (const [sort, list] of this.sorted) list.splice(position(list, entry, ORDERS[sort]), 0, entry);
  }

  remove(entry: Entry<T>): void {
    for (const [sort, list] of this.sorted) this.takeOut(sort, list, entry);
  }

  /**
   * Applies `update` to the entry, moving it in the orders that compare one of the `changed` values:
   * it is found there by its values before the update, and put back by its values after.
   */
  move(entry: Entry<T>, changed: ReadonlySet<Compared>, update: () => void): void {
    const moved = [...this.sorted].filter(([sort]) => SORT_COMPARES[sort].some((value) => changed.has(value)));
    for (const [sort, list] of moved) this.takeOut(sort, list, entry);
    update();
    for (const [sort, list] of moved) if (this.sorted.has(sort)) list.splice(position(list, entry, ORDERS[sort]), 0, entry);
  }

  private takeOut(sort: Order, list: Entry<T>[], entry: Entry<T>): void {
    const at = position(list, entry, ORDERS[sort]);
    // Not where its values place it (its values changed without a move): sorted again when read.
    if (list[at] === entry) list.splice(at, 1);
    else this.sorted.delete(sort);
  }
}
