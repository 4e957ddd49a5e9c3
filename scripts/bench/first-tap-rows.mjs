// (h) The first interaction's figures (first-tap.mjs measures them): where a first tap's time went,
// and a scenario's two rows of the table over its runs. Pure: tested in tooling/scripts/bench-first-tap.test.ts.
import { median, round, row } from './helpers.mjs';
import { BUDGET } from './options.mjs';

/**
 * Where the first tap's time went, from what the page recorded (first-tap-page.mjs) and its resource
 * timing (`{ name, start, end, bytes }`), between the tap (`step.tapAt`) and the paint of its result
 * (`step.paintedAt`, or `until` when it never came):
 * - the JS requested after the tap: files, KB transferred, when the last one was in, and how long at
 *   least one request was outstanding (the rest of that wait is the main thread running the code
 *   that asks for the next: module federation's chain of requests);
 * - the long animation frames: their time, their scripts split into scripts evaluated (`<script>`
 *   runs) and callbacks (promise reactions that run the modules, React's scheduled work, handlers),
 *   their style and layout, and the files that took longest;
 * - when the layout's controls, the whole page and the tapped control were hydrated.
 */
export function bootOf(recorded, resources, step, until) {
  const from = step.tapAt;
  const to = step.paintedAt ?? until;
  const scripts = resources.filter((entry) => entry.start >= from && entry.start <= to && /\.m?js(\?|$)/.test(entry.name));
  const frames = recorded.frames.filter((frame) => frame.start + frame.duration > from && frame.start < to);
  const sum = (values) => round(values.reduce((total, value) => total + value, 0), 0);
  const calls = frames.flatMap((frame) => frame.scripts);
  const evaluation = calls.filter((call) => call.type === 'classic-script' || call.type === 'module-script');
  const byFile = new Map();
  for (const call of calls) {
    const name = `${call.url ? call.url.split('/').pop().split('?')[0] : '(page)'} ${call.type}`;
    byFile.set(name, (byFile.get(name) ?? 0) + call.duration);
  }
  let outstanding = 0;
  let reached = from;
  for (const entry of [...scripts].sort((a, b) => a.start - b.start)) {
    outstanding += Math.max(0, entry.end - Math.max(entry.start, reached));
    reached = Math.max(reached, entry.end);
  }
  const at = (time) => (time === null ? null : round(time - from, 0));
  return {
    composed: recorded.composed,
    jsFiles: scripts.length,
    jsKB: round(scripts.reduce((total, entry) => total + entry.bytes, 0) / 1024, 1),
    jsDoneMs: scripts.length ? round(Math.max(...scripts.map((entry) => entry.end)) - from, 0) : null,
    jsOutstandingMs: round(outstanding, 0),
    longFramesMs: sum(frames.map((frame) => Math.min(frame.start + frame.duration, to) - Math.max(frame.start, from))),
    evaluationMs: sum(evaluation.map((call) => call.duration)),
    callbacksMs: sum(calls.filter((call) => !evaluation.includes(call)).map((call) => call.duration)),
    styleLayoutMs: sum(frames.map((frame) => frame.styleAndLayout)),
    layoutHydratedMs: at(recorded.layoutAt),
    pageHydratedMs: at(recorded.pageAt),
    controlHydratedMs: at(recorded.targetAt),
    topScripts: [...byFile].sort((a, b) => b[1] - a[1]).slice(0, 4).map(([name, ms]) => `${name} ${round(ms, 0)} ms`),
  };
}

/** The run whose first tap's result is the median (of an even count the lower middle; no result counts as slowest). */
export function medianRun(runs) {
  const order = runs.map((run, index) => [run.first.resultMs ?? Infinity, index]).sort((a, b) => a[0] - b[0]);
  return runs[order[Math.floor((order.length - 1) / 2)][1]];
}

const list = (values) => values.map((value) => (value === null ? 'n/a' : round(value, 0))).join(', ');
const middle = (values) => (values.some((value) => value === null) ? null : round(median(values), 0));

/** What a first tap's time was made of, in the row's words. */
function describeBoot(runs) {
  const { boot } = medianRun(runs).first;
  const composed = runs.filter((run) => run.first.boot.composed).length;
  const plain = composed < runs.length ? ` (${runs.length - composed} of ${runs.length} runs had a plain document, booted on load)` : '';
  if (!boot.composed) return `that run: a plain document, its code booted on load${plain}`;
  if (boot.navigated) return `that run: the tap opened the list the server composed, before the code had come (no boot before its result)${plain}`;
  if (boot.navigated === false) return `that run's first tap was answered by the code; a later one opened another document, so its boot is not itemised${plain}`;
  return (
    `that run booted: ${boot.jsKB} KB of JS in ${boot.jsFiles} files, the last in by ${boot.jsDoneMs ?? 'n/a'} ms (${boot.jsOutstandingMs} ms of it with a request outstanding); ` +
    `long frames ${boot.longFramesMs} ms (scripts evaluated ${boot.evaluationMs}, callbacks ${boot.callbacksMs}, style and layout ${boot.styleLayoutMs}); ` +
    `layout hydrated at ${boot.layoutHydratedMs ?? 'n/a'} ms, page at ${boot.pageHydratedMs ?? 'n/a'} ms, control at ${boot.controlHydratedMs ?? 'n/a'} ms${plain}`
  );
}

/**
 * A scenario's two rows over its runs (`{ page, who, control, label, path }`; each run `{ slowdown,
 * benchmarkIndex, finalPath, first, later }`): the first tap (its result within BUDGET.firstTapMs and
 * the INP after it within BUDGET.inpMs; what its time was made of, in the run with the median
 * result) and a later tap (its own interaction and the visit's INP within BUDGET.inpMs). Medians,
 * with every run's value.
 */
export function scenarioRows(scenario, runs) {
  const redirect = runs[0].finalPath !== scenario.path ? ` -> ${runs[0].finalPath}` : '';
  const name = `${scenario.page}${redirect} (${scenario.who}): ${scenario.label}`;
  const key = `${scenario.page}:${scenario.who}:${scenario.control}`;
  const calibration = runs[0].benchmarkIndex === null ? 'smoke: not slowed' : `calibrated ${median(runs.map((run) => run.slowdown))}x, benchmarkIndex ${median(runs.map((run) => run.benchmarkIndex))}`;
  const firstResult = middle(runs.map((run) => run.first.resultMs));
  const firstInp = middle(runs.map((run) => run.first.inpMs));
  const over = [];
  if (firstResult === null || firstResult > BUDGET.firstTapMs) over.push(firstResult === null ? 'no result' : `result +${firstResult - BUDGET.firstTapMs} ms`);
  if (firstInp === null || firstInp > BUDGET.inpMs) over.push(firstInp === null ? 'no INP' : `INP +${firstInp - BUDGET.inpMs} ms`);
  const laterInp = middle(runs.map((run) => run.later.inpMs));
  const laterOwn = middle(runs.map((run) => run.later.interactionMs ?? 0));
  const laterOver = [];
  if (laterInp === null || laterInp > BUDGET.inpMs) laterOver.push(laterInp === null ? 'no INP' : `visit's INP +${laterInp - BUDGET.inpMs} ms`);
  if (laterOwn > BUDGET.inpMs) laterOver.push(`its interaction +${laterOwn - BUDGET.inpMs} ms`);
  return [
    row(
      'first-tap',
      `${key}:first`,
      `${name}, first tap (${calibration})`,
      `${firstResult ?? 'no result'} ms to its result (runs: ${list(runs.map((run) => run.first.resultMs))}); INP ${firstInp ?? 'n/a'} ms (runs: ${list(runs.map((run) => run.first.inpMs))}); ${describeBoot(runs)}`,
      `result <= ${BUDGET.firstTapMs} ms, INP <= ${BUDGET.inpMs} ms`,
      over.length ? { status: 'missed', by: over.join(', ') } : { status: 'met' },
      firstResult,
      'ms',
    ),
    row(
      'first-tap',
      `${key}:later`,
      `${name}, a later tap (${calibration})`,
      `${middle(runs.map((run) => run.later.resultMs)) ?? 'no result'} ms to its result (runs: ${list(runs.map((run) => run.later.resultMs))}); its interaction ${laterOwn} ms; the visit's INP ${laterInp ?? 'n/a'} ms (runs: ${list(runs.map((run) => run.later.inpMs))})`,
      `INP <= ${BUDGET.inpMs} ms`,
      laterOver.length ? { status: 'missed', by: laterOver.join(', ') } : { status: 'met' },
      laterInp,
      'ms',
    ),
  ];
}
