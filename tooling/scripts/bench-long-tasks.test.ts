// scripts/bench/long-tasks.mjs: the bench's reading of Lighthouse's long tasks after the first paint
// (issue 29), on Lighthouse results shaped as Lighthouse 12 writes them.
import { execFileSync } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
const MODULE = path.join(ROOT, 'scripts/bench/long-tasks.mjs');

interface Task {
  ms: number;
  afterMs: number;
  startMs: number;
  script: string;
}

interface Item {
  startTime?: number;
  duration?: number;
  url?: string;
}

/** The module's three functions on one Lighthouse result, in a child (the module is ESM). */
function read(firstPaint: number | undefined, items: Item[] | undefined, count?: number): { tasks: Task[]; text: string; longest: number } {
  const lhr = {
    audits: {
      ...(firstPaint === undefined ? {} : { 'first-contentful-paint': { numericValue: firstPaint } }),
      'long-tasks': items === undefined ? {} : { details: { items } },
    },
  };
  const script = [
    `import { tasksAfterFirstPaint, describeTasks, longestAfterFirstPaint } from ${JSON.stringify(MODULE)};`,
    `const tasks = tasksAfterFirstPaint(${JSON.stringify(lhr)}${count === undefined ? '' : `, ${count}`});`,
    'process.stdout.write(JSON.stringify({ tasks, text: describeTasks(tasks, 50), longest: longestAfterFirstPaint(tasks) }));',
  ].join('\n');
  return JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: ROOT, encoding: 'utf8' }));
}

describe('the long tasks after the first paint', () => {
  it('leaves out a task that ended before the first paint, and counts one that began before it only from the paint on', () => {
    const { tasks, longest, text } = read(1000, [
      { startTime: 700, duration: 200, url: 'http://localhost:4200/' },
      { startTime: 950, duration: 90, url: 'Unattributable' },
      { startTime: 1100, duration: 61.26, url: 'http://localhost:4200/main.js' },
    ]);
    expect(tasks).toEqual([
      { ms: 61.3, afterMs: 61.3, startMs: 1100, script: '/main.js' },
      { ms: 90, afterMs: 40, startMs: 950, script: 'Unattributable' },
    ]);
    expect(longest).toBe(61.3);
    expect(text).toBe('61.3 ms /main.js; 90 ms Unattributable (began before the first paint: 40 ms after it)');
  });

  it('judges the longest part after the paint, not the longest task', () => {
    const { tasks, longest } = read(500, [
      { startTime: 400, duration: 140, url: 'Unattributable' },
      { startTime: 600, duration: 55 },
    ]);
    expect(tasks.map((task) => task.afterMs)).toEqual([55, 40]);
    expect(tasks[0].script).toBe('(page)');
    expect(longest).toBe(55);
  });

  it('keeps the longest few, and says none when nothing is left after the paint', () => {
    const many = [10, 70, 30, 90, 50].map((duration, index) => ({ startTime: 1000 + index * 200, duration, url: `http://x/${index}.js` }));
    expect(read(900, many, 2).tasks.map((task) => task.script)).toEqual(['/3.js', '/1.js']);
    const none = read(900, [{ startTime: 100, duration: 300 }]);
    expect(none.tasks).toEqual([]);
    expect(none.longest).toBe(0);
    expect(none.text).toBe('none over 50 ms');
  });

  it('reads a result without the audits as no tasks, every task after a missing first paint', () => {
    expect(read(undefined, undefined).tasks).toEqual([]);
    expect(read(undefined, [{ startTime: 5, duration: 80 }]).longest).toBe(80);
  });
});

/** longTasksOverRuns on runs given as each run's tasks, in a child (the module is ESM). */
function overRuns(runs: Task[][]): { longest: number; perRun: number[]; tasks: Task[] } {
  const script = [
    `import { longTasksOverRuns } from ${JSON.stringify(MODULE)};`,
    `process.stdout.write(JSON.stringify(longTasksOverRuns(${JSON.stringify(runs)})));`,
  ].join('\n');
  return JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: ROOT, encoding: 'utf8' }));
}

const task = (afterMs: number, script: string, ms = afterMs): Task => ({ ms, afterMs, startMs: 1000, script });

describe('the long tasks over a page’s runs', () => {
  it('judges the median of the runs’ longest parts after the paint, and names the tasks of the run that gave it', () => {
    const runs = [[task(91, '/a')], [task(48, '/b'), task(30, '/c')], [task(76, '/d', 120)]];
    const result = overRuns(runs);
    expect(result.longest).toBe(76);
    expect(result.perRun).toEqual([91, 48, 76]);
    expect(result.tasks).toEqual([task(76, '/d', 120)]);
  });

  it('counts a run with nothing after the paint as 0, and takes the lower middle of an even count', () => {
    expect(overRuns([[], [task(60, '/x')], []]).longest).toBe(0);
    const even = overRuns([[task(80, '/p')], [task(55, '/q')], [task(70, '/r')], []]);
    expect(even.longest).toBe(55);
    expect(even.tasks[0].script).toBe('/q');
    expect(overRuns([])).toEqual({ longest: 0, perRun: [], tasks: [] });
  });
});

/** otherPagesNavigations on trace events, then tasksAfterFirstPaint leaving those pages' tasks out. */
function withOtherPages(events: unknown[], pageUrl: string, firstPaint: number, items: Item[]): { at: number[]; tasks: Task[] } {
  const lhr = { audits: { 'first-contentful-paint': { numericValue: firstPaint }, 'long-tasks': { details: { items } } } };
  const script = [
    `import { otherPagesNavigations, tasksAfterFirstPaint } from ${JSON.stringify(MODULE)};`,
    `const at = otherPagesNavigations(${JSON.stringify(events)}, ${JSON.stringify(pageUrl)});`,
    `process.stdout.write(JSON.stringify({ at, tasks: tasksAfterFirstPaint(${JSON.stringify(lhr)}, 3, at) }));`,
  ].join('\n');
  return JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: ROOT, encoding: 'utf8' }));
}

describe("another page's commit in the measured page's renderer", () => {
  const navigation = (ts: number, pid: number, frame: string, url: string, outermost = true) => ({
    name: 'navigationStart',
    ts,
    pid,
    args: { frame, data: { documentLoaderURL: url, isOutermostMainFrame: outermost, isLoadingMainFrame: true } },
  });
  const PAGE = 'http://localhost:4200/';
  // Trace times in microseconds; the page's navigation at 5 000 000.
  const events = [
    navigation(4_000_000, 7, 'PAGE', 'about:blank'),
    navigation(5_000_000, 7, 'PAGE', PAGE),
    { name: 'ParseHTML', ts: 5_050_000, pid: 7, args: { beginData: { frame: 'PAGE' } } },
    navigation(6_747_000, 7, 'OTHER', ''),
    navigation(6_900_000, 9, 'ELSEWHERE', ''),
    navigation(6_950_000, 7, 'CHILD', 'http://localhost:4200/frame', false),
  ];

  it("is found by its navigation: another outermost main frame of the page's process, in ms from the page's navigation", () => {
    // The earlier about:blank of the page's own frame is not another page; nor are another process's
    // main frame and a frame inside the page.
    const { at } = withOtherPages(events, PAGE, 900, []);
    expect(at).toEqual([1747]);
  });

  it('leaves out the task that holds that navigation, and keeps the page’s own', () => {
    const { tasks } = withOtherPages(events, PAGE, 900, [
      { startTime: 1734, duration: 59.1, url: 'Unattributable' },
      { startTime: 1100, duration: 64, url: 'Unattributable' },
      { startTime: 1794, duration: 70, url: PAGE },
    ]);
    expect(tasks.map((task) => [task.startMs, task.ms])).toEqual([
      [1794, 70],
      [1100, 64],
    ]);
  });

  it('leaves nothing out when the page’s navigation is not in the trace', () => {
    const { at, tasks } = withOtherPages(events, 'http://localhost:4200/elsewhere', 900, [{ startTime: 1734, duration: 59.1 }]);
    expect(at).toEqual([]);
    expect(tasks).toHaveLength(1);
  });
});
