import { TtlCache } from '@antiquarium/contracts/ttl-cache';

/** TtlCache's key for the one value. */
const VALUE = 'value';

/**
 * One value read from the database and reused for a short while (the routing), with the rules an
 * outage needs. The reuse is TtlCache's:
 * - a value is served for less than `maxAgeMs` after its read began; then the next request reads
 *   again (one read at a time: concurrent requests wait for the same one);
 * - `invalidate()` (this instance changed it) makes the next request read again at once; a read
 *   begun before it is neither kept as fresh nor shared with later requests.
 * On top of it, the last good value: when a read fails, it is served (and read again in the
 * background, one read at a time) for as long as reads fail; only when no read ever succeeded does
 * the failure reach the caller.
 */
export class FreshCache<T> {
  private readonly fresh: TtlCache<T>;
  private lastGood: { value: T; generation: number } | undefined;
  private failing = false;
  /** Counts invalidations: a read begun before one does not replace a last good value read after it. */
  private generation = 0;

  constructor(
    private readonly read: () => Promise<T>,
    maxAgeMs: number,
    private readonly onStale: (error: unknown) => void = () => undefined,
    private readonly now: () => number = Date.now,
  ) {
    this.fresh = new TtlCache<T>(maxAgeMs, 1);
  }

  async get(): Promise<T> {
    const now = this.now();
    const fresh = this.fresh.peek(VALUE, now);
    if (fresh !== undefined) return fresh;
    const stale = this.lastGood?.value;
    // The database is away and a value is at hand: answer with it now, try again behind it.
    if (this.failing && stale !== undefined) {
      this.readOnce(now).catch(() => undefined);
      return stale;
    }
    try {
      return await this.readOnce(now);
    } catch (error) {
      if (stale === undefined) throw error;
      return stale;
    }
  }

  invalidate(): void {
    this.fresh.forget(VALUE);
    this.generation += 1;
  }

  private readOnce(now: number): Promise<T> {
    return this.fresh.get(VALUE, () => this.readAndRemember(), now);
  }

  private readAndRemember(): Promise<T> {
    const generation = this.generation;
    return this.read().then(
      (value) => {
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
  }
}
