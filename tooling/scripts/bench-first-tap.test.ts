// scripts/bench/first-tap-rows.mjs: where a first tap's time went, and the first interaction's rows
// of the bench's table (issue 47), on what the measured page records (first-tap-page.mjs).
import { execFileSync } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
const MODULE = path.join(ROOT, 'scripts/bench/first-tap-rows.mjs');

/** Calls one of the module's functions with `args`, in a child (the module is ESM). */
function call<T>(name: 'bootOf' | 'scenarioRows' | 'medianRun', ...args: unknown[]): T {
  const script = [`import { ${name} } from ${JSON.stringify(MODULE)};`, `process.stdout.write(JSON.stringify(${name}(...${JSON.stringify(args)})));`].join('\n');
  return JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: ROOT, encoding: 'utf8' })) as T;
}

interface Boot {
  composed: boolean;
  jsFiles: number;
  jsKB: number;
  jsDoneMs: number | null;
  jsOutstandingMs: number;
  longFramesMs: number;
  evaluationMs: number;
  callbacksMs: number;
  styleLayoutMs: number;
  layoutHydratedMs: number | null;
  pageHydratedMs: number | null;
  controlHydratedMs: number | null;
  topScripts: string[];
}

interface Row {
  key: string;
  measure: string;
  result: string;
  status: string;
  by: string;
  value: number | null;
}

const recorded = {
  composed: true,
  layoutAt: 1800,
  pageAt: 2100,
  targetAt: 1800,
  frames: [
    // Before the tap: not the tap's.
    { start: 200, duration: 80, styleAndLayout: 5, scripts: [{ type: 'classic-script', url: 'http://site/early.js', duration: 60 }] },
    {
      start: 1100,
      duration: 300,
      styleAndLayout: 20,
      scripts: [
        { type: 'classic-script', url: 'http://site/main.4f.js', duration: 180 },
        { type: 'resolve-promise', url: 'http://site/main.4f.js', duration: 40 },
      ],
    },
    // Runs past the result's paint: counted up to it.
    { start: 1900, duration: 200, styleAndLayout: 10, scripts: [{ type: 'event-listener', url: 'http://site/react-dom.9a.js?v=1', duration: 150 }] },
  ],
};

const resources = [
  { name: 'http://site/runtime-config.json', start: 50, end: 60, bytes: 300 },
  { name: 'http://site/main.4f.js', start: 1000, end: 1100, bytes: 40 * 1024 },
  // Overlapping requests count once...
  { name: 'http://site/react-dom.9a.js', start: 1050, end: 1150, bytes: 60 * 1024 },
  // ...and the wait between two, while the first one's code ran, not at all.
  { name: 'http://site/remoteEntry.js', start: 1400, end: 1450, bytes: 10 * 1024 },
  { name: 'http://api/artifacts?type=Tools', start: 1500, end: 1600, bytes: 5000 },
];

describe('where a first tap’s time went', () => {
  it('counts the JS asked for after the tap, the long frames between the tap and the paint, and the hydration marks', () => {
    const boot = call<Boot>('bootOf', recorded, resources, { tapAt: 1000, paintedAt: 2000 }, 31_000);
    expect(boot).toEqual({
      composed: true,
      jsFiles: 3,
      jsKB: 110,
      jsDoneMs: 450,
      jsOutstandingMs: 200,
      longFramesMs: 400,
      evaluationMs: 180,
      callbacksMs: 190,
      styleLayoutMs: 30,
      layoutHydratedMs: 800,
      pageHydratedMs: 1100,
      controlHydratedMs: 800,
      topScripts: ['main.4f.js classic-script 180 ms', 'react-dom.9a.js event-listener 150 ms', 'main.4f.js resolve-promise 40 ms'],
    });
  });

  it('counts up to `until` when the result never came', () => {
    const boot = call<Boot>('bootOf', { ...recorded, targetAt: null }, resources, { tapAt: 1000, paintedAt: null }, 1300);
    expect(boot.longFramesMs).toBe(200);
    expect(boot.jsFiles).toBe(2);
    expect(boot.controlHydratedMs).toBeNull();
  });
});

const boot: Boot = call<Boot>('bootOf', recorded, resources, { tapAt: 1000, paintedAt: 2000 }, 31_000);
const run = (resultMs: number | null, inpMs: number, later: { resultMs: number; inpMs: number; interactionMs: number } = { resultMs: 90, inpMs: inpMs, interactionMs: 80 }) => ({
  slowdown: 10,
  benchmarkIndex: 3250,
  finalPath: '/all-artifacts',
  first: { resultMs, inpMs, boot: { ...boot, jsKB: resultMs ?? 0 } },
  later,
});
const scenario = { page: '/all-artifacts', path: '/all-artifacts', who: 'visitor', control: 'filter', label: 'a type filter' };

describe('the first interaction’s rows', () => {
  it('judges the first tap by its result (1 s) and INP (200 ms), and tells the run with the median result', () => {
    const [first, later] = call<Row[]>('scenarioRows', scenario, [run(1400, 120), run(900, 100), run(1100, 260)]);
    expect(first).toMatchObject({ key: 'first-tap:/all-artifacts:visitor:filter:first', status: 'missed', by: 'result +100 ms', value: 1100 });
    expect(first.measure).toBe('/all-artifacts (visitor): a type filter, first tap (calibrated 10x, benchmarkIndex 3250)');
    expect(first.result).toMatch(/^1100 ms to its result \(runs: 1400, 900, 1100\); INP 120 ms \(runs: 120, 100, 260\); that run booted: 1100 KB of JS/);
    expect(later).toMatchObject({ key: 'first-tap:/all-artifacts:visitor:filter:later', status: 'met', value: 120 });
  });

  it('misses a first tap with no result, and a later tap whose interaction or visit is over 200 ms', () => {
    const [first, later] = call<Row[]>('scenarioRows', scenario, [run(null, 120, { resultMs: 90, inpMs: 350, interactionMs: 240 })]);
    expect(first).toMatchObject({ status: 'missed', by: 'no result' });
    expect(first.result).toMatch(/^no result ms/);
    expect(later).toMatchObject({ status: 'missed', by: "visit's INP +150 ms, its interaction +40 ms" });
  });

  it('says when the page was not composed, and where a visitor was sent', () => {
    const plain = { ...run(150, 90), finalPath: '/login', first: { resultMs: 150, inpMs: 90, boot: { ...boot, composed: false } } };
    const [first] = call<Row[]>('scenarioRows', { ...scenario, page: '/artifacts/:id', path: '/artifacts/abc', control: 'menu', label: 'the menu button' }, [plain]);
    expect(first.measure).toBe('/artifacts/:id -> /login (visitor): the menu button, first tap (calibrated 10x, benchmarkIndex 3250)');
    expect(first.result).toContain('that run: a plain document, its code booted on load');
    expect(first.status).toBe('met');
  });

  it('says when a tap opened the list the server composed, and when only a later tap did', () => {
    const opened = { ...run(420, 64), first: { resultMs: 420, inpMs: 64, boot: { composed: true, navigated: true } } };
    const [first] = call<Row[]>('scenarioRows', scenario, [opened]);
    expect(first.result).toMatch(/^420 ms to its result .*that run: the tap opened the list the server composed, before the code had come/);
    expect(first.status).toBe('met');
    const answered = { ...run(900, 64), first: { resultMs: 900, inpMs: 64, boot: { composed: true, navigated: false } } };
    expect(call<Row[]>('scenarioRows', scenario, [answered])[0].result).toContain("that run's first tap was answered by the code; a later one opened another document");
  });
});
