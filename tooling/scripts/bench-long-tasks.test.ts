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
