import { TELEMETRY_MAX_MS } from '@antiquarium/contracts';

/**
 * The telemetry's times as fixed histograms (in ms): counters that `$inc` can add to from any number
 * of instances, from which percentiles are read back without keeping every sample. Two of them: the
 * remotes' load times (doubling bounds; the last bucket holds everything slower than 12.8 s, up to
 * TELEMETRY_MAX_MS) and the page loads' Interaction to Next Paint (bounds at the web's thresholds:
 * "good" up to 200 ms, "poor" past 500 ms).
 */
interface Bucket<Field extends string> {
  readonly field: Field;
  readonly upToMs: number;
}

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

export const INP_BUCKETS = [
  { field: 'inpLe50', upToMs: 50 },
  { field: 'inpLe100', upToMs: 100 },
  { field: 'inpLe200', upToMs: 200 },
  { field: 'inpLe300', upToMs: 300 },
  { field: 'inpLe500', upToMs: 500 },
  { field: 'inpLe800', upToMs: 800 },
  { field: 'inpLe1200', upToMs: 1200 },
  { field: 'inpLe2000', upToMs: 2000 },
  { field: 'inpLe4000', upToMs: 4000 },
  { field: 'inpOver4000', upToMs: TELEMETRY_MAX_MS },
] as const;

export type LoadBucketField = (typeof LOAD_BUCKETS)[number]['field'];
export type InpBucketField = (typeof INP_BUCKETS)[number]['field'];
export const LOAD_BUCKET_FIELDS: readonly LoadBucketField[] = LOAD_BUCKETS.map((bucket) => bucket.field);
export const INP_BUCKET_FIELDS: readonly InpBucketField[] = INP_BUCKETS.map((bucket) => bucket.field);
export type LoadCounts = Record<LoadBucketField, number>;
export type InpCounts = Record<InpBucketField, number>;

function emptyCounts<Field extends string>(buckets: readonly Bucket<Field>[]): Record<Field, number> {
  return Object.fromEntries(buckets.map((bucket) => [bucket.field, 0])) as Record<Field, number>;
}

/** The bucket a time (0-TELEMETRY_MAX_MS) is counted in: the first whose bound holds it. */
function bucketOf<Field extends string>(buckets: readonly Bucket<Field>[], ms: number): Field {
  return (buckets.find((candidate) => ms <= candidate.upToMs) ?? (buckets[buckets.length - 1] as Bucket<Field>)).field;
}

/**
 * The time at quantile q (0.5, 0.95) as the upper bound of the bucket it falls in: "at most this
 * long" for that share of the samples. Null when there is none.
 */
function percentileOf<Field extends string>(buckets: readonly Bucket<Field>[], counts: Record<Field, number>, q: number): number | null {
  const total = buckets.reduce((sum, bucket) => sum + counts[bucket.field], 0);
  if (total === 0) return null;
  // The rank of the sample at q (nearest-rank method): the smallest bucket whose running count reaches it.
  const rank = Math.max(1, Math.ceil(q * total));
  let seen = 0;
  for (const bucket of buckets) {
    seen += counts[bucket.field];
    if (seen >= rank) return bucket.upToMs;
  }
  return TELEMETRY_MAX_MS;
}

export const emptyLoadCounts = (): LoadCounts => emptyCounts(LOAD_BUCKETS);
export const loadBucketOf = (ms: number): LoadBucketField => bucketOf(LOAD_BUCKETS, ms);
export const loadPercentile = (counts: LoadCounts, q: number): number | null => percentileOf(LOAD_BUCKETS, counts, q);

export const emptyInpCounts = (): InpCounts => emptyCounts(INP_BUCKETS);
export const inpBucketOf = (ms: number): InpBucketField => bucketOf(INP_BUCKETS, ms);
export const inpPercentile = (counts: InpCounts, q: number): number | null => percentileOf(INP_BUCKETS, counts, q);
