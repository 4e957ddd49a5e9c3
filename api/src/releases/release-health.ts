import type { ReleaseHealth } from '@antiquarium/contracts';
import { failureRate, type Health } from './canary-verdict';
import { emptyInpCounts, emptyLoadCounts, INP_BUCKET_FIELDS, inpPercentile, LOAD_BUCKET_FIELDS, loadPercentile } from './load-histogram';
import type { StatsCounters } from './release-stats.schema';

/** Minutes, as the stats rows are keyed: the start of the minute `at` falls in. */
export function minuteOf(at: number): Date {
  return new Date(at - (at % 60_000));
}

/** The page loads and failures of some stats rows (one release's). */
export function healthOf(rows: readonly StatsCounters[]): Health {
  let views = 0;
  let failures = 0;
  for (const row of rows) {
    views += row.views ?? 0;
    failures += (row.loadFailures ?? 0) + (row.renderErrors ?? 0);
  }
  return { views, failures };
}

/** What GET /releases shows of one release's rows. */
export function releaseHealth(rows: readonly StatsCounters[]): ReleaseHealth {
  const load = emptyLoadCounts();
  const inp = emptyInpCounts();
  let views = 0;
  let loadFailures = 0;
  let renderErrors = 0;
  for (const row of rows) {
    views += row.views ?? 0;
    loadFailures += row.loadFailures ?? 0;
    renderErrors += row.renderErrors ?? 0;
    for (const field of LOAD_BUCKET_FIELDS) load[field] += row[field] ?? 0;
    for (const field of INP_BUCKET_FIELDS) inp[field] += row[field] ?? 0;
  }
  return {
    views,
    loadFailures,
    renderErrors,
    failureRate: Math.round(failureRate({ views, failures: loadFailures + renderErrors }) * 10_000) / 10_000,
    loadP50Ms: loadPercentile(load, 0.5),
    loadP95Ms: loadPercentile(load, 0.95),
    inpReports: INP_BUCKET_FIELDS.reduce((sum, field) => sum + inp[field], 0),
    inpP75Ms: inpPercentile(inp, 0.75),
  };
}
