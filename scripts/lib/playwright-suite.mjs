// One Playwright suite run by a runner (the browser journeys in scripts/test.mjs, the deploy
// journeys in scripts/deploy-phase.mjs) and read back from its JSON report for the summary.
import { existsSync, readFileSync } from 'node:fs';
import { playwrightOutcome } from './test-report.mjs';

/**
 * Runs `start` (a Playwright run that writes its JSON report to `out`, through
 * PLAYWRIGHT_JSON_OUTPUT_NAME) and pushes the suite's counts onto `results`: the report's outcome,
 * or one failed test when it wrote no report. Then throws the run's own failure if it failed, else
 * the outcome's error: no test ran, or more tests passed only on their retry than FLAKY_ALLOWANCE
 * (scripts/lib/test-report.mjs).
 */
export async function playwrightSuite(label, out, results, start) {
  let failure;
  try {
    await start();
  } catch (error) {
    failure = error;
  }
  const outcome = existsSync(out) ? playwrightOutcome(JSON.parse(readFileSync(out, 'utf8')), label) : { label, passed: 0, failed: 1, skipped: 0 };
  results.push(outcome);
  if (failure) throw failure;
  if (outcome.error) throw new Error(outcome.error);
}
