// One Playwright suite run by a runner (the browser journeys in scripts/test.mjs, the deploy
// journeys in scripts/deploy-phase.mjs) and read back from its JSON report for the summary.
import { existsSync, readFileSync } from 'node:fs';
import { mergePlaywrightReports, playwrightOutcome } from './test-report.mjs';

/**
 * Runs `start` (a Playwright run that writes its JSON report to `out`, through
 * PLAYWRIGHT_JSON_OUTPUT_NAME; or several side by side, each writing one of the reports `out` lists)
 * and pushes the suite's counts onto `results`: the reports' outcome as one, plus one failed test for
 * each report not written. Then throws the run's own failure if it failed, else the outcome's error:
 * no test ran, or more tests passed only on their retry than FLAKY_ALLOWANCE
 * (scripts/lib/test-report.mjs) in the suite as a whole.
 */
export async function playwrightSuite(label, out, results, start) {
  let failure;
  try {
    await start();
  } catch (error) {
    failure = error;
  }
  const outs = [out].flat();
  const written = outs.filter((file) => existsSync(file));
  const missing = outs.length - written.length;
  const outcome =
    written.length > 0
      ? playwrightOutcome(mergePlaywrightReports(written.map((file) => JSON.parse(readFileSync(file, 'utf8')))), label)
      : { label, passed: 0, failed: 0, skipped: 0 };
  outcome.failed += missing;
  results.push(outcome);
  if (failure) throw failure;
  if (missing > 0) throw new Error(`${label}: ${missing} of ${outs.length} runs wrote no report`);
  if (outcome.error) throw new Error(outcome.error);
}
