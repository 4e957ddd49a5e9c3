// (b) Lighthouse on the first pages of a site (the demo site of site.mjs, or --site-url), at its
// mobile preset and calibrated to the slowest host of this machine kind.
import http from 'node:http';
import { HEADLESS_FLAGS } from '../lib/chromium.cjs';
import { firebaseSession } from '../lib/firebase-session.mjs';
import { atLeast, atMost, median, round, row, say } from './helpers.mjs';
import { BUDGET } from './options.mjs';
import { ensureBenchTools } from './tools.mjs';
import { describeTasks, longTasksOverRuns, otherPagesNavigations, tasksAfterFirstPaint } from './long-tasks.mjs';
import { publicCollectionPath } from './site.mjs';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

/** Lighthouse's metrics, each with its budget (issue #16): medians of the runs, like the scores. */
const METRICS = [
  { id: 'largest-contentful-paint', key: 'lcpMs', label: 'LCP', budget: BUDGET.lcpMs, unit: 'ms' },
  { id: 'total-blocking-time', key: 'tbtMs', label: 'TBT', budget: BUDGET.tbtMs, unit: 'ms' },
  { id: 'cumulative-layout-shift', key: 'cls', label: 'CLS', budget: BUDGET.cls, unit: '' },
];

/**
 * One Lighthouse run of `url` in a fresh Chrome. `session`: a stored Firebase session put in the
 * site's localStorage first (the signed-in home page), through puppeteer, with the cache cleared
 * again before the measured load and Lighthouse told not to clear the storage. `cpuSlowdown`:
 * Lighthouse's CPU throttling multiplier (its mobile preset's 4 when not given). `method`: how it is
 * applied: 'simulate' (Lighthouse's default: the page runs at the host's speed and Lantern schedules
 * its trace's tasks as if slowed) or 'devtools' (the renderer itself is slowed by that much through
 * the DevTools protocol, and the network by the preset's, so the trace is the slowed page's own).
 */
async function lighthouseRun(ctx, url, session, cpuSlowdown, method = 'simulate') {
  await ensureBenchTools();
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const chrome = await chromeLauncher.launch({
    chromePath: ctx.chromePath,
    chromeFlags: [...HEADLESS_FLAGS],
    logLevel: 'silent',
  });
  let browser;
  try {
    const flags = { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES };
    // A calibrated run keeps the mobile preset's network (mobileSlow4G) and changes only the CPU.
    const { throttling } = await import('lighthouse/core/config/constants.js');
    const config = cpuSlowdown
      ? { extends: 'lighthouse:default', settings: { throttlingMethod: method, throttling: { ...throttling.mobileSlow4G, cpuSlowdownMultiplier: cpuSlowdown } } }
      : undefined;
    if (!session) return await lighthouse(url, flags, config);
    const { default: puppeteer } = await import('puppeteer-core');
    browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
    const page = await browser.newPage();
    await page.goto(new URL('/runtime-config.json', url).href);
    await page.evaluate(({ key, value }) => localStorage.setItem(key, value), session);
    const cdp = await page.createCDPSession();
    await cdp.send('Network.clearBrowserCache');
    return await lighthouse(url, { ...flags, disableStorageReset: true }, config, page);
  } finally {
    await browser?.disconnect();
    await chrome.kill();
  }
}

/**
 * The host's speed as Lighthouse measures it (environment.benchmarkIndex), and the CPU slowdown
 * that makes this host measure what the slowest host of this machine kind (benchmarkIndex 1 300)
 * measures at Lighthouse's 4x: 4 x benchmarkIndex / 1 300 (issue 29). Taken from a run of its own
 * just before the calibrated runs, so that the host's load at the time is what is calibrated for.
 */
export const SLOWEST_HOST_BENCHMARK_INDEX = 1300;
export function calibratedSlowdown(benchmarkIndex) {
  // Never below 1: a host measured under 325 (a busy one) is itself slower than the phone emulated,
  // and Lighthouse would then speed the page up; its row says the benchmarkIndex, so it is read as such.
  return Math.max(1, round((4 * benchmarkIndex) / SLOWEST_HOST_BENCHMARK_INDEX, 2));
}

/** KB of JS a run loaded (its resource summary's transfer size of scripts), or null when not reported. */
function scriptKB(lhr) {
  const item = (lhr.audits['resource-summary']?.details?.items ?? []).find((entry) => entry.resourceType === 'script');
  return typeof item?.transferSize === 'number' ? round(item.transferSize / 1024, 1) : null;
}

/** What one Lighthouse run says, kept in the report: scores, metrics, and where to look when low. */
function runSummary(lhr, signedIn, otherPages = []) {
  const scores = Object.fromEntries(CATEGORIES.map((c) => [c, lhr.categories[c]?.score === null ? null : Math.round((lhr.categories[c]?.score ?? 0) * 100)]));
  const metric = (id) => round(lhr.audits[id]?.numericValue ?? null, id === 'cumulative-layout-shift' ? 3 : 0);
  const failing = Object.fromEntries(
    CATEGORIES.map((c) => [
      c,
      (lhr.categories[c]?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score !== null && (lhr.audits[ref.id]?.score ?? 1) < 0.9)
        .map((ref) => ref.id),
    ]),
  );
  return {
    benchmarkIndex: round(lhr.environment?.benchmarkIndex ?? null),
    cpuSlowdown: lhr.configSettings?.throttling?.cpuSlowdownMultiplier ?? null,
    scores,
    metrics: {
      fcpMs: metric('first-contentful-paint'),
      lcpMs: metric('largest-contentful-paint'),
      tbtMs: metric('total-blocking-time'),
      cls: metric('cumulative-layout-shift'),
      speedIndexMs: metric('speed-index'),
    },
    failing,
    // What to look at when performance is low: the LCP element, what shifts, what blocks.
    lcpElement: lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.selector ?? null,
    layoutShifts: (lhr.audits['layout-shifts']?.details?.items ?? []).slice(0, 3).map((item) => ({ score: round(item.score ?? 0, 3), element: item.node?.selector ?? item.node?.nodeLabel ?? null })),
    bootup: (lhr.audits['bootup-time']?.details?.items ?? []).slice(0, 4).map((item) => ({ url: String(item.url).replace(/^https?:\/\/[^/]+/, ''), ms: round(item.total ?? 0) })),
    longestTasks: tasksAfterFirstPaint(lhr, 3, otherPages),
    // The JS the page loaded while Lighthouse watched it (no intent is made): transfer bytes, as
    // its resource summary counts them (gzip where the server compressed).
    scriptKB: scriptKB(lhr),
    signedIn: Boolean(signedIn),
    runtimeError: lhr.runtimeError?.message ?? null,
    warnings: lhr.runWarnings ?? [],
  };
}

/**
 * A page with nothing of ours in it (a heading and a line of text: no style, no script, no image),
 * served from this process on a free port: Lighthouse on it, at the same calibration, shows what
 * the browser alone costs on this host (its navigation and first frame), the floor under the first
 * pages' rows. Resolves with its URL and a function that stops the server.
 */
async function serveBarePage() {
  const html = '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="description" content="The bench\'s reference page"><title>Bare page</title></head><body><h1>Hello</h1><p>A line of text.</p></body></html>';
  const server = http.createServer((request, response) => {
    response.writeHead(request.url === '/' ? 200 : 404, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
    response.end(request.url === '/' ? html : '');
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${server.address().port}/`, close: () => new Promise((resolve) => server.close(resolve)) };
}

/**
 * A page's longest task after the first paint over a pass's runs: judged on each task's part after
 * the first paint (as Total Blocking Time counts it), the median over the runs as the other rows;
 * the text keeps each task's whole length and names the tasks of the run that gave the median.
 */
function longTaskRow(label, key, result, verdict) {
  const { longest, perRun, tasks } = result.longTasks;
  const text = `${longest} ms (runs: ${perRun.join(', ')}); in that run: ${describeTasks(tasks, BUDGET.longTaskMs)}`;
  return row('lighthouse', key, label, text, `<= ${BUDGET.longTaskMs} ms each`, verdict, longest, 'ms');
}

/**
 * (b) Lighthouse's mobile preset on each first page, median of --lighthouse-runs runs: first at its
 * own 4x CPU slowdown (shown for reference, with the host's benchmarkIndex), then calibrated to the
 * slowest host of this machine kind (calibratedSlowdown, from the benchmarkIndex of the 4x runs just
 * before): the budgets bind the calibrated runs. Each row says the benchmarkIndex it was measured at;
 * the calibrated rows add the longest task after the first paint (the median over the runs, with each
 * run's) and the three longest of the run that gave the median, with their scripts. That budget binds
 * a third pass, the calibrated slowdown applied to the renderer itself (Lighthouse's devtools
 * throttling): Lantern's simulated schedule leaves the navigation's commit out of its first paint,
 * so on any page, a bare one too, the task that paints the first frame lands after the simulated
 * paint (docs/performance.md, fifth pass); the simulated pass's long tasks stay as a row for
 * reference. A bare page is measured the same way last, as the floor under them (rows `info`).
 */
export async function measureLighthouse(ctx, { siteUrl }) {
  const runs = ctx.options.lighthouseRuns;
  const config = await (await fetch(`${siteUrl}/runtime-config.json`)).json();
  const session = await firebaseSession(config, { email: 'lighthouse@antiquarium.test', password: 'Lighthouse-1', displayName: 'Lighthouse' });
  const pages = {};
  const rows = [];
  const collection = await publicCollectionPath(config);
  const bare = await serveBarePage();
  try {
    for (const { name, path: page, signedIn, reference } of [
      { name: '/', path: '/' },
      { name: '/all-artifacts', path: '/all-artifacts' },
      { name: '/ (signed in)', path: '/', signedIn: true },
      { name: '/collections/:id (public)', path: collection },
      { name: 'bare page (the browser alone, for reference)', reference: true },
    ]) {
      const measure = async (label, cpuSlowdown, method) => {
        const results = [];
        for (let i = 0; i < runs; i += 1) {
          say(`(b) Lighthouse ${name} ${label} run ${i + 1} of ${runs}`);
          const { lhr, artifacts } = await lighthouseRun(ctx, reference ? bare.url : siteUrl + page, signedIn ? session : null, cpuSlowdown, method);
          // An observed run's task times are the trace's: another page's commit in them is left out.
          const otherPages = method === 'devtools' ? otherPagesNavigations(artifacts?.Trace?.traceEvents ?? [], lhr.mainDocumentUrl ?? lhr.finalDisplayedUrl) : [];
          results.push(runSummary(lhr, signedIn, otherPages));
        }
        const medianScores = Object.fromEntries(CATEGORIES.map((c) => [c, median(results.map((r) => r.scores[c]).filter((v) => v !== null))]));
        const medianMetrics = Object.fromEntries(METRICS.map(({ key }) => [key, median(results.map((r) => r.metrics[key]).filter((v) => v !== null))]));
        const benchmarkIndex = median(results.map((r) => r.benchmarkIndex).filter((v) => v !== null));
        return { runs: results, median: medianScores, medianMetrics, benchmarkIndex, longTasks: longTasksOverRuns(results.map((r) => r.longestTasks)) };
      };
      const standard = await measure('4x', undefined);
      const slowdown = standard.benchmarkIndex ? calibratedSlowdown(standard.benchmarkIndex) : 4;
      const calibrated = await measure(`calibrated ${slowdown}x`, slowdown);
      const applied = await measure(`calibrated ${slowdown}x, applied`, slowdown, 'devtools');
      pages[name] = { standard, calibrated: { ...calibrated, cpuSlowdown: slowdown }, applied: { ...applied, cpuSlowdown: slowdown } };
      // The bare page is the floor under the budgets, not held to them.
      const judge = (judgement) => (reference ? { status: 'info', by: 'reference: the browser alone' } : judgement);
      for (const [pass, result, judged] of [
        [`4x, benchmarkIndex ${standard.benchmarkIndex}`, standard, false],
        [`calibrated ${slowdown}x, benchmarkIndex ${calibrated.benchmarkIndex}`, calibrated, true],
      ]) {
        const verdict = (judgement) => judge(judged ? judgement : { status: 'info', by: 'the calibrated row is judged' });
        const keyOf = (what) => `${name}:${judged ? 'calibrated:' : ''}${what}`;
        for (const category of CATEGORIES) {
          const value = result.median[category];
          const all = result.runs.map((r) => r.scores[category]).join(', ');
          const budget = BUDGET.lighthouse[category];
          rows.push(row('lighthouse', keyOf(category), `${name} ${category} (${pass})`, `${value ?? 'n/a'} (runs: ${all})`, budget === 100 ? '100' : `>= ${budget}`, verdict(atLeast(value, budget)), value));
        }
        for (const { key, label, budget, unit } of METRICS) {
          const value = result.medianMetrics[key];
          const all = result.runs.map((r) => r.metrics[key]).join(', ');
          const format = (v) => (unit === 'ms' ? `${v} ms` : String(v));
          rows.push(row('lighthouse', keyOf(key), `${name} ${label} (simulated, ${pass})`, `${value === null ? 'n/a' : format(value)} (runs: ${all})`, `<= ${format(budget)}`, verdict(atMost(value, budget, format)), value, unit));
        }
        if (judged) {
          // The bytes budget of a first page (issue 29), on every page Lighthouse opens: a public
          // collection's page too (issue 28).
          const scripts = median(result.runs.map((r) => r.scriptKB).filter((v) => v !== null));
          rows.push(row('lighthouse', keyOf('first-page-js'), `${name} JS loaded without an intent (${pass})`, scripts === null ? 'n/a' : `${scripts} KB (runs: ${result.runs.map((r) => r.scriptKB).join(', ')})`, `<= ${BUDGET.firstPageJsKB} KB`, atMost(scripts, BUDGET.firstPageJsKB, (v) => `${v} KB`), scripts, 'KB'));
          // Lantern's schedule of the same runs' tasks, for reference: the applied pass below is judged.
          rows.push(longTaskRow(`${name} longest task after the first paint (simulated, ${pass})`, keyOf('longest-tasks-simulated'), result, verdict({ status: 'info', by: 'reference: the applied pass is judged' })));
        }
      }
      rows.push(
        longTaskRow(
          `${name} longest task after the first paint (calibrated ${slowdown}x applied to the renderer, benchmarkIndex ${applied.benchmarkIndex})`,
          `${name}:calibrated:longest-tasks`,
          applied,
          judge(atMost(applied.longTasks.longest, BUDGET.longTaskMs, (v) => `${v} ms`)),
        ),
      );
    }
  } finally {
    await bare.close();
  }
  return { section: { runs, preset: 'mobile (Lighthouse default), then calibrated: CPU slowdown 4 x benchmarkIndex / 1300', pages }, rows };
}
