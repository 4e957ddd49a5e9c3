// The browser journeys' files shared out between the sites that run them (docs/decisions/0037), by
// how long each file took when last measured (e2e/journey-times.json), so the workers end together.
// Playwright's own --shard splits by test count in file order, which left one worker 4.5 minutes
// after the other (the axe pass over every page is 60 short tests, the photos 10 long ones).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** Where the measured seconds per journey file are kept (refreshed from test-results/journey-times.json). */
export const JOURNEY_TIMES_FILE = 'e2e/journey-times.json';

/** The journey files (names under `e2eDir`/tests), in name order. */
export function journeySpecFiles(e2eDir) {
  return readdirSync(path.join(e2eDir, 'tests'))
    .filter((file) => file.endsWith('.spec.ts'))
    .sort();
}

/**
 * `files` (names under e2e/tests) in `count` shares of about equal measured time: the longest file
 * first, each to the share with the least so far. A file not measured yet weighs the measured
 * files' mean. Each share's files in name order; the shares in no particular order.
 */
export function balancedShards(files, seconds, count) {
  const known = files.map((file) => seconds[file]).filter((value) => Number.isFinite(value) && value >= 0);
  const fallback = known.length > 0 ? known.reduce((sum, value) => sum + value, 0) / known.length : 1;
  const shares = Array.from({ length: count }, () => ({ files: [], seconds: 0 }));
  const weighed = [...new Set(files)]
    .map((file) => ({ file, weight: Number.isFinite(seconds[file]) && seconds[file] >= 0 ? seconds[file] : fallback }))
    .sort((a, b) => b.weight - a.weight || a.file.localeCompare(b.file));
  for (const { file, weight } of weighed) {
    const lightest = shares.reduce((least, share) => (share.seconds < least.seconds ? share : least));
    lightest.files.push(file);
    lightest.seconds += weight;
  }
  for (const share of shares) share.files.sort();
  return shares;
}

/**
 * Seconds per journey file from a run's timings (`{ name: 'file.spec.ts > title', ms }`, as
 * playwrightTimings gives them: every attempt counted), rounded to a tenth, in name order.
 */
export function secondsPerFile(timings) {
  const totals = new Map();
  for (const { name, ms } of timings) {
    const file = name.split(' > ')[0];
    totals.set(file, (totals.get(file) ?? 0) + ms / 1000);
  }
  return Object.fromEntries([...totals].sort(([a], [b]) => a.localeCompare(b)).map(([file, total]) => [file, Math.round(total * 10) / 10]));
}

/** The measured seconds per file (the table's `seconds`), or {} when the table is missing or unreadable. */
export function readJourneyTimes(file) {
  try {
    const table = JSON.parse(readFileSync(file, 'utf8'));
    return table && typeof table.seconds === 'object' && table.seconds !== null ? table.seconds : {};
  } catch {
    return {};
  }
}
