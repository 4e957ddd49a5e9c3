// What a suite's JSON report says went wrong, a line per test, so that the runner can name the
// failing tests last, after the services' logs (CI keeps only the end of the output).

// Colour codes (ESC [ ... m) out of the reporters' messages.
const COLOUR = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');
const firstLine = (text) => String(text ?? '').replace(COLOUR, '').split('\n').find((line) => line.trim()) ?? '';

/** Jest's `--json` report: the failed tests, each as `file > title: first line of the error`. */
export function jestProblems(report) {
  const problems = [];
  for (const file of report.testResults ?? []) {
    const failed = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of failed) problems.push(`FAILED ${file.name} > ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
    // A file that failed before any test ran (a syntax or set-up error) has a message of its own.
    if (failed.length === 0 && file.status === 'failed') problems.push(`FAILED ${file.name}: ${firstLine(file.message)}`);
  }
  return problems;
}

/**
 * How many tests of one Playwright run (the journeys, the deploy suite) may pass only on their retry
 * without failing it. Both suites retry a failed test once (e2e/support/browser.ts) because one
 * stretched moment on a shared 2-core machine should not stop a landing; but a test that fails half
 * the time would then be green three runs in four. So one such test per run is tolerated and named
 * in the summary; a second one fails the run, and every flaky test counts as failed.
 */
export const FLAKY_ALLOWANCE = 1;

/**
 * A Playwright error as one line: its first line, the locator it waited for, and the line of the
 * spec where it stopped (CI shows only this summary, so a failure must say where it happened).
 */
function describeError(error) {
  const message = String(error?.message ?? '').replace(COLOUR, '');
  // An assertion names its locator; an action (a click that timed out) names it in its call log.
  const lines = message.split('\n').map((line) => line.trim());
  const waited = lines.find((line) => line.startsWith('- waiting for '))?.slice('- waiting for '.length);
  const locator = lines.find((line) => line.startsWith('Locator: ')) ?? (waited ? `Locator: ${waited}` : undefined);
  const { file, line } = error?.location ?? {};
  const where = file ? ` (at ${file.split(/[\\/]/).pop()}:${line})` : '';
  return `${firstLine(message)}${locator ? ` ${locator}` : ''}${where}`;
}

/** Each test of a Playwright JSON report with its file and titles, as `file > describe > title`. */
function playwrightTests(report) {
  const tests = [];
  const visit = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) tests.push({ name: `${spec.file ?? suite.file} > ${[...titles, spec.title].join(' > ')}`, test });
    }
    for (const child of suite.suites ?? []) visit(child, child.title && child.title !== child.file ? [...titles, child.title] : titles);
  };
  for (const suite of report.suites ?? []) visit(suite, []);
  return tests;
}

/** The tests of a Playwright JSON report that passed only on a retry (Playwright's `flaky`). */
export function flakyTests(report) {
  return playwrightTests(report)
    .filter(({ test }) => test.status === 'flaky')
    .map(({ name }) => name);
}

/**
 * Playwright's JSON report: the tests that failed, and those that passed only on a retry (each
 * marked as tolerated or, past the allowance, as failed).
 */
export function playwrightProblems(report, allowance = FLAKY_ALLOWANCE) {
  const tolerated = flakyTests(report).length <= allowance;
  const problems = [];
  for (const { name, test } of playwrightTests(report)) {
    if (test.status !== 'unexpected' && test.status !== 'flaky') continue;
    const errors = [...new Set((test.results ?? []).filter((result) => result.error).map((result) => describeError(result.error)))];
    const kind =
      test.status !== 'flaky'
        ? 'FAILED'
        : tolerated
          ? `FLAKY (passed only on a retry; tolerated: at most ${allowance} a run)`
          : `FLAKY, COUNTED AS FAILED (passed only on a retry; more than ${allowance} in this run)`;
    // Each attempt's failure when they differ: a retry may stop somewhere else than the first try.
    problems.push(`${kind} ${name}: ${errors.join(' | on its retry: ')}`);
  }
  return problems;
}

/**
 * A Playwright run's counts for the runner's summary. A test that passed only on its retry counts
 * as passed while the run has at most `allowance` of them, and as failed (all of them) past it;
 * `flaky` names them either way, and `error` says why the run failed when they alone fail it.
 */
export function playwrightOutcome(report, label, allowance = FLAKY_ALLOWANCE) {
  const stats = report.stats ?? {};
  const flaky = flakyTests(report);
  const tolerated = flaky.length <= allowance;
  const ran = (stats.expected ?? 0) + (stats.unexpected ?? 0) + flaky.length;
  return {
    label,
    passed: (stats.expected ?? 0) + (tolerated ? flaky.length : 0),
    failed: (stats.unexpected ?? 0) + (tolerated ? 0 : flaky.length),
    skipped: stats.skipped ?? 0,
    flaky,
    problems: playwrightProblems(report, allowance),
    error:
      ran === 0
        ? `${label}: no test ran`
        : tolerated
          ? null
          : `${label}: ${flaky.length} tests passed only on a retry (at most ${allowance} may): ${flaky.join('; ')}`,
  };
}
