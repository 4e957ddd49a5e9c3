import { TELEMETRY_MAX_MS } from '@antiquarium/contracts';

/**
 * Load times as a fixed histogram (doubling bounds, in ms): counters that `$inc` can add to from any
 * number of instances, from which percentiles are read back without keeping every sample. The last
 * bucket holds everything slower than 12.8 s, up to TELEMETRY_MAX_MS.
 */
export const LOAD_BUCKETS = [
  { field: 'loadLe100', upToMs: 100 },
  { field: 'loadLe200', upToMs: 200 },
  { field: 'loadLe400', upToMs: 400 },
  { field: 'loadLe800', upToMs: 800 },
  { field: 'loadLe1600', upToMs: 1600 },
  { field: 'loadLe3200', upToMs: 3200 },
  { field: 'loadLe6400', upToMs: 6400 },
  { field: 'loadLe12800', upToMs: 12_800 },
  { field: 'loadOver12800', upToMs: TELEMETRY_MAX_MS },
] as const;

export type LoadBucketField = (typeof LOAD_BUCKETS)[number]['field'];
export const LOAD_BUCKET_FIELDS: readonly LoadBucketField[] = LOAD_BUCKETS.map((bucket) => bucket.field);
export type LoadCounts = Record<LoadBucketField, number>;

export function emptyLoadCounts(): LoadCounts {
  return Object.fromEntries(LOAD_BUCKET_FIELDS.map((field) => [field, 0])) as LoadCounts;
}

/** The bucket a load time (0-TELEMETRY_MAX_MS) is counted in. */
export function loadBucketOf(ms: number): LoadBucketField {
  const bucket = LOAD_BUCKETS.find((candidate) => ms <= candidate.upToMs) ?? LOAD_BUCKETS[LOAD_BUCKETS.length - 1];
  return (bucket as (typeof LOAD_BUCKETS)[number]).field;
}

/**
 * The load time at quantile q (0.5, 0.95) as the upper bound of the bucket it falls in: "at most
 * this long" for that share of timed views. Null when nothing was timed.
 */
export function loadPercentile(counts: LoadCounts, q: number): number | null {
  const total = LOAD_BUCKET_FIELDS.reduce((sum, field) => sum + counts[field], 0);
  if (total === 0) return null;
  // The rank of the sample at q (nearest-rank method): the smallest bucket whose running count reaches it.
  const rank = Math.max(1, Math.ceil(q * total));
  let seen = 0;
  for (const bucket of LOAD_BUCKETS) {
    seen += counts[bucket.field];
    if (seen >= rank) return bucket.upToMs;
  }
  return TELEMETRY_MAX_MS;
}
