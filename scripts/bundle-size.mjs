#!/usr/bin/env node
// Bytes of a first visit, measured the honest way: each route is opened in a fresh headless
// Chromium context (cold cache) against the built, served site, and every JS and CSS response the
// page loads (shell, remotes, lazy chunks, fonts) is gzipped and summed. Prints one table per route.
// Images are measured apart, on a phone (Lighthouse's mobile screen, 412x823 at DPR 1.75), as a
// visitor who does not scroll: every image response's bytes, and the page's LCP element.
//
//   node scripts/bundle-size.mjs [--serve] [--base http://localhost:4200] [--routes /,/all-artifacts]
//                                [--signed-in] [--json out.json] [--budget-js 250] [--budget-css 40]
//   --serve       start deploy/serve-static.mjs for every front end's dist folder (the `start` ports) first
//   --signed-in   also measure every route as a signed-in user (a session restored from storage, as a
//                 returning user has; the cache stays cold). Needs the Auth Emulator on :9099.
// Exit code 1 when a route is over budget.
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { chromiumPath, HEADLESS_FLAGS } from './lib/chromium.cjs';
import { FRONT_ENDS, portsOf } from './lib/workspace.mjs';
import { firebaseSession } from './lib/firebase-session.mjs';

const START_PORTS = portsOf('start');

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values: args } = parseArgs({
  options: {
    base: { type: 'string', default: `http://localhost:${START_PORTS.site}` },
    routes: { type: 'string' },
    'budget-js': { type: 'string', default: '250' },
    'budget-css': { type: 'string', default: '40' },
    json: { type: 'string', default: '' },
    'signed-in': { type: 'boolean', default: false },
    serve: { type: 'boolean', default: false },
  },
});
const base = args.base.replace(/\/$/, '');
const budgetJs = Number(args['budget-js']) * 1024;
const budgetCss = Number(args['budget-css']) * 1024;
const jsonOut = args.json;
const signedIn = args['signed-in'];
// The configuration the served site really uses (a deployment may override the built one).
async function loadRuntimeConfig() {
  try {
    const response = await fetch(`${base}/runtime-config.json`);
    if (response.ok) return await response.json();
  } catch {
    // not served yet (--serve starts it below): fall back to the built file
  }
  return JSON.parse(readFileSync(path.join(ROOT, 'shell/dist/runtime-config.json'), 'utf8'));
}
let runtimeConfig;


function kind(response) {
  const type = response.headers()['content-type'] ?? '';
  const url = response.url();
  if (type.includes('javascript') || /\.m?js(\?|$)/.test(url)) return 'js';
  if (type.includes('text/css') || /\.css(\?|$)/.test(url)) return 'css';
  if (type.startsWith('font/') || /\.(woff2?|ttf|otf)(\?|$)/.test(url)) return 'font';
  return null;
}

async function firstArtifactId() {
  try {
    const response = await fetch(`${runtimeConfig.apiUrl}/artifacts?limit=1&sort=likes`);
    const [first] = await response.json();
    if (first?._id) return first._id;
  } catch {
    // the api is down: the route is still measured (it shows its error or 404 screen)
  }
  return '000000000000000000000000';
}

/** A returning user's stored Firebase session (scripts/lib/firebase-session.mjs). */
function storedSession() {
  return firebaseSession(runtimeConfig, { email: 'bundle-size@antiquarium.test', password: 'Bundle-Size-1', displayName: 'Bundle Size' });
}

// Lighthouse's mobile preset (a Moto G Power): the phone the image bytes are measured on.
const PHONE = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };

/** Image bytes of a first visit on a phone (fresh context, no scrolling), and the LCP element. */
async function measureImages(browser, route) {
  const context = await browser.newContext(PHONE);
  await context.addInitScript(() => {
    const box = globalThis;
    box.__lcp = null;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        // Described when it paints: the banner's first slide is replaced later, and the entry then
        // names no element. A composed page's element (docs/decisions/0010) is hydrated, not
        // replaced (0011); `composed` tells it was painted before the page's code took it over.
        const element = entry.element;
        box.__lcp = {
          entry,
          name: element ? `${element.tagName.toLowerCase()}${element.className ? `.${String(element.className).trim().split(/\s+/).join('.')}` : ''}` : null,
          composed: Boolean(element?.closest?.('[data-aq-frame]')),
          fetchPriority: element?.getAttribute?.('fetchpriority') ?? null,
          loading: element?.getAttribute?.('loading') ?? null,
        };
      }
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
  const page = await context.newPage();
  const pending = [];
  const images = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'image' || response.status() >= 400) return;
    pending.push(
      response.body().then(
        (body) => images.push({ url: response.url(), bytes: body.length }),
        () => undefined,
      ),
    );
  });
  await page.goto(base + route, { waitUntil: 'networkidle', timeout: 60_000 });
  await page.waitForTimeout(1500);
  await page.waitForLoadState('networkidle');
  await Promise.all(pending);
  const lcp = await page.evaluate(() => {
    const seen = globalThis.__lcp;
    if (!seen) return null;
    const { entry } = seen;
    const name = seen.name ? `${seen.name}${seen.composed ? ' (in the composed document)' : ''}` : `${entry.url ? 'image' : 'element'} no longer in the page`;
    return {
      element: name,
      url: entry.url ? entry.url.replace(/^(data:[^,;]*)[,;].*/, '$1,…').slice(0, 200) : '',
      size: entry.size,
      ms: Math.round(entry.startTime),
      fetchPriority: seen.fetchPriority,
      loading: seen.loading,
    };
  });
  await context.close();
  return {
    viewport: `${PHONE.viewport.width}x${PHONE.viewport.height}@${PHONE.deviceScaleFactor}`,
    bytes: images.reduce((total, image) => total + image.bytes, 0),
    count: images.length,
    files: images.sort((a, b) => b.bytes - a.bytes),
    lcp,
  };
}

async function measure(browser, route, session) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  if (session) {
    await context.addInitScript(
      ({ origin, key, value }) => {
        if (globalThis.location.origin === origin) globalThis.localStorage.setItem(key, value);
      },
      { origin: new URL(base).origin, ...session },
    );
  }
  const page = await context.newPage();
  const pending = [];
  const files = [];
  page.on('response', (response) => {
    const type = kind(response);
    if (!type || response.status() >= 400) return;
    pending.push(
      Promise.all([response.body(), response.request().allHeaders()]).then(
        ([body, headers]) => {
          // A file the browser fetched ahead of need (the starter's idle prefetch, Sec-Purpose:
          // prefetch) and then read from its cache is one download, counted once.
          if (files.some((file) => file.url === response.url())) return;
          const prefetched = /prefetch/.test(headers['sec-purpose'] ?? headers['purpose'] ?? '');
          files.push({ url: response.url(), type, raw: body.length, gzip: gzipSync(body, { level: 9 }).length, prefetched });
        },
        () => undefined,
      ),
    );
  });
  await page.goto(base + route, { waitUntil: 'networkidle', timeout: 60_000 });
  // The auth SDK is fetched right after the first paint, and swiper starts its timers: settle.
  await page.waitForTimeout(1500);
  await page.waitForLoadState('networkidle');
  await Promise.all(pending);
  // What the page loads before the visitor does anything: a composed first page starts its code on
  // the first intent (docs/decisions/0015), so this is what the first-page budget binds. Then an
  // intent (the pointer moves, as a hand on a mouse does) and what the visit loads after it.
  // What the starter prefetches when the browser is idle after load is fetched, not run: it is
  // reported apart (`prefetched`), not in the budget that binds the load.
  const beforeIntent = files.filter((f) => f.type === 'js' && !f.prefetched);
  const prefetched = files.filter((f) => f.type === 'js' && f.prefetched);
  await page.mouse.move(200, 200);
  await page.mouse.move(240, 260);
  await page.waitForTimeout(1500);
  await page.waitForLoadState('networkidle');
  await Promise.all(pending);
  const finalPath = new URL(page.url()).pathname;
  // The release registry's read on the first page's path (docs/decisions/0008): when the routing
  // was requested and answered, and when the first remote manifest was requested, from the
  // browser's resource timing (ms since navigation start).
  const registry = await page.evaluate(() => {
    const entries = performance.getEntriesByType('resource');
    const routing = entries.find((entry) => entry.name.endsWith('/releases/routing'));
    const config = entries.find((entry) => entry.name.endsWith('/runtime-config.json'));
    const manifest = entries.find((entry) => entry.name.endsWith('mf-manifest.json'));
    const span = (entry) => (entry ? { start: Math.round(entry.startTime), end: Math.round(entry.responseEnd) } : null);
    // The first page's data (issue #16): the shell starts its api calls before the catalog's code
    // has arrived; each is asked once (the catalog takes the shell's answers).
    const remoteEntry = entries.find((entry) => entry.name.endsWith('/remoteEntry.js'));
    const data = entries.filter((entry) => /\/(artifacts|artifacts\/facets|contributors\/top)(\?|$)/.test(new URL(entry.name).pathname + new URL(entry.name).search) && entry.initiatorType === 'fetch');
    const key = (name) => {
      const url = new URL(name);
      return `${url.pathname}?${[...url.searchParams].sort(([a], [b]) => (a < b ? -1 : 1)).map(([k, v]) => `${k}=${v}`).join('&')}`;
    };
    const calls = data.map((entry) => key(entry.name));
    return {
      routing: span(routing),
      config: span(config),
      manifest: span(manifest),
      remoteEntry: span(remoteEntry),
      data: data.length ? { start: Math.round(Math.min(...data.map((entry) => entry.startTime))), calls: calls.length, repeated: calls.filter((call, i) => calls.indexOf(call) !== i) } : null,
      // A page composed on the server (docs/decisions/0010) brought its answers in the document.
      documentAnswers: (() => {
        try {
          return Object.keys(JSON.parse(globalThis.document.getElementById('aq-first-page-answers')?.textContent ?? 'null') ?? {}).length;
        } catch {
          return 0;
        }
      })(),
    };
  });
  await context.close();
  const sum = (type, field) => files.filter((f) => f.type === type).reduce((total, f) => total + f[field], 0);
  return {
    route,
    finalPath,
    signedIn: Boolean(session),
    registry,
    // JS before any intent (the first page's budget), then the whole visit's after its first intent.
    beforeIntent: { js: { raw: beforeIntent.reduce((t, f) => t + f.raw, 0), gzip: beforeIntent.reduce((t, f) => t + f.gzip, 0), files: beforeIntent.length } },
    prefetched: { js: { raw: prefetched.reduce((t, f) => t + f.raw, 0), gzip: prefetched.reduce((t, f) => t + f.gzip, 0), files: prefetched.length } },
    js: { raw: sum('js', 'raw'), gzip: sum('js', 'gzip') },
    css: { raw: sum('css', 'raw'), gzip: sum('css', 'gzip') + sum('font', 'raw') },
    files: files.sort((a, b) => b.gzip - a.gzip),
  };
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

function print(result) {
  const who = result.signedIn ? 'signed in' : 'visitor';
  const redirected = result.finalPath !== result.route.split('?')[0] ? ` -> ${result.finalPath}` : '';
  console.log(`\n${result.route}${redirected} (${who}, cold cache)`);
  const byOrigin = new Map();
  for (const file of result.files) {
    const origin = new URL(file.url).origin;
    const row = byOrigin.get(origin) ?? { js: 0, css: 0, count: 0 };
    row[file.type === 'js' ? 'js' : 'css'] += file.gzip;
    row.count += 1;
    byOrigin.set(origin, row);
  }
  for (const [origin, row] of byOrigin) {
    console.log(`  ${origin.padEnd(26)} ${String(row.count).padStart(3)} files  JS ${kb(row.js).padStart(9)}  CSS ${kb(row.css).padStart(8)}`);
  }
  for (const file of result.files.slice(0, 8)) {
    console.log(`    ${kb(file.gzip).padStart(9)}  ${file.url.replace(/^https?:\/\/[^/]+/, '')}`);
  }
  const jsOk = result.js.gzip <= budgetJs ? 'ok' : 'OVER';
  const cssOk = result.css.gzip <= budgetCss ? 'ok' : 'OVER';
  console.log(`  JS before any intent ${kb(result.beforeIntent.js.gzip)} gzip in ${result.beforeIntent.js.files} files, and ${kb(result.prefetched.js.gzip)} prefetched when idle`);
  console.log(`  total JS after the first intent ${kb(result.js.gzip)} gzip (${kb(result.js.raw)} raw) [${jsOk}, budget ${kb(budgetJs)}]`);
  console.log(`  total CSS+fonts ${kb(result.css.gzip)} gzip [${cssOk}, budget ${kb(budgetCss)}]`);
  if (result.images) {
    const { images } = result;
    console.log(`  images on a phone (${images.viewport}): ${kb(images.bytes)} in ${images.count} files`);
    for (const file of images.files.slice(0, 8)) console.log(`    ${kb(file.bytes).padStart(9)}  ${file.url.replace(/^https?:\/\/[^/]+/, '')}`);
    const lcp = images.lcp;
    if (lcp) console.log(`  LCP on the phone: ${lcp.element} at ${lcp.ms} ms${lcp.url ? ` (${lcp.url.replace(/^data:([^,;]*).*/, 'data:$1')})` : ''}, fetchpriority=${lcp.fetchPriority}, loading=${lcp.loading}`);
  }
}

const servers = [];
function serve() {
  FRONT_ENDS.forEach((piece, index) => {
    const flag = piece.role === 'host' ? '--spa' : '--cors';
    const port = START_PORTS.site + index;
    servers.push(spawn(process.execPath, [path.join(ROOT, 'deploy/serve-static.mjs'), path.join(ROOT, piece.folder, 'dist'), String(port), flag], { stdio: 'ignore' }));
  });
  return new Promise((resolve) => setTimeout(resolve, 700));
}

async function main() {
  if (args.serve) await serve();
  runtimeConfig = await loadRuntimeConfig();
  const id = await firstArtifactId();
  const routes = (args.routes ?? `/,/all-artifacts,/artifacts/${id}`).split(',');
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: [...HEADLESS_FLAGS] });
  const results = [];
  try {
    const session = signedIn ? await storedSession() : null;
    for (const route of routes) {
      const visitor = await measure(browser, route, null);
      visitor.images = await measureImages(browser, route);
      results.push(visitor);
      if (session) results.push(await measure(browser, route, session));
    }
  } finally {
    await browser.close();
    for (const server of servers) server.kill();
  }
  results.forEach(print);
  console.log('\nroute                                   who       JS no intent  JS gzip   CSS gzip  images (phone)');
  for (const r of results) {
    const images = r.images ? kb(r.images.bytes).padStart(14) : '';
    console.log(`${(r.route + (r.finalPath !== r.route ? ` -> ${r.finalPath}` : '')).slice(0, 39).padEnd(40)}${(r.signedIn ? 'signed in' : 'visitor').padEnd(10)}${kb(r.beforeIntent.js.gzip).padStart(12)}${kb(r.js.gzip).padStart(9)}  ${kb(r.css.gzip).padStart(9)}${images}`);
  }
  if (jsonOut) {
    writeFileSync(jsonOut, JSON.stringify({ base, budget: { js: budgetJs, css: budgetCss }, results }, null, 2));
  }
  const over = results.some((r) => r.js.gzip > budgetJs || r.css.gzip > budgetCss);
  process.exitCode = over ? 1 : 0;
}

main().catch((error) => {
  console.error(error);
  for (const server of servers) server.kill();
  process.exit(1);
});
