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

/** Playwright's JSON report: the tests that failed, and those that passed only on a retry. */
export function playwrightProblems(report) {
  const problems = [];
  const visit = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'unexpected' && test.status !== 'flaky') continue;
        const error = test.results?.find((result) => result.error)?.error;
        const kind = test.status === 'flaky' ? 'FLAKY (passed on a retry)' : 'FAILED';
        problems.push(`${kind} ${spec.file ?? suite.file} > ${[...titles, spec.title].join(' > ')}: ${firstLine(error?.message)}`);
      }
    }
    for (const child of suite.suites ?? []) visit(child, child.title && child.title !== child.file ? [...titles, child.title] : titles);
  };
  for (const suite of report.suites ?? []) visit(suite, []);
  return problems;
}
