/**
 * The long main-thread tasks of a Lighthouse run after its first paint (issue 29: no task over 50 ms
 * after the first paint, calibrated). Read from the long-tasks audit, whose times are the simulated
 * (throttled) ones, like first-contentful-paint's.
 *
 * "After the first paint" is counted as Lighthouse counts Total Blocking Time: a task that started
 * before the first paint counts only from it. The navigation's own commit (Lighthouse cannot
 * attribute it to a script) ends just after the simulated first paint on every page, a bare one too:
 * its full length says what the browser costs, the part after the first paint what blocks a visitor
 * who sees the page. Both are kept: `ms` (the whole task) and `afterMs` (its part after the paint).
 */

const round = (value) => Math.round(value * 10) / 10;

/** @typedef {{ ms: number, afterMs: number, startMs: number, script: string }} LongTask a task's whole length, its part after the first paint, its start, and its script */

/**
 * @param {{ audits: Record<string, { numericValue?: number, details?: { items?: Array<{ startTime?: number, duration?: number, url?: string }> } }> }} lhr
 * @param {number} [count] how many to keep, longest part after the first paint first
 * @param {number[]} [otherPages] when another page's navigation started, in the same times as the
 *   audit's (otherPagesNavigations): a task that holds one is that page's, not the measured one's
 * @returns {LongTask[]}
 */
export function tasksAfterFirstPaint(lhr, count = 3, otherPages = []) {
  const firstPaint = lhr.audits['first-contentful-paint']?.numericValue ?? 0;
  return (lhr.audits['long-tasks']?.details?.items ?? [])
    .filter((item) => !otherPages.some((at) => at >= (item.startTime ?? 0) && at <= (item.startTime ?? 0) + (item.duration ?? 0)))
    .map((item) => {
      const start = item.startTime ?? 0;
      const duration = item.duration ?? 0;
      return {
        ms: round(duration),
        afterMs: round(Math.max(0, start + duration - Math.max(start, firstPaint))),
        startMs: round(start),
        script: String(item.url ?? '').replace(/^https?:\/\/[^/]+/, '') || '(page)',
      };
    })
    .filter((task) => task.afterMs > 0)
    .sort((a, b) => b.afterMs - a.afterMs || b.ms - a.ms)
    .slice(0, count);
}

/**
 * When another page than the measured one started a navigation in the measured page's renderer, in
 * ms from the measured page's own navigation start (the times of an observed run's long-tasks audit).
 * Seen in every trace read (19), 1.6-2.1 s after the navigation with the renderer slowed: an empty
 * document in an outermost main frame of its own (not the page's, which has one main frame and no
 * frames inside it) commits on the same main thread, a task Lighthouse cannot attribute, in some runs
 * a long one (58-124 ms with the renderer slowed 11x).
 * @param {Array<{ name: string, ts: number, pid: number, args?: { frame?: string, data?: { documentLoaderURL?: string, isOutermostMainFrame?: boolean } } }>} traceEvents
 * @param {string} pageUrl the measured document's URL
 * @returns {number[]}
 */
export function otherPagesNavigations(traceEvents, pageUrl) {
  const starts = traceEvents.filter((event) => event.name === 'navigationStart' && event.args?.data?.isOutermostMainFrame);
  const page = starts.find((event) => event.args?.data?.documentLoaderURL === pageUrl);
  if (!page) return [];
  return starts
    .filter((event) => event.pid === page.pid && event.args?.frame !== page.args?.frame)
    .map((event) => round((event.ts - page.ts) / 1000));
}

/** The row's text: each task's length, and for one that began before the first paint, its part after. */
export function describeTasks(tasks, budgetMs) {
  if (tasks.length === 0) return `none over ${budgetMs} ms`;
  return tasks.map((task) => `${task.ms} ms ${task.script}${task.afterMs < task.ms ? ` (began before the first paint: ${task.afterMs} ms after it)` : ''}`).join('; ');
}

/** The longest part of a task after the first paint: what the budget judges. */
export const longestAfterFirstPaint = (tasks) => tasks[0]?.afterMs ?? 0;

/**
 * A page's long tasks over its runs, judged as its other rows are: the median of each run's longest
 * part after the first paint, with every run's value, and the tasks of the run that gave the median
 * (to name them). One run's longest task moves by 2x between runs of the same page on this kind of
 * host; which run stood for the page used to be the run with the median performance score, which
 * is any of them when all score 100.
 * @param {LongTask[][]} runs each run's tasksAfterFirstPaint
 * @returns {{ longest: number, perRun: number[], tasks: LongTask[] }}
 */
export function longTasksOverRuns(runs) {
  const perRun = runs.map(longestAfterFirstPaint);
  if (perRun.length === 0) return { longest: 0, perRun, tasks: [] };
  const order = perRun.map((value, index) => [value, index]).sort((a, b) => a[0] - b[0]);
  // The middle run, or of an even count the lower middle: a value some run measured.
  const [longest, index] = order[Math.floor((order.length - 1) / 2)];
  return { longest, perRun, tasks: runs[index] };
}
