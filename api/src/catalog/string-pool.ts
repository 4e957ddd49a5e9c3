/**
 * One copy of each repeated value: documents read from the database or a snapshot each bring their
 * own copy of their type, contributor, place or rights statement, though a collection holds few
 * distinct ones. Bounded: when full it starts again (documents keep the copies they were given),
 * so values of deleted documents are not kept for ever.
 */
export class StringPool {
  private readonly values = new Map<string, string>();

  constructor(
    private readonly capacity = 65_536,
    /** Longer values are rarely repeated: left as they are. */
    private readonly maxLength = 128,
  ) {}

  get size(): number {
    return this.values.size;
  }

  /** The pool's copy of `value` (the value itself the first time it is seen). */
  intern(value: string): string {
    if (value.length > this.maxLength) return value;
    const kept = this.values.get(value);
    if (kept !== undefined) return kept;
    if (this.values.size >= this.capacity) this.values.clear();
    this.values.set(value, value);
    return value;
  }

  /** Replaces each named string field of `record` by the pool's copy. */
  internFields(record: Record<string, unknown>, fields: readonly string[]): void {
    for (const field of fields) {
      const value = record[field];
      if (typeof value === 'string') record[field] = this.intern(value);
    }
  }
}
