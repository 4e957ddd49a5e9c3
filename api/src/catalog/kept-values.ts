/**
 * Values kept until a change drops them (the catalog's searches, lists and facets), within a count
 * and a total weight (what they hold: a search's scores, a list's entries), the oldest dropped
 * first. A value heavier than the whole budget is kept alone, until the next one.
 */
export class KeptValues<V> {
  private readonly values = new Map<string, { value: V; weight: number }>();
  private weight = 0;

  constructor(
    private readonly limits: { count: number; weight: number },
    private readonly weigh: (value: V) => number = () => 1,
  ) {}

  get size(): number {
    return this.values.size;
  }

  /** The total weight kept. */
  get held(): number {
    return this.weight;
  }

  get(key: string): V | undefined {
    return this.values.get(key)?.value;
  }

  set(key: string, value: V): void {
    this.delete(key);
    const weight = this.weigh(value);
    this.values.set(key, { value, weight });
    this.weight += weight;
    // A Map iterates in insertion order: the first is the oldest.
    for (const [oldest, kept] of this.values) {
      if (this.values.size === 1 || (this.values.size <= this.limits.count && this.weight <= this.limits.weight)) break;
      this.values.delete(oldest);
      this.weight -= kept.weight;
    }
  }

  /** Every kept value with its key, oldest first (a value may be deleted while this runs). */
  *entries(): IterableIterator<[string, V]> {
    for (const [key, kept] of this.values) yield [key, kept.value];
  }

  /** Weighs a value again after it changed in place (a score or an entry more or fewer). */
  reweigh(key: string): void {
    const kept = this.values.get(key);
    if (!kept) return;
    const weight = this.weigh(kept.value);
    this.weight += weight - kept.weight;
    kept.weight = weight;
  }

  delete(key: string): void {
    const kept = this.values.get(key);
    if (!kept) return;
    this.values.delete(key);
    this.weight -= kept.weight;
  }

  deleteWhere(drop: (value: V) => boolean): void {
    for (const [key, kept] of this.values) if (drop(kept.value)) this.delete(key);
  }

  clear(): void {
    this.values.clear();
    this.weight = 0;
  }
}
