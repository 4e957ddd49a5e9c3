/**
 * One value read from the database and reused for a short while (the routing), with the rules an
 * outage needs:
 * - a value is served for at most `maxAgeMs` after it was read; then the next request reads again
 *   (one read at a time: concurrent requests wait for the same one);
 * - `invalidate()` (this instance changed it) makes the next request read again at once;
 * - when a read fails, the last good value is served (and read again in the background, one read
 *   at a time) for as long as reads fail; only when no read ever succeeded does the failure reach
 *   the caller.
 */
export class FreshCache<T> {
  private fresh: { value: T; readAt: number } | undefined;
  private lastGood: { value: T; generation: number } | undefined;
  private failing = false;
  private reading: { generation: number; promise: Promise<T> } | undefined;
  private generation = 0;

  constructor(
    private readonly read: () => Promise<T>,
    private readonly maxAgeMs: number,
    private readonly onStale: (error: unknown) => void = () => undefined,
    private readonly now: () => number = Date.now,
  ) {}

  async get(): Promise<T> {
    if (this.fresh && this.now() - this.fresh.readAt < this.maxAgeMs) return this.fresh.value;
    const stale = this.lastGood?.value;
    // The database is away and a value is at hand: answer with it now, try again behind it.
    if (this.failing && stale !== undefined) {
      this.readOnce().catch(() => undefined);
      return stale;
    }
    try {
      return await this.readOnce();
    } catch (error) {
      if (stale === undefined) throw error;
      return stale;
    }
  }

  invalidate(): void {
    this.fresh = undefined;
    this.generation += 1;
  }

  private readOnce(): Promise<T> {
    if (this.reading && this.reading.generation === this.generation) return this.reading.promise;
    const generation = this.generation;
    const promise = this.read().then(
      (value) => {
        // A read begun before an invalidation may hold the old value: it is not fresh.
        if (generation === this.generation) this.fresh = { value, readAt: this.now() };
        if (!this.lastGood || this.lastGood.generation <= generation) this.lastGood = { value, generation };
        this.failing = false;
        return value;
      },
      (error: unknown) => {
        if (!this.failing && this.lastGood !== undefined) this.onStale(error);
        this.failing = true;
        throw error;
      },
    );
    const entry = { generation, promise };
    this.reading = entry;
    const done = () => {
      if (this.reading === entry) this.reading = undefined;
    };
    promise.then(done, done);
    return promise;
  }
}
