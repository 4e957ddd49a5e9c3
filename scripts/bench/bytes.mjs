// (a) bytes per route: scripts/bundle-size.mjs against the demo site (site.mjs), and what its
// resource timing says of the first page's loading order.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '../lib/services.mjs';
import { atMost, kb, round, row, runLogged, say } from './helpers.mjs';
import { BUDGET } from './options.mjs';

// Image bytes of a first visit on a phone, measured before responsive images (issue #16, 2026-11-23,
// the same scripts/bundle-size.mjs: 960 px files only, the first two featured cards eager): the issue
// asks for at least half of it on `/`.
const IMAGE_BYTES_BEFORE = { '/': 41.8 * 1024, '/all-artifacts': 40.3 * 1024 };

/** The pages a visit starts on, composed on the server: their JS has the smaller budget (issue 29). */
const FIRST_PAGES = new Set(['/', '/all-artifacts']);

/** The origins a route's files came from. */
const originsOf = (result) => [...new Set(result.files.map((f) => new URL(f.url).origin))];

/** One route's rows: its JS (before and after the first intent on a first page), CSS and images. */
function routeRows(result) {
  const rows = [];
  const route = result.route.startsWith('/artifacts/') ? '/artifacts/:id' : result.route;
  const who = result.signedIn ? 'signed in' : 'visitor';
  const redirect = result.finalPath !== result.route ? ` -> ${result.finalPath}` : '';
  const key = `${route}:${result.signedIn ? 'signed-in' : 'visitor'}`;
  const jsKB = result.js.gzip / 1024;
  const cssKB = result.css.gzip / 1024;
  // A first page's budget binds what it loads before any intent (docs/decisions/0015); the whole
  // visit's code, loaded on the first intent, keeps the budget every route has.
  if (FIRST_PAGES.has(route)) {
    const firstKB = result.beforeIntent.js.gzip / 1024;
    rows.push(row('bytes', `${key}:first-page-js`, `${route}${redirect} (${who}) JS gzip before the first intent`, kb(result.beforeIntent.js.gzip), `<= ${BUDGET.firstPageJsKB} KB`, atMost(firstKB, BUDGET.firstPageJsKB, (v) => `${v.toFixed(1)} KB`), round(firstKB), 'KB'));
    // Fetched when the browser is idle after load, not run (issue 47's first-tap lever).
    const prefetchedKB = (result.prefetched?.js.gzip ?? 0) / 1024;
    rows.push(row('bytes', `${key}:prefetched-js`, `${route}${redirect} (${who}) JS gzip prefetched when idle after load`, kb(result.prefetched?.js.gzip ?? 0), 'measured', { status: 'info' }, round(prefetchedKB), 'KB'));
  }
  rows.push(
    row('bytes', `${key}:js`, `${route}${redirect} (${who}) JS gzip${FIRST_PAGES.has(route) ? ' after the first intent' : ''}`, kb(result.js.gzip), `<= ${BUDGET.jsKB} KB`, atMost(jsKB, BUDGET.jsKB, (v) => `${v.toFixed(1)} KB`), round(jsKB), 'KB'),
    row('bytes', `${key}:css`, `${route}${redirect} (${who}) CSS+fonts gzip`, kb(result.css.gzip), `<= ${BUDGET.cssKB} KB`, atMost(cssKB, BUDGET.cssKB, (v) => `${v.toFixed(1)} KB`), round(cssKB), 'KB'),
  );
  // Images: a visitor on a phone who does not scroll (the catalog's own pages only).
  if (result.images && !redirect) {
    const { bytes, count, viewport, lcp } = result.images;
    const before = IMAGE_BYTES_BEFORE[route];
    const change = before ? `, ${(((bytes - before) / before) * 100).toFixed(0)}% vs before` : '';
    rows.push(
      row(
        'bytes',
        `images:${route}:phone`,
        `${route} images on a phone (${viewport}, visitor, no scrolling)`,
        `${kb(bytes)} in ${count} files${change}; LCP ${lcp ? `${lcp.element}${lcp.url ? ` (${lcp.url.replace(/^https?:\/\/[^/]+/, '')})` : ''}` : 'n/a'}${lcp?.fetchPriority ? ` (fetchpriority=${lcp.fetchPriority})` : ''}`,
        before ? `info (before responsive images: ${kb(before)})` : 'info',
        { status: 'info' },
        round(bytes / 1024),
        'KB',
      ),
    );
  }
  return rows;
}

/**
 * Routes of other remotes are not downloaded until visited: on the catalog's routes only the
 * shell's and the catalog's origins may serve code (the login page is the account remote's).
 */
function otherRemotesRow(data, siteUrl) {
  const site = new URL(siteUrl);
  const allowed = [0, 1].map((i) => `${site.protocol}//${site.hostname}:${Number(site.port) + i}`);
  const catalogRoutes = data.results.filter((r) => r.finalPath === r.route.split('?')[0]);
  const strays = [...new Set(catalogRoutes.flatMap((r) => originsOf(r).filter((o) => !allowed.includes(o)).map((o) => `${r.route.replace(/\/artifacts\/\w+$/, '/artifacts/:id')} -> ${o}`)))];
  return row(
    'bytes',
    'other-remotes',
    `other remotes' code on the catalog routes (${catalogRoutes.length} loads)`,
    strays.length ? strays.join(', ') : 'none: shell and catalog only',
    'none until visited',
    strays.length ? { status: 'missed', by: `${strays.length} loads` } : { status: 'met' },
    strays.length,
  );
}

/**
 * The registry read: preloaded by index.html, it should start with the runtime config, not after
 * it, and end before the first remote manifest is asked for.
 */
function registryRows(data) {
  const first = data.results.find((result) => result.route === '/' && !result.signedIn);
  const timing = first?.registry;
  if (timing?.routing && timing.config && timing.manifest) {
    const afterConfig = timing.routing.start - timing.config.end;
    const waited = Math.max(0, timing.manifest.start - Math.max(timing.routing.end, timing.config.end));
    return [
      row(
        'bytes',
        'registry-read',
        '/ (visitor): release routing read vs runtime config and first manifest',
        `routing ${timing.routing.start}-${timing.routing.end} ms, config ${timing.config.start}-${timing.config.end} ms, first manifest from ${timing.manifest.start} ms`,
        'routing starts before the config has arrived (no extra round trip)',
        afterConfig < 0 ? { status: 'met' } : { status: 'missed', by: `starts ${afterConfig} ms after the config` },
        afterConfig,
        'ms',
      ),
      row('bytes', 'registry-wait', '/ (visitor): first manifest asked after both the config and the routing arrived', `${waited} ms`, 'info', { status: 'info' }, waited, 'ms'),
    ];
  }
  return [row('bytes', 'registry-read', '/ (visitor): release routing read', 'not seen in the resource timing', 'routing preloaded', { status: 'missed', by: 'no timing' }, null)];
}

/**
 * The first page's data (issue #16): the api call starts before the catalog's remote entry has
 * finished downloading, and the page never asks twice.
 */
function firstPageDataRows(data) {
  const rows = [];
  for (const result of data.results.filter((r) => !r.signedIn && (r.route === '/' || r.route === '/all-artifacts'))) {
    const { data: calls, remoteEntry, documentAnswers } = result.registry ?? {};
    // Composed on the server (docs/decisions/0010): the answers came with the document, before any
    // code, and the browser asks the api for none of them.
    if (documentAnswers > 0) {
      const asked = calls?.calls ?? 0;
      rows.push(
        row(
          'bytes',
          `first-page-data:${result.route}`,
          `${result.route} (visitor): first api call vs the catalog's remote entry`,
          `${documentAnswers} answers in the document (before any code); ${asked} calls from the browser`,
          'starts before the remote entry ends; each call once',
          asked === 0 ? { status: 'met' } : { status: 'missed', by: `${asked} asked again` },
          remoteEntry ? remoteEntry.end : null,
          'ms',
        ),
      );
      continue;
    }
    if (!calls || !remoteEntry) {
      rows.push(row('bytes', `first-page-data:${result.route}`, `${result.route} (visitor): first api call vs the catalog's remote entry`, 'not seen in the resource timing', 'starts before the remote entry ends', { status: 'missed', by: 'no timing' }, null));
      continue;
    }
    const lead = remoteEntry.end - calls.start;
    const twice = calls.repeated.length;
    rows.push(
      row(
        'bytes',
        `first-page-data:${result.route}`,
        `${result.route} (visitor): first api call vs the catalog's remote entry`,
        `call starts ${calls.start} ms, remote entry ends ${remoteEntry.end} ms (${lead} ms before); ${calls.calls} calls, ${twice ? `asked twice: ${calls.repeated.join(', ')}` : 'none asked twice'}`,
        'starts before the remote entry ends; each call once',
        lead > 0 && !twice ? { status: 'met' } : { status: 'missed', by: twice ? `${twice} repeated` : `starts ${-lead} ms after` },
        lead,
        'ms',
      ),
    );
  }
  return rows;
}

export async function measureBytes(ctx, { siteUrl }) {
  const out = path.join(ctx.work, 'bundle-size.json');
  const logFile = path.join(ctx.logs, 'bundle-size.log');
  const args = [path.join(ROOT, 'scripts/bundle-size.mjs'), '--base', siteUrl, '--json', out];
  if (!ctx.options.smoke) args.push('--signed-in');
  say(`(a) bytes per route: scripts/bundle-size.mjs ${args.slice(1).join(' ')} (log: ${logFile})`);
  const code = await runLogged(process.execPath, args, { logFile, env: { CHROMIUM_PATH: ctx.chromePath } });
  if (!existsSync(out)) throw new Error(`bundle-size.mjs wrote no JSON (exit ${code}; see ${logFile})`);
  const data = JSON.parse(readFileSync(out, 'utf8'));
  const rows = [...data.results.flatMap(routeRows), otherRemotesRow(data, siteUrl), ...registryRows(data), ...firstPageDataRows(data)];
  return {
    section: {
      exitCode: code,
      base: siteUrl,
      results: data.results.map(({ files, images, ...rest }) => ({
        ...rest,
        files: files.length,
        origins: originsOf({ files }),
        ...(images ? { images: { ...images, files: images.files.map((file) => `${file.bytes} ${file.url}`) } } : {}),
      })),
    },
    rows,
  };
}
