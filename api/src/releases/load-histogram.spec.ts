import { TELEMETRY_MAX_MS } from '@antiquarium/contracts';
import { emptyInpCounts, emptyLoadCounts, INP_BUCKETS, inpBucketOf, inpPercentile, LOAD_BUCKETS, loadBucketOf, loadPercentile, type InpCounts, type LoadCounts } from './load-histogram';

function countsOf(samples: number[]): LoadCounts {
  const counts = emptyLoadCounts();
  for (const ms of samples) counts[loadBucketOf(ms)] += 1;
  return counts;
}

describe('load histogram', () => {
  it('puts each load time in the first bucket whose bound holds it', () => {
    expect(loadBucketOf(0)).toBe('loadLe100');
    expect(loadBucketOf(100)).toBe('loadLe100');
    expect(loadBucketOf(100.5)).toBe('loadLe200');
    expect(loadBucketOf(12_800)).toBe('loadLe12800');
    expect(loadBucketOf(12_801)).toBe('loadOver12800');
    expect(loadBucketOf(TELEMETRY_MAX_MS)).toBe('loadOver12800');
    expect(LOAD_BUCKETS.map((bucket) => bucket.upToMs)).toEqual([100, 200, 400, 800, 1600, 3200, 6400, 12_800, TELEMETRY_MAX_MS]);
  });

  it('has no percentile without timed views', () => {
    expect(loadPercentile(emptyLoadCounts(), 0.5)).toBeNull();
  });

  it('reads p50 and p95 as the upper bound of the bucket the nearest-rank sample falls in', () => {
    // 100 samples: 50 at 90 ms, 45 at 300 ms, 5 at 5 s.
    const counts = countsOf([...Array<number>(50).fill(90), ...Array<number>(45).fill(300), ...Array<number>(5).fill(5000)]);
    expect(loadPercentile(counts, 0.5)).toBe(100);
    expect(loadPercentile(counts, 0.51)).toBe(400);
    expect(loadPercentile(counts, 0.95)).toBe(400);
    expect(loadPercentile(counts, 0.96)).toBe(6400);
  });

  it('handles one sample, and the slowest bucket', () => {
    expect(loadPercentile(countsOf([700]), 0.5)).toBe(800);
    expect(loadPercentile(countsOf([700]), 0.95)).toBe(800);
    expect(loadPercentile(countsOf([60_000, 50]), 0.95)).toBe(TELEMETRY_MAX_MS);
    expect(loadPercentile(countsOf([60_000, 50]), 0.5)).toBe(100);
  });
});

describe('INP histogram', () => {
  const inpCountsOf = (samples: number[]): InpCounts => {
    const counts = emptyInpCounts();
    for (const ms of samples) counts[inpBucketOf(ms)] += 1;
    return counts;
  };

  it('has bounds at the web’s thresholds: good up to 200 ms, poor past 500 ms', () => {
    expect(INP_BUCKETS.map((bucket) => bucket.upToMs)).toEqual([50, 100, 200, 300, 500, 800, 1200, 2000, 4000, TELEMETRY_MAX_MS]);
    expect(inpBucketOf(0)).toBe('inpLe50');
    expect(inpBucketOf(200)).toBe('inpLe200');
    expect(inpBucketOf(201)).toBe('inpLe300');
    expect(inpBucketOf(4001)).toBe('inpOver4000');
    expect(inpBucketOf(TELEMETRY_MAX_MS)).toBe('inpOver4000');
  });

  it('reads p75 as the upper bound of the bucket the nearest-rank sample falls in; none without reports', () => {
    expect(inpPercentile(emptyInpCounts(), 0.75)).toBeNull();
    // 8 page loads: 6 good (40-180 ms), 2 slow (350 ms, 1.5 s): the 6th of 8 is the p75.
    expect(inpPercentile(inpCountsOf([40, 60, 90, 120, 150, 180, 350, 1500]), 0.75)).toBe(200);
    expect(inpPercentile(inpCountsOf([40, 60, 90, 120, 150, 350, 380, 1500]), 0.75)).toBe(500);
  });
});
