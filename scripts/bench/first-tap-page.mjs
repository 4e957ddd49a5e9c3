// What the first-interaction rows (first-tap.mjs) read inside the measured page: an init script,
// run before any of the page's own, that records what the browser reports. Self-contained: Playwright
// sends its text to the page (addInitScript), so it may use nothing from this module's scope.
/* global addEventListener, document, getComputedStyle, location, MutationObserver, requestAnimationFrame -- the page's */

/**
 * Installs `globalThis.__aqTap` in the page:
 * - `inputs`: the trusted pointerdown and keydown events (their timeStamp: when the input happened);
 * - `events`: Event Timing entries of 16 ms and more with their interactionId (the input to the next
 *   paint after its handlers: what INP is made of), buffered from the start;
 * - `inp`: every value the web-vitals library's onINP reported (reportAllChanges; the library's
 *   IIFE, injected before this script, sets `globalThis.webVitals`);
 * - `frames`: long animation frames (50 ms and more) with their scripts (invoker type, source
 *   file, duration), to tell where the main thread went while the code booted;
 * - `layoutAt`, `pageAt`, `targetAt`: when the layout's controls, the whole page (#root's
 *   data-aq-frame gone) and the control under measure (`state.target`) were hydrated;
 * - `expect(name, arg)`: watches each animation frame for a result (RESULTS below) and records
 *   when the frame that first shows it was presented (`seenAt` in its animation frame callback,
 *   `paintedAt` in a task posted from it, which runs once that frame has been produced);
 * - `before`: what the document before this one recorded (its `origin`, performance.timeOrigin, and
 *   its inputs, events and INP), when a step's tap led to another document (a refine choice tapped
 *   before the code has come opens the composed list: LEADS_TO_ATTRIBUTE). A result watched for
 *   there is watched for here from the start.
 */
export function recordInteractions() {
  const now = () => performance.now();
  const state = { inputs: [], events: [], inp: [], frames: [], layoutAt: null, pageAt: null, targetAt: null, target: null, watch: null, before: null };
  globalThis.__aqTap = state;
  const KEPT = '__aqTapBefore';
  try {
    state.before = JSON.parse(sessionStorage.getItem(KEPT) ?? 'null');
    sessionStorage.removeItem(KEPT);
  } catch {
    // No session storage (an opaque origin): nothing was kept.
  }
  addEventListener('pagehide', () => {
    const { inputs, events, inp, watch } = state;
    try {
      sessionStorage.setItem(KEPT, JSON.stringify({ origin: performance.timeOrigin, inputs, events, inp, watch }));
    } catch {
      // As above.
    }
  });
  // Each input with the paint that followed it in this document (`paintAt`: a task posted from the
  // next animation frame): a tap that leads to another document may leave before the browser has
  // reported its Event Timing entry, and this is the same span, read directly.
  for (const type of ['pointerdown', 'keydown']) {
    addEventListener(
      type,
      (event) => {
        if (!event.isTrusted) return;
        const input = { type, key: event.key ?? null, at: event.timeStamp, paintAt: null };
        state.inputs.push(input);
        requestAnimationFrame(() => {
          const channel = new MessageChannel();
          channel.port1.onmessage = () => {
            input.paintAt = now();
          };
          channel.port2.postMessage(null);
        });
      },
      { capture: true, passive: true },
    );
  }
  const observe = (type, options, keep) => {
    try {
      new PerformanceObserver((list) => list.getEntries().forEach((entry) => keep(entry))).observe({ type, buffered: true, ...options });
    } catch {
      // Not supported by this browser: its figures stay empty.
    }
  };
  observe('event', { durationThreshold: 16 }, (entry) => {
    state.events.push({ name: entry.name, id: entry.interactionId, start: entry.startTime, duration: entry.duration, processingStart: entry.processingStart, processingEnd: entry.processingEnd });
  });
  observe('long-animation-frame', {}, (entry) => {
    state.frames.push({
      start: entry.startTime,
      duration: entry.duration,
      styleAndLayout: entry.styleAndLayoutStart ? entry.startTime + entry.duration - entry.styleAndLayoutStart : 0,
      scripts: entry.scripts.map((script) => ({ type: script.invokerType, invoker: script.invoker, url: script.sourceURL, duration: script.duration, forced: script.forcedStyleAndLayoutDuration })),
    });
  });
  globalThis.webVitals?.onINP((metric) => state.inp.push({ value: metric.value, at: now() }), { reportAllChanges: true });

  new MutationObserver((records) => {
    for (const record of records) {
      const node = record.target;
      if (node.hasAttribute(record.attributeName)) continue;
      if (record.attributeName === 'data-aq-frame') state.pageAt ??= now();
      else if (node.closest('main') === null) state.layoutAt ??= now();
      if (node === state.target) state.targetAt ??= now();
    }
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-aq-frame', 'data-aq-waiting'] });

  const found = () => /\bfound$/.test(document.querySelector('.cat-all__status')?.textContent ?? '') && !document.querySelector('main .aq-spinner');
  const query = (name) => new URLSearchParams(location.search).get(name);
  const RESULTS = {
    'menu-open': () => {
      const nav = document.getElementById('aq-primary-nav');
      return nav?.getAttribute('data-open') === 'true' && getComputedStyle(nav).display !== 'none';
    },
    'menu-closed': () => {
      const nav = document.getElementById('aq-primary-nav');
      return nav?.getAttribute('data-open') === 'false' && getComputedStyle(nav).display === 'none';
    },
    searched: (word) => query('search') === word && found(),
    chosen: (type) => query('type') === type && found(),
    liked: (pressed) => document.querySelector('button.cat-like')?.getAttribute('aria-pressed') === pressed,
  };
  state.expect = (name, arg) => {
    const watch = { name, arg, seenAt: null, paintedAt: null };
    state.watch = watch;
    const frame = () => {
      if (!RESULTS[name](arg)) {
        requestAnimationFrame(frame);
        return;
      }
      watch.seenAt = now();
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        watch.paintedAt = now();
      };
      channel.port2.postMessage(null);
    };
    requestAnimationFrame(frame);
  };
  if (state.before?.watch && state.before.watch.paintedAt === null) state.expect(state.before.watch.name, state.before.watch.arg);
}
