import { TtlCache } from '@antiquarium/contracts/ttl-cache';

/** What a read answers, and whether that answer may serve the next visits. */
export interface Read<V> {
  value: V;
  keep: boolean;
}

/** Carries an answer not to keep through TtlCache, which keeps every read that does not fail. */
class NotKept<V> extends Error {
  constructor(readonly value: V) {
    super('not kept');
  }
}

/** Carries "no room for one more read" through TtlCache. */
class NoRoom extends Error {}

/**
 * Answers per key reused for `ttlMs` (TtlCache: visits of a key being read wait for that read), with
 * at most `concurrency` reads under way: past it no read begins and the visit gets `whenFull()` at
 * once. A read answered with keep: false goes to the visits that waited for it, and the next visit
 * reads again.
 */
export class KeptReads<V> {
  private readonly cache: TtlCache<V>;
  private underWay = 0;

  constructor(
    ttlMs: number,
    maxEntries: number,
    private readonly concurrency: number,
    private readonly now: () => number,
  ) {
    this.cache = new TtlCache<V>(ttlMs, maxEntries);
  }

  get(key: string, read: () => Promise<Read<V>>, whenFull: () => V): Promise<V> {
    return this.cache.get(key, () => this.begin(read), this.now()).catch((error: unknown) => {
      if (error instanceof NotKept) return error.value as V;
      if (error instanceof NoRoom) return whenFull();
      throw error;
    });
  }

  private async begin(read: () => Promise<Read<V>>): Promise<V> {
    if (this.underWay >= this.concurrency) throw new NoRoom('no room');
    this.underWay += 1;
    try {
      const { value, keep } = await read();
      if (!keep) throw new NotKept(value);
      return value;
    } finally {
      this.underWay -= 1;
    }
  }
}
