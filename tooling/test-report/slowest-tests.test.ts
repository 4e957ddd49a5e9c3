// The test runner's summary names the ten slowest tests of the run (scripts/lib/test-report.mjs),
// read from the reports Jest and Playwright write.
import { execFileSync } from 'node:child_process';
import path from 'node:path';

const REPORT_MODULE = path.join(path.resolve(__dirname, '../..'), 'scripts/lib/test-report.mjs');

/** The report module's timing functions on the given suites, in a child process (it is an ES module). */
function slowest(input: unknown): string[] {
  const script = `
    const { jestTimings, playwrightTimings, slowestTests } = await import(${JSON.stringify(REPORT_MODULE)});
    const { jest, playwright, count } = JSON.parse(process.env.INPUT);
    const suites = [
      { label: 'unit', timings: jestTimings(jest, '/repo') },
      { label: 'journeys', timings: playwrightTimings(playwright) },
    ];
    console.log(JSON.stringify(slowestTests(suites, count)));`;
  return JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { env: { ...process.env, INPUT: JSON.stringify(input) }, encoding: 'utf8' })) as string[];
}

const jestReport = {
  testResults: [
    {
      name: '/repo/api/src/a.spec.ts',
      assertionResults: [
        { fullName: 'a quick one', duration: 12 },
        { fullName: 'a slow one', duration: 9_500 },
      ],
    },
    { name: '/repo/libs/b.spec.ts', assertionResults: [{ fullName: 'no time said' }] },
  ],
};

// A journey that failed once and passed on its retry took both attempts' time.
const playwrightReport = {
  suites: [
    {
      file: 'home.spec.ts',
      specs: [
        { title: 'the home page', file: 'home.spec.ts', tests: [{ results: [{ duration: 4_000 }, { duration: 7_000 }] }] },
        { title: 'a short visit', file: 'home.spec.ts', tests: [{ results: [{ duration: 800 }] }] },
      ],
    },
  ],
};

test('names the slowest tests of every suite, slowest first, with their suite, file and time', () => {
  expect(slowest({ jest: jestReport, playwright: playwrightReport, count: 3 })).toEqual([
    '  11.0 s  journeys: home.spec.ts > the home page',
    '   9.5 s  unit: api/src/a.spec.ts > a slow one',
    '   0.8 s  journeys: home.spec.ts > a short visit',
  ]);
});

test('lists every test when there are fewer than asked, a test without a time last', () => {
  const lines = slowest({ jest: jestReport, playwright: playwrightReport, count: 10 });
  expect(lines).toHaveLength(5);
  expect(lines.at(-1)).toBe('   0.0 s  unit: libs/b.spec.ts > no time said');
});
