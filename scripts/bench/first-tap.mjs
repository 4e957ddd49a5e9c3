// (h) The first interaction (issue 47): a composed first page starts its code on the visitor's first
// intent (docs/decisions/0015, 0021), so the boot that Lighthouse's navigation no longer sees is paid
// on the first tap. For each first page, as a visitor and as a member, in Chromium at the calibrated
// CPU slowdown: the time from a tap on a control to the paint that shows its result, for the first
// tap after load (which boots the code) and for a later one, with Interaction to Next Paint as the
// browser reports it (the web-vitals library's onINP, and the Event Timing entries it reads).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS } from '../lib/chromium.cjs';
import { firebaseSession, verifyEmail } from '../lib/firebase-session.mjs';
import { ROOT } from '../lib/services.mjs';
import { round, say } from './helpers.mjs';
import { calibratedSlowdown } from './lighthouse.mjs';
import { publicCollectionPath } from './site.mjs';
import { ensureBenchTools } from './tools.mjs';
import { recordInteractions } from './first-tap-page.mjs';
import { bootOf, scenarioRows } from './first-tap-rows.mjs';

// Lighthouse's mobile screen (a Moto G Power), and a tablet in portrait: the narrowest screen where
// the refine panel's type choices are in view without opening its drawer (768 px and up).
const PHONE = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };
const TABLET = { viewport: { width: 820, height: 1180 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };
const RESULT_TIMEOUT_MS = 30_000;
/** A person typing fast: the time between two keys. */
const KEY_DELAY_MS = 60;
const TYPE_CHOICES = '.cat-refine__body > section:first-child .cat-choice:not([disabled])';

/** Taps the centre of the `index`th match of `selector`, scrolled into the middle of the screen first (by script: no intent). */
async function tap(page, selector, index = 0) {
  const control = page.locator(selector).nth(index);
  await control.evaluate((node) => {
    node.scrollIntoView({ block: 'center' });
    globalThis.__aqTap.target ??= node;
  });
  const box = await control.boundingBox();
  if (!box) throw new Error(`${selector} is not on screen`);
  await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
}

async function search(page, word) {
  await tap(page, '#filter-search');
  await page.keyboard.type(word, { delay: KEY_DELAY_MS });
  await page.keyboard.press('Enter');
}

/**
 * The controls, each with its two steps: what is done, the result that answers it (first-tap-page.mjs
 * RESULTS), and the input the result is timed from ('tap': the step's first touch; 'Enter': the
 * key that sends a search typed after the tap).
 */
const CONTROLS = {
  menu: {
    label: 'the menu button',
    screen: PHONE,
    steps: () => [
      { act: (page) => tap(page, '.aq-topbar__menu-toggle'), result: ['menu-open'], from: 'tap' },
      { act: (page) => tap(page, '.aq-topbar__menu-toggle'), result: ['menu-closed'], from: 'tap' },
    ],
  },
  search: {
    label: 'the search field, then a word typed and Enter (timed from Enter)',
    screen: PHONE,
    steps: () => [
      { act: (page) => search(page, 'sword'), result: ['searched', 'sword'], from: 'Enter' },
      {
        act: async (page) => {
          await page.locator('#filter-search').fill('');
          await search(page, 'stone');
        },
        result: ['searched', 'stone'],
        from: 'Enter',
      },
    ],
  },
  filter: {
    label: 'a type filter (the refine panel, on a tablet)',
    screen: TABLET,
    steps: (types) => [
      { act: (page) => tap(page, TYPE_CHOICES, 0), result: ['chosen', types[0]], from: 'tap' },
      { act: (page) => tap(page, TYPE_CHOICES, 1), result: ['chosen', types[1]], from: 'tap' },
    ],
  },
  like: {
    label: 'the like button',
    screen: PHONE,
    steps: (_types, liked) => [
      { act: (page) => tap(page, 'button.cat-like'), result: ['liked', String(!liked)], from: 'tap' },
      { act: (page) => tap(page, 'button.cat-like'), result: ['liked', String(liked)], from: 'tap' },
    ],
  },
};

/** Every page, visitor and member, with each of its controls (of `controls`); the smoke run keeps the first alone. */
function scenarios({ details, collection }, smoke, controls) {
  const pages = [
    { page: '/', path: '/', control: 'menu' },
    { page: '/all-artifacts', path: '/all-artifacts', control: 'menu' },
    { page: '/all-artifacts', path: '/all-artifacts', control: 'search' },
    { page: '/all-artifacts', path: '/all-artifacts', control: 'filter' },
    { page: '/artifacts/:id', path: details, control: 'menu' },
    { page: '/artifacts/:id', path: details, control: 'like', who: ['member'] },
    { page: '/collections/:id (public)', path: collection, control: 'menu' },
  ];
  const all = pages.filter((entry) => controls.includes(entry.control)).flatMap((entry) => (entry.who ?? ['visitor', 'member']).map((who) => ({ ...entry, who })));
  return smoke ? all.slice(0, 1) : all;
}

/** This host's benchmarkIndex, measured as Lighthouse measures it (its own page function), and the calibrated slowdown. */
async function calibrate(browser) {
  await ensureBenchTools();
  const { pageFunctions } = await import('lighthouse/core/lib/page-functions.js');
  const page = await browser.newPage();
  try {
    const benchmarkIndex = round(await page.evaluate(`(${pageFunctions.computeBenchmarkIndex.toString()})()`), 0);
    return { benchmarkIndex, slowdown: calibratedSlowdown(benchmarkIndex) };
  } finally {
    await page.close();
  }
}

/** Waits until the page has been quiet (no long animation frame, no new resource) for a second, at most 20 s. */
async function settle(page) {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const quiet = await page.evaluate(() => {
      const lastFrame = globalThis.__aqTap.frames.reduce((end, frame) => Math.max(end, frame.start + frame.duration), 0);
      const lastResource = performance.getEntriesByType('resource').reduce((end, entry) => Math.max(end, entry.responseEnd), 0);
      return performance.now() - Math.max(lastFrame, lastResource) > 1000;
    });
    if (quiet) return;
    await page.waitForTimeout(250);
  }
}

/** Whether the result watched for has been painted, in whichever document the page now shows (false while one is being committed). */
async function waitForResult(page) {
  const deadline = Date.now() + RESULT_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const painted = await page.evaluate(() => globalThis.__aqTap?.watch?.paintedAt != null).catch(() => false);
    if (painted) return true;
    await page.waitForTimeout(200);
  }
  return false;
}

/**
 * One step: the action, then the paint of its result; what the page recorded of it. A step whose tap
 * led to another document (`navigated`: a refine choice before the code has come) is read from what
 * the document before kept (`__aqTap.before`), its times moved to the new document's clock.
 */
async function measureStep(page, { act, result, from }) {
  const { inputsBefore, origin } = await page.evaluate(([name, arg]) => {
    globalThis.__aqTap.expect(name, arg);
    return { inputsBefore: globalThis.__aqTap.inputs.length, origin: performance.timeOrigin };
  }, result);
  await act(page);
  const painted = await waitForResult(page);
  await settle(page);
  return page.evaluate(
    ({ inputsBefore, origin, from, painted }) => {
      const state = globalThis.__aqTap;
      const navigated = performance.timeOrigin !== origin && state.before?.origin === origin;
      // The step's own records, on this document's clock.
      const shift = navigated ? origin - performance.timeOrigin : 0;
      const source = navigated ? state.before : state;
      const inputs = source.inputs.slice(inputsBefore).map((input) => ({ ...input, at: input.at + shift, paintAt: input.paintAt == null ? null : input.paintAt + shift }));
      const events = source.events.map((event) => ({ ...event, start: event.start + shift }));
      const tapAt = inputs.find((input) => input.type === 'pointerdown')?.at ?? inputs[0]?.at ?? null;
      const startAt = from === 'Enter' ? (inputs.find((input) => input.key === 'Enter')?.at ?? null) : tapAt;
      const paintedAt = painted ? state.watch.paintedAt : null;
      const end = paintedAt ?? performance.now();
      // The step's interactions, each as long as its longest event (what INP counts of it).
      const worst = new Map();
      for (const event of events) if (event.id > 0 && event.start >= tapAt - 1 && event.start <= end) worst.set(event.id, Math.max(worst.get(event.id) ?? 0, event.duration));
      const interactionMs = worst.size ? Math.max(...worst.values()) : null;
      // A tap that left its document: the worst interaction that document reported (its INP), or, when
      // it left before reporting one, the span from the step's inputs to the paint that followed them
      // there (or, with none, to the new document's result).
      const inp = navigated ? [...state.before.inp, ...state.inp] : state.inp;
      const unreported = navigated && inp.length === 0;
      const directly = inputs.map((input) => (input.paintAt ?? end) - input.at);
      const left = unreported ? (interactionMs ?? (directly.length ? Math.max(...directly) : null)) : null;
      return {
        navigated,
        tapAt,
        startAt,
        paintedAt,
        // A result painted before its input would be one the page showed already: none of this step's.
        resultMs: paintedAt !== null && startAt !== null && paintedAt > startAt ? paintedAt - startAt : null,
        interactionMs,
        interactions: worst.size,
        inpMs: inp.at(-1)?.value ?? left,
        inpRead: unreported ? (interactionMs !== null ? 'event timing' : 'input to paint') : 'web-vitals',
        // Without a result: what the page showed instead.
        shown: painted
          ? null
          : {
              url: globalThis.location.pathname + globalThis.location.search,
              search: globalThis.document.querySelector('#filter-search')?.value ?? null,
              status: globalThis.document.querySelector('.cat-all__status')?.textContent ?? null,
            },
      };
    },
    { inputsBefore, origin, from, painted },
  );
}

/** One fresh visit: load, settle, the control's two steps; with the CPU slowed by `slowdown`. */
async function visit(browser, { siteUrl, scenario, slowdown, session, webVitals }) {
  const control = CONTROLS[scenario.control];
  const context = await browser.newContext(control.screen);
  try {
    if (scenario.who === 'member') {
      // A returning member: the stored Firebase session, and the session hint cookie the auth store wrote at sign-in.
      await context.addCookies([{ name: 'aq_session', value: 'member', url: siteUrl }]);
      await context.addInitScript(({ origin, key, value }) => globalThis.location.origin === origin && globalThis.localStorage.setItem(key, value), { origin: new URL(siteUrl).origin, ...session });
    }
    await context.addInitScript(webVitals);
    await context.addInitScript(recordInteractions);
    await context.addInitScript(() => performance.setResourceTimingBufferSize(2000));
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
    await page.goto(siteUrl + scenario.path, { waitUntil: 'load', timeout: 60_000 });
    await settle(page);
    const composed = await page.evaluate(() => globalThis.document.querySelector('[data-aq-frame]') !== null);
    const types = scenario.control === 'filter' ? await page.locator(TYPE_CHOICES).evaluateAll((nodes) => nodes.slice(0, 2).map((node) => node.firstChild.textContent.trim())) : [];
    const liked = scenario.control === 'like' ? (await page.locator('button.cat-like').getAttribute('aria-pressed')) === 'true' : false;
    const [firstStep, laterStep] = control.steps(types, liked);
    const first = await measureStep(page, firstStep);
    const afterFirstInpMs = first.inpMs;
    const later = await measureStep(page, laterStep);
    const recorded = await page.evaluate(() => ({ ...globalThis.__aqTap, target: null, watch: null }));
    const resources = await page.evaluate(() => performance.getEntriesByType('resource').map((entry) => ({ name: entry.name, start: entry.startTime, end: entry.responseEnd, bytes: entry.transferSize || entry.encodedBodySize })));
    // After a step that opened another document, this one's records say nothing of the first boot.
    const boot = first.navigated || later.navigated ? { composed, navigated: first.navigated } : bootOf({ ...recorded, composed }, resources, first, first.tapAt + RESULT_TIMEOUT_MS);
    return { finalPath: new URL(page.url()).pathname, first: { ...first, inpMs: afterFirstInpMs, boot }, later };
  } finally {
    await context.close();
  }
}

/**
 * A returning member's stored session (scripts/lib/firebase-session.mjs) whose email is verified, as
 * an administrator would verify it (the Auth Emulator's owner credential): likes need it.
 */
async function memberSession(config) {
  const session = await firebaseSession(config, { email: 'first-tap@antiquarium.test', password: 'First-Tap-1', displayName: 'First Tap' });
  await verifyEmail(config.authEmulatorUrl, config.firebase, JSON.parse(session.value).uid);
  return session;
}

/**
 * (h) Every scenario (scenarios()) --tap-runs times, each run in a fresh context at a slowdown
 * calibrated just before it (the smoke run: one scenario, once, unslowed). Rows per scenario: the
 * first tap (its result within BUDGET.firstTapMs, and INP within BUDGET.inpMs, with what its time
 * was made of) and a later tap (INP).
 */
export async function measureFirstTap(ctx, { siteUrl }) {
  const { options } = ctx;
  const config = await (await fetch(`${siteUrl}/runtime-config.json`)).json();
  const session = await memberSession(config);
  const [artifact] = await (await fetch(`${config.apiUrl.replace(/\/+$/, '')}/artifacts?limit=1&sort=likes`)).json();
  const details = `/artifacts/${artifact._id}`;
  const collection = options.smoke ? null : await publicCollectionPath(config);
  // The shell's own web-vitals (its telemetry's), as a script that sets globalThis.webVitals: an
  // init script runs inside a function, where the IIFE's `var` would stay.
  const library = path.join(path.dirname(createRequire(path.join(ROOT, 'shell/package.json')).resolve('web-vitals')), 'web-vitals.iife.js');
  const webVitals = `${readFileSync(library, 'utf8')};\nglobalThis.webVitals = webVitals;`;
  const browser = await chromium.launch({ executablePath: ctx.chromePath, args: CHROMIUM_FLAGS });
  const results = [];
  const rows = [];
  try {
    for (const scenario of scenarios({ details, collection }, options.smoke, options.tapControls)) {
      const runs = [];
      for (let i = 0; i < options.tapRuns; i += 1) {
        const { benchmarkIndex, slowdown } = options.smoke ? { benchmarkIndex: null, slowdown: 1 } : await calibrate(browser);
        say(`(h) first tap: ${scenario.page} (${scenario.who}), ${scenario.control}, run ${i + 1} of ${options.tapRuns} at ${slowdown}x`);
        runs.push({ benchmarkIndex, slowdown, ...(await visit(browser, { siteUrl, scenario, slowdown, session, webVitals })) });
      }
      const described = { ...scenario, label: CONTROLS[scenario.control].label };
      results.push({ ...described, runs });
      rows.push(...scenarioRows(described, runs));
    }
  } finally {
    await browser.close();
  }
  return { section: { runs: options.tapRuns, screens: { phone: PHONE, tablet: TABLET }, keyDelayMs: KEY_DELAY_MS, scenarios: results }, rows };
}
