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
    timings: playwrightTimings(report),
    error:
      ran === 0
        ? `${label}: no test ran`
        : tolerated
          ? null
          : `${label}: ${flaky.length} tests passed only on a retry (at most ${allowance} may): ${flaky.join('; ')}`,
  };
}

/**
 * Several Playwright JSON reports of one suite (the journeys' workers, each running its share of the
 * files) as one: their counts added, their tests and errors together, the longest run's duration.
 */
export function mergePlaywrightReports(reports) {
  const sum = (key) => reports.reduce((total, report) => total + (report.stats?.[key] ?? 0), 0);
  return {
    ...reports[0],
    stats: {
      ...reports[0]?.stats,
      expected: sum('expected'),
      unexpected: sum('unexpected'),
      flaky: sum('flaky'),
      skipped: sum('skipped'),
      duration: Math.max(0, ...reports.map((report) => report.stats?.duration ?? 0)),
    },
    suites: reports.flatMap((report) => report.suites ?? []),
    errors: reports.flatMap((report) => report.errors ?? []),
  };
}

/** Jest's `--json` report: each test's time, as `{ name: 'file > title', ms }`. */
export function jestTimings(report, root = '') {
  return (report.testResults ?? []).flatMap((file) =>
    (file.assertionResults ?? []).map((test) => ({ name: `${relativeTo(root, file.name)} > ${test.fullName}`, ms: test.duration ?? 0 })),
  );
}

/** Playwright's JSON report: each test's time over all its attempts (a retry counts too). */
export function playwrightTimings(report) {
  return playwrightTests(report).map(({ name, test }) => ({ name, ms: (test.results ?? []).reduce((sum, result) => sum + (result.duration ?? 0), 0) }));
}

/** The `count` slowest tests of a run's suites (each `{ label, timings }`), slowest first, as lines. */
export function slowestTests(suites, count = 10) {
  return suites
    .flatMap((suite) => (suite.timings ?? []).map((timing) => ({ ...timing, label: suite.label })))
    .sort((a, b) => b.ms - a.ms)
    .slice(0, count)
    .map((timing) => `${(timing.ms / 1000).toFixed(1).padStart(6)} s  ${timing.label}: ${timing.name}`);
}

function relativeTo(root, file) {
  return root && file.startsWith(`${root}/`) ? file.slice(root.length + 1) : file;
}

/**
 * The runner's closing lines: how long each phase took, the ten slowest tests, then each suite's
 * counts and failures (last, where a truncated CI log still shows them); and the totals.
 */
export function summaryOf(results, phaseTimes = []) {
  const lines = [];
  if (phaseTimes.length > 0) lines.push(`phases: ${phaseTimes.join(', ')}`);
  const slowest = slowestTests(results, 10);
  if (slowest.length > 0) lines.push(`the ${slowest.length} slowest tests:`, ...slowest);
  const total = { passed: 0, failed: 0, skipped: 0 };
  for (const result of results) {
    // A Playwright suite also names the tests that passed only on a retry (tolerated or not).
    const flaky = result.flaky?.length ? `; flaky (passed only on a retry): ${result.flaky.join('; ')}` : '';
    lines.push(`${result.label}: ${result.passed} passed, ${result.failed} failed, ${result.skipped} skipped${flaky}`);
    for (const problem of result.problems ?? []) lines.push(`  ${problem}`);
    total.passed += result.passed;
    total.failed += result.failed;
    total.skipped += result.skipped;
  }
  return { lines, total };
}
