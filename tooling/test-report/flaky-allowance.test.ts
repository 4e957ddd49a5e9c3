// The rule that keeps a retry from hiding a red test (scripts/lib/test-report.mjs): the journeys and
// the deploy suite retry a failed test once, and a test that passes only on that retry counts as
// passed while the run has at most FLAKY_ALLOWANCE of them, named in the summary; past it every one
// counts as failed and the run fails. Checked on reports that Playwright itself writes, with the
// suites' own configuration (e2e/support/browser.ts), for tests made to fail their first attempt.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
const REPORT_MODULE = path.join(ROOT, 'scripts/lib/test-report.mjs');
// Each case that runs Playwright takes several seconds (more on a busy machine).
const PLAYWRIGHT_RUN_MS = 90_000;

interface Outcome {
  label: string;
  passed: number;
  failed: number;
  skipped: number;
  flaky: string[];
  problems: string[];
  error: string | null;
}

/** playwrightOutcome (an ES module) on a report, in a child process. */
function outcomeOf(report: unknown, allowance?: number): Outcome & { allowance: number } {
  const script = `
    const { playwrightOutcome, FLAKY_ALLOWANCE } = await import(${JSON.stringify(REPORT_MODULE)});
    const report = JSON.parse(process.env.REPORT);
    const allowance = process.env.ALLOWANCE ? Number(process.env.ALLOWANCE) : undefined;
    console.log(JSON.stringify({ ...playwrightOutcome(report, 'journeys', allowance), allowance: FLAKY_ALLOWANCE }));`;
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    env: { ...process.env, REPORT: JSON.stringify(report), ALLOWANCE: allowance === undefined ? '' : String(allowance) },
    encoding: 'utf8',
  });
  return JSON.parse(out) as Outcome & { allowance: number };
}

/** A spec file whose tests fail on their first attempt and pass on the retry, and one that passes. */
function specFile(flaky: number, failing = 0): string {
  const tests = [
    `test('steady', () => expect(1).toBe(1));`,
    ...Array.from({ length: flaky }, (_, index) => `test('flaky ${index + 1}', ({}, testInfo) => expect(testInfo.retry, 'fails its first attempt').toBe(1));`),
    ...Array.from({ length: failing }, (_, index) => `test('broken ${index + 1}', () => expect('red').toBe('green'));`),
  ];
  return `import { expect, test } from '@playwright/test';\ntest.describe('made up', () => {\n${tests.join('\n')}\n});\n`;
}

function withoutJest(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(env).filter(([name]) => !name.startsWith('JEST_')));
}

/** Runs Playwright with the suites' shared configuration on one spec file; returns its JSON report. */
function playwrightReport(flaky: number, failing = 0): unknown {
  // Outside the workspace's test-results/, which a journeys run empties when it starts.
  const dir = mkdtempSync(path.join(os.tmpdir(), 'flaky-rule-'));
  try {
    writeFileSync(path.join(dir, 'made-up.spec.ts'), specFile(flaky, failing));
    writeFileSync(
      path.join(dir, 'playwright.config.ts'),
      `import { defineConfig } from '@playwright/test';
import { browserSuite } from ${JSON.stringify(path.join(ROOT, 'e2e/support/browser.ts'))};
export default defineConfig(browserSuite({ testDir: '.', baseURL: 'http://127.0.0.1:9', outputDir: './out' }));
`,
    );
    const out = path.join(dir, 'report.json');
    spawnSync('npx', ['playwright', 'test', '-c', path.join(dir, 'playwright.config.ts')], {
      cwd: ROOT,
      // Without Jest's own variables: Playwright refuses to run inside a Jest worker.
      // (NODE_PATH: the spec there imports the workspace's @playwright/test.)
      env: { ...withoutJest(process.env), PLAYWRIGHT_JSON_OUTPUT_NAME: out, NODE_PATH: path.join(ROOT, 'node_modules') },
      encoding: 'utf8',
    });
    return JSON.parse(readFileSync(out, 'utf8'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test('the allowance is one test a run', () => {
  expect(outcomeOf({ suites: [], stats: { expected: 1, unexpected: 0, flaky: 0, skipped: 0 } }).allowance).toBe(1);
});

test('one test that passed only on its retry is tolerated, counted as passed and named', () => {
  const outcome = outcomeOf(playwrightReport(1));
  expect(outcome).toMatchObject({ passed: 2, failed: 0, error: null });
  expect(outcome.flaky).toEqual(['made-up.spec.ts > made up > flaky 1']);
  expect(outcome.problems).toEqual([expect.stringMatching(/^FLAKY \(passed only on a retry; tolerated: at most 1 a run\) made-up\.spec\.ts > made up > flaky 1: /)]);
}, PLAYWRIGHT_RUN_MS);

test('a second one fails the run: both count as failed, and the error names them', () => {
  const outcome = outcomeOf(playwrightReport(2));
  expect(outcome).toMatchObject({ passed: 1, failed: 2 });
  expect(outcome.flaky).toEqual(['made-up.spec.ts > made up > flaky 1', 'made-up.spec.ts > made up > flaky 2']);
  expect(outcome.error).toBe('journeys: 2 tests passed only on a retry (at most 1 may): made-up.spec.ts > made up > flaky 1; made-up.spec.ts > made up > flaky 2');
  expect(outcome.problems).toHaveLength(2);
  for (const problem of outcome.problems) expect(problem).toMatch(/^FLAKY, COUNTED AS FAILED /);
}, PLAYWRIGHT_RUN_MS);

test('a test failing on both attempts is a failure beside a tolerated flaky one', () => {
  const outcome = outcomeOf(playwrightReport(1, 1));
  expect(outcome).toMatchObject({ passed: 2, failed: 1, error: null });
  expect(outcome.problems).toEqual([
    expect.stringMatching(/^FLAKY \(passed only on a retry; tolerated/),
    expect.stringMatching(/^FAILED made-up\.spec\.ts > made up > broken 1: Error: expect\(received\)\.toBe\(expected\)/),
  ]);
  // The spec's line where it stopped (line 5 of the made-up file: import, describe, steady, flaky 1, broken 1).
  expect(outcome.problems[1]).toMatch(/ \(at made-up\.spec\.ts:5\)$/);
}, PLAYWRIGHT_RUN_MS);

test('a failure names the locator it waited for, and each attempt when the retry stopped elsewhere', () => {
  const clickTimeout = {
    message: "TimeoutError: locator.click: Timeout 15000ms exceeded.\nCall log:\n  - waiting for getByRole('link', { name: 'View artifact' })\n",
    location: { file: '/ci/e2e/tests/journey.spec.ts', line: 107, column: 5 },
  };
  const notVisible = {
    message: "Error: expect(locator).toBeVisible() failed\n\nLocator: getByText('Saved')\nExpected: visible\n",
    location: { file: '/ci/e2e/tests/journey.spec.ts', line: 39, column: 9 },
  };
  const report = (results: unknown[]) => ({
    stats: { expected: 0, unexpected: 1, flaky: 0, skipped: 0 },
    suites: [{ title: 'journey.spec.ts', file: 'journey.spec.ts', specs: [{ title: 'saves', file: 'journey.spec.ts', tests: [{ status: 'unexpected', results }] }] }],
  });
  expect(outcomeOf(report([{ error: notVisible }, { error: clickTimeout }])).problems).toEqual([
    "FAILED journey.spec.ts > saves: Error: expect(locator).toBeVisible() failed Locator: getByText('Saved') (at journey.spec.ts:39)" +
      " | on its retry: TimeoutError: locator.click: Timeout 15000ms exceeded. Locator: getByRole('link', { name: 'View artifact' }) (at journey.spec.ts:107)",
  ]);
  // The same failure twice is said once.
  expect(outcomeOf(report([{ error: notVisible }, { error: notVisible }])).problems).toEqual([
    "FAILED journey.spec.ts > saves: Error: expect(locator).toBeVisible() failed Locator: getByText('Saved') (at journey.spec.ts:39)",
  ]);
});

test('a run with no test is an error, and a steady run has no problem', () => {
  expect(outcomeOf({ suites: [], stats: { expected: 0, unexpected: 0, flaky: 0, skipped: 0 } }).error).toBe('journeys: no test ran');
  const steady = outcomeOf(playwrightReport(0));
  expect(steady).toMatchObject({ passed: 1, failed: 0, flaky: [], problems: [], error: null });
}, PLAYWRIGHT_RUN_MS);

test('with an allowance of 0 a single flaky test fails the run', () => {
  const report = {
    stats: { expected: 3, unexpected: 0, flaky: 1, skipped: 0 },
    suites: [{ title: 'a.spec.ts', file: 'a.spec.ts', specs: [{ title: 'wobbles', file: 'a.spec.ts', tests: [{ status: 'flaky', results: [{ error: { message: 'late' } }, {}] }] }] }],
  };
  expect(outcomeOf(report, 0)).toMatchObject({ passed: 3, failed: 1, flaky: ['a.spec.ts > wobbles'] });
  expect(outcomeOf(report)).toMatchObject({ passed: 4, failed: 0, error: null });
});

test('both Playwright suites are judged by this rule and fail the run on its error', () => {
  // Both runners read their report through playwrightSuite (its behaviour: tooling/test-report/playwright-suite.test.ts)...
  for (const [runner, call] of [
    ['scripts/journeys-phase.mjs', "await playwrightSuite('browser journeys', outs, results, async () => {"],
    ['scripts/deploy-phase.mjs', "await playwrightSuite('deploy journeys', out, results, async () => {"],
  ]) {
    const source = readFileSync(path.join(ROOT, runner as string), 'utf8');
    expect(source).toContain(call);
  }
  // ...which judges the reports (the journeys' workers' as one) by this rule and throws its error
  // after the run's own failure.
  const suite = readFileSync(path.join(ROOT, 'scripts/lib/playwright-suite.mjs'), 'utf8');
  expect(suite).toMatch(/playwrightOutcome\(mergePlaywrightReports\(written\.map\(\(file\) => JSON\.parse\(readFileSync\(file, 'utf8'\)\)\)\), label\)/);
  expect(suite).toMatch(/results\.push\(outcome\);\s*if \(failure\) throw failure;[^]*if \(outcome\.error\) throw new Error\(outcome\.error\);/);
});
