/**
 * Answers per key reused for a short while, in one process (FreshCache in api/src/releases/ builds
 * on it to serve its last value while the database is away; this never serves past its time):
 * - an answer is reused for less than `ttlMs` after its read began; then the next request reads
 *   again (one read per key at a time: concurrent requests wait for the same one);
 * - `forget`, `forgetWhere` and `clear` (a write this process made or heard of) make the next request
 *   read again at once; a read begun before them is neither kept nor shared with later requests,
 *   since it may hold what the write changed;
 * - a failed read is not kept; at most `maxEntries` answers are, the oldest dropped first.
 */
export class TtlCache<V> {
  private readonly entries = new Map<string, { value: V; until: number }>();
  private readonly reading = new Map<string, { generation: number; promise: Promise<V> }>();
  private generation = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
  ) {}

  get(key: string, read: () => Promise<V>, now = Date.now()): Promise<V> {
    const kept = this.entries.get(key);
    if (kept && kept.until > now) return Promise.resolve(kept.value);
    const pending = this.reading.get(key);
    if (pending && pending.generation === this.generation) return pending.promise;
    const generation = this.generation;
    const promise = read().then((value) => {
      if (generation === this.generation) this.keep(key, value, now + this.ttlMs);
      return value;
    });
    const entry = { generation, promise };
    this.reading.set(key, entry);
    const done = () => {
      if (this.reading.get(key) === entry) this.reading.delete(key);
    };
    promise.then(done, done);
    return promise;
  }

  /**
   * The answer `get` would reuse now, or undefined when it would read: for a caller that answers
   * differently, or counts, when no kept answer is fresh. Starts no read.
   */
  peek(key: string, now = Date.now()): V | undefined {
    const kept = this.entries.get(key);
    return kept && kept.until > now ? kept.value : undefined;
  }

  forget(key: string): void {
    this.generation += 1;
    this.entries.delete(key);
  }

  forgetWhere(matches: (value: V) => boolean): void {
    this.generation += 1;
    for (const [key, entry] of this.entries) if (matches(entry.value)) this.entries.delete(key);
  }

  clear(): void {
    this.generation += 1;
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  private keep(key: string, value: V, until: number): void {
    // A Map iterates in insertion order: re-inserting puts the key last, so the first is the oldest.
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(key, { value, until });
  }
}
