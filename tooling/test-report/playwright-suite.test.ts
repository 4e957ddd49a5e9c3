// How a runner reads one Playwright suite (scripts/lib/playwright-suite.mjs, shared by the browser
// journeys of scripts/test.mjs and the deploy journeys of scripts/deploy-phase.mjs): the counts it
// pushes for the summary and what it throws, for a run that passes, fails, writes no report, runs
// nothing or passes only on retries.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
const SUITE_MODULE = path.join(ROOT, 'scripts/lib/playwright-suite.mjs');

interface Scenario {
  /** The JSON report the run writes, or none. */
  report?: unknown;
  /** Runs side by side instead (the journeys' workers): the report each writes, or null for none. */
  reports?: unknown[];
  /** The run's own failure (Playwright's non-zero exit), or none. */
  fails?: string;
}

interface Read {
  results: { label: string; passed: number; failed: number; skipped: number; flaky?: string[] }[];
  thrown: string | null;
  ran: boolean;
}

/** playwrightSuite (an ES module) over a made-up run, in a child process. */
function readSuite(scenario: Scenario): Read {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'playwright-suite-'));
  try {
    const script = `
      import { writeFileSync } from 'node:fs';
      const { playwrightSuite } = await import(${JSON.stringify(SUITE_MODULE)});
      const scenario = JSON.parse(process.env.SCENARIO);
      const out = scenario.reports ? scenario.reports.map((_, index) => process.env.OUT + '-' + index) : process.env.OUT;
      const results = [];
      let ran = false;
      let thrown = null;
      try {
        await playwrightSuite('journeys', out, results, async () => {
          ran = true;
          if (scenario.report !== undefined) writeFileSync(out, JSON.stringify(scenario.report));
          for (const [index, each] of (scenario.reports ?? []).entries()) if (each !== null) writeFileSync(out[index], JSON.stringify(each));
          if (scenario.fails) throw new Error(scenario.fails);
        });
      } catch (error) {
        thrown = error.message;
      }
      console.log(JSON.stringify({ results, thrown, ran }));`;
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
      env: { ...process.env, SCENARIO: JSON.stringify(scenario), OUT: path.join(dir, 'playwright.json') },
      encoding: 'utf8',
    });
    return JSON.parse(out) as Read;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A Playwright JSON report (the parts the runner reads) with tests of the given statuses. */
function report(statuses: string[]): unknown {
  const count = (status: string) => statuses.filter((each) => each === status).length;
  return {
    stats: { expected: count('expected'), unexpected: count('unexpected'), skipped: count('skipped'), flaky: count('flaky') },
    suites: [
      {
        title: 'a.spec.ts',
        file: 'a.spec.ts',
        specs: statuses.map((status, index) => ({
          title: `test ${index + 1}`,
          file: 'a.spec.ts',
          tests: [{ status, results: status === 'unexpected' || status === 'flaky' ? [{ error: { message: 'red' } }] : [] }],
        })),
      },
    ],
  };
}

test('a run that passes: its counts are pushed and nothing is thrown', () => {
  const read = readSuite({ report: report(['expected', 'expected', 'skipped']) });
  expect(read.ran).toBe(true);
  expect(read.thrown).toBeNull();
  expect(read.results).toEqual([expect.objectContaining({ label: 'journeys', passed: 2, failed: 0, skipped: 1, flaky: [] })]);
});

test("a run that fails: its counts are pushed, then the run's own failure is thrown", () => {
  const read = readSuite({ report: report(['expected', 'unexpected']), fails: 'npx playwright test failed (exit 1)' });
  expect(read.thrown).toBe('npx playwright test failed (exit 1)');
  expect(read.results).toEqual([expect.objectContaining({ passed: 1, failed: 1 })]);
});

test('a run that wrote no report counts as one failed test, and its failure is thrown', () => {
  const read = readSuite({ fails: 'npx playwright test failed (SIGTERM)' });
  expect(read.thrown).toBe('npx playwright test failed (SIGTERM)');
  expect(read.results).toEqual([{ label: 'journeys', passed: 0, failed: 1, skipped: 0 }]);
});

test('a run that ran no test fails the suite though Playwright exited 0', () => {
  const read = readSuite({ report: report([]) });
  expect(read.thrown).toBe('journeys: no test ran');
});

test('one test that passed only on its retry is tolerated; two fail the suite', () => {
  const one = readSuite({ report: report(['expected', 'flaky']) });
  expect(one.thrown).toBeNull();
  expect(one.results).toEqual([expect.objectContaining({ passed: 2, failed: 0, flaky: ['a.spec.ts > test 2'] })]);
  const two = readSuite({ report: report(['expected', 'flaky', 'flaky']) });
  expect(two.thrown).toMatch(/^journeys: 2 tests passed only on a retry/);
  expect(two.results).toEqual([expect.objectContaining({ passed: 1, failed: 2 })]);
});

test("side-by-side runs count as one suite: their tests added, the retry allowance over all of them", () => {
  const both = readSuite({ reports: [report(['expected', 'skipped']), report(['expected', 'expected', 'flaky'])] });
  expect(both.thrown).toBeNull();
  expect(both.results).toEqual([expect.objectContaining({ label: 'journeys', passed: 4, failed: 0, skipped: 1, flaky: ['a.spec.ts > test 3'] })]);
  const twoFlaky = readSuite({ reports: [report(['expected', 'flaky']), report(['flaky'])] });
  expect(twoFlaky.thrown).toMatch(/^journeys: 2 tests passed only on a retry/);
  expect(twoFlaky.results).toEqual([expect.objectContaining({ passed: 1, failed: 2 })]);
});

test('a side-by-side run that wrote no report counts as one failed test and fails the suite', () => {
  const read = readSuite({ reports: [report(['expected', 'expected']), null] });
  expect(read.thrown).toBe('journeys: 1 of 2 runs wrote no report');
  expect(read.results).toEqual([expect.objectContaining({ passed: 2, failed: 1 })]);
});
