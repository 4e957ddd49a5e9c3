#!/usr/bin/env node
// `npm run bench`: the performance budgets of docs/performance.md, measured on this machine, as ONE table (also
// written as JSON, so that two runs can be compared). Not part of `npm test` (which only runs
// `--smoke`, to keep the code paths working; it never judges timings). docs/performance.md explains
// how to read it and holds the latest table.
//
//   node scripts/bench.mjs [--size 10000] [--home-sizes 100,100000] [--handlers sqlite,postgresql]
//                          [--million] [--reuse-million] [--skip-lighthouse] [--skip-site]
//                          [--skip-latency] [--skip-home] [--million-requests 3] [--million-rss-cap-gb 8]
//                          [--duration 10] [--connections 32] [--lighthouse-runs 3]
//                          [--loader wrk|node] [--load-slow] [--build] [--port-offset 0] [--out file.json] [--smoke]
//   node scripts/bench.mjs --compare a.json b.json
//
// (a) bytes per route: scripts/bundle-size.mjs in headless Chromium against the seeded demo site
// (b) Lighthouse 12, mobile preset, median of --lighthouse-runs runs per page
// (c) api hot paths at --size artifacts (factory data), --connections connections for --duration s,
//     with wrk (installed with apt by scripts/install.sh's install_wrk) or a Node load loop; a path
//     that takes over 1 s with no load is reported as missed without the load (unless --load-slow)
// (d) the home page's three api calls at each --home-sizes size: bytes and time, cold and typical
// (e) --million: list and search p95 at 1 000 000 artifacts on FerretDB's PostgreSQL handler
//
// Ports (all + --port-offset or BENCH_PORT_OFFSET): FerretDB 27500-27502 (debug 27520-27522),
// api 3500-3505, Auth Emulator 9600 (hub 4430, logging 4530), site 4600-4603.
// Results: bench-results/<timestamp>.json (or --out) and bench-results/latest.json (not with --smoke).
import { execFileSync, spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { onInterrupt, run, stopAll, stopProcess } from './lib/processes.mjs';
import {
  ROOT,
  ensureFerretDb,
  freshPostgresDatabase,
  seed,
  startApi,
  startAuthEmulator,
  startFerretDb,
  startFrontEnds,
} from './lib/services.mjs';
import { REMOTES, portsOf } from './lib/workspace.mjs';

// ---------------------------------------------------------------------------------------------
// Options

const argv = process.argv.slice(2);
const VALUE_OPTIONS = [
  '--size',
  '--home-sizes',
  '--handlers',
  '--duration',
  '--connections',
  '--lighthouse-runs',
  '--loader',
  '--port-offset',
  '--out',
  '--million-size',
  '--million-requests',
  '--million-rss-cap-gb',
];
const FLAG_OPTIONS = ['--million', '--reuse-million', '--skip-lighthouse', '--skip-site', '--skip-latency', '--skip-home', '--smoke', '--build', '--load-slow', '--help'];

function parseArgs() {
  const values = {};
  const flags = new Set();
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    const [name, inline] = arg.split(/=(.*)/s, 2);
    if (name === '--compare') return { compare: [argv[i + 1], argv[i + 2]] };
    if (FLAG_OPTIONS.includes(name)) flags.add(name);
    else if (VALUE_OPTIONS.includes(name)) {
      const value = inline ?? argv[++i];
      if (value === undefined || value.startsWith('--')) throw new Error(`${name} needs a value`);
      values[name] = value;
    } else throw new Error(`unknown option ${arg} (see the top of scripts/bench.mjs)`);
  }
  return { values, flags };
}

const BUDGET = {
  jsKB: 250,
  cssKB: 40,
  lighthouse: { performance: 90, accessibility: 100, 'best-practices': 95, seo: 95 },
  p99Ms: 50,
  homeGrowth: 0.1,
  millionP95Ms: 100,
};

// ---------------------------------------------------------------------------------------------
// Small helpers

const started = performance.now();
const elapsed = () => `${((performance.now() - started) / 1000).toFixed(0)}s`;
const say = (message) => process.stdout.write(`[bench +${elapsed()}] ${message}\n`);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const round = (value, digits = 1) => (value === null || value === undefined ? null : Number(value.toFixed(digits)));
const thousands = (n) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');

function ms(value) {
  if (value === null || value === undefined || Number.isNaN(value)) return 'n/a';
  if (value >= 10_000) return `${(value / 1000).toFixed(1)} s`;
  if (value >= 1000) return `${(value / 1000).toFixed(2)} s`;
  if (value >= 100) return `${value.toFixed(0)} ms`;
  return `${value.toFixed(1)} ms`;
}
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const pct = (ratio) => `${ratio >= 0 ? '+' : ''}${(ratio * 100).toFixed(1)}%`;

function percentile(sorted, p) {
  if (sorted.length === 0) return null;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** A row of the one table. `value` is the number compared between runs. */
function row(section, key, measure, result, budget, verdict, value, unit = '') {
  return { section, key: `${section}:${key}`, measure, result, budget, status: verdict.status, by: verdict.by ?? '', value, unit };
}
const skipped = (why) => ({ status: 'skipped', by: why });
function atMost(value, max, format) {
  if (value === null || value === undefined) return { status: 'missed', by: 'no measurement' };
  if (value <= max) return { status: 'met' };
  return { status: 'missed', by: `+${format(value - max)} (${(value / max).toFixed(value / max >= 10 ? 0 : 1)}x the budget)` };
}
function atLeast(value, min) {
  if (value === null || value === undefined) return { status: 'missed', by: 'no measurement' };
  return value >= min ? { status: 'met' } : { status: 'missed', by: `-${round(min - value, 0)} points` };
}

/** Runs a command with its output in a log file; resolves with the exit code (never rejects on it). */
function runLogged(command, args, { env, logFile, cwd = ROOT }) {
  return new Promise((resolve, reject) => {
    const out = createWriteStream(logFile, { flags: 'a' });
    const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.pipe(out);
    child.stderr.pipe(out);
    child.once('error', reject);
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 128 : 1)));
  });
}

function commandOutput(command, args) {
  try {
    return execFileSync(command, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------------------------
// Waiting for quiet: a slow path leaves queued work in the api and FerretDB after the load tool
// stops; the next path must not pay for it.

function cpuSeconds(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

async function settle(pids, maxMs = 240_000) {
  const deadline = Date.now() + maxMs;
  let quiet = 0;
  let last = pids.map(cpuSeconds);
  while (Date.now() < deadline) {
    await sleep(500);
    const now = pids.map(cpuSeconds);
    const busy = now.reduce((sum, value, i) => sum + (value === null || last[i] === null ? 0 : value - last[i]), 0);
    last = now;
    quiet = busy < 0.03 ? quiet + 1 : 0;
    if (quiet >= 2) return;
  }
  say(`still busy after ${maxMs / 1000}s; going on`);
}

// ---------------------------------------------------------------------------------------------
// HTTP

/** One GET with keep-alive: status, body bytes, header bytes, time. */
function get(url, { agent, timeoutMs = 120_000 } = {}) {
  return new Promise((resolve) => {
    const t0 = performance.now();
    const request = http.get(url, { agent }, (response) => {
      let bytes = 0;
      const chunks = [];
      response.on('data', (chunk) => {
        bytes += chunk.length;
        chunks.push(chunk);
      });
      response.on('end', () => {
        const headerBytes =
          `HTTP/1.1 ${response.statusCode} ${response.statusMessage}\r\n`.length +
          // 'name: value\r\n' per header: each of the two parts adds its length and two characters.
          response.rawHeaders.reduce((sum, part) => sum + part.length + 2, 0) +
          2;
        resolve({ status: response.statusCode, bytes, headerBytes, ms: performance.now() - t0, body: Buffer.concat(chunks) });
      });
      response.on('error', (error) => resolve({ status: 0, bytes, headerBytes: 0, ms: performance.now() - t0, error: error.message }));
    });
    request.setTimeout(timeoutMs, () => request.destroy(new Error(`timed out after ${timeoutMs / 1000}s`)));
    request.on('error', (error) => resolve({ status: 0, bytes: 0, headerBytes: 0, ms: performance.now() - t0, error: error.message }));
  });
}

async function getJson(url) {
  const response = await get(url);
  if (response.status !== 200) throw new Error(`GET ${url} answered ${response.status || response.error}`);
  return JSON.parse(response.body.toString('utf8'));
}

/** The bounded Node load loop (when wrk is missing, and for the 1 000 000 run). */
async function nodeLoad(url, { connections, durationMs, maxRequests = Infinity, timeoutMs = 120_000 }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const latencies = [];
  const counts = { requests: 0, non2xx: 0, errors: 0, bytes: 0, statuses: {} };
  const end = performance.now() + durationMs;
  let issued = 0;
  async function worker() {
    while (performance.now() < end && issued < maxRequests) {
      issued += 1;
      const answer = await get(url, { agent, timeoutMs });
      counts.requests += 1;
      counts.bytes += answer.bytes;
      const key = answer.status ? String(answer.status) : 'error';
      counts.statuses[key] = (counts.statuses[key] ?? 0) + 1;
      if (!answer.status) counts.errors += 1;
      else if (answer.status >= 300) counts.non2xx += 1;
      latencies.push(answer.ms);
    }
  }
  const t0 = performance.now();
  // Requests still running when the time is up are waited for and counted (no survivor bias).
  await Promise.all(Array.from({ length: connections }, worker));
  const seconds = (performance.now() - t0) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    tool: 'node',
    seconds,
    ...counts,
    rps: counts.requests / seconds,
    p50: percentile(latencies, 50),
    p90: percentile(latencies, 90),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    max: latencies.at(-1) ?? null,
  };
}

const WRK_SCRIPT = `
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('BENCH_JSON {"requests":%d,"duration_us":%d,"bytes":%d,"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d,"p50":%.0f,"p90":%.0f,"p95":%.0f,"p99":%.0f,"max":%.0f}\\n',
    summary.requests, summary.duration, summary.bytes, e.connect, e.read, e.write, e.status, e.timeout,
    latency:percentile(50), latency:percentile(90), latency:percentile(95), latency:percentile(99), latency.max))
end
`;

async function wrkLoad(url, { connections, durationMs, work }) {
  const script = path.join(work, 'bench.lua');
  if (!existsSync(script)) writeFileSync(script, WRK_SCRIPT);
  const args = ['-t1', `-c${connections}`, `-d${Math.max(1, Math.round(durationMs / 1000))}s`, '--latency', '--timeout', '60s', '-s', script, url];
  const output = await execFileWithOutput('wrk', args);
  const line = output.split('\n').find((l) => l.startsWith('BENCH_JSON '));
  if (!line) throw new Error(`wrk printed no summary:\n${output}`);
  const data = JSON.parse(line.slice('BENCH_JSON '.length));
  const seconds = data.duration_us / 1e6;
  const toMs = (us) => (data.requests > 0 ? us / 1000 : null);
  return {
    tool: 'wrk',
    seconds,
    requests: data.requests,
    non2xx: data.status,
    errors: data.connect + data.read + data.write + data.timeout,
    timeouts: data.timeout,
    bytes: data.bytes,
    rps: data.requests / seconds,
    p50: toMs(data.p50),
    p90: toMs(data.p90),
    p95: toMs(data.p95),
    p99: toMs(data.p99),
    max: toMs(data.max),
    // wrk stops at the deadline: requests still in flight then are not counted.
    note: 'wrk counts completed requests only',
  };
}

function execFileWithOutput(command, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve(output) : reject(new Error(`${command} exited ${code}:\n${output}`))));
  });
}

// ---------------------------------------------------------------------------------------------
// Data: the factory (api/dist/seed/factory.js) written by the seed writer, through the api's mongoose

const requireFromApi = createRequire(path.join(ROOT, 'api/dist/seed/seed-writer.js'));
const FIXED_NOW = Date.UTC(2026, 0, 1);
const ADDERS = Array.from({ length: 50 }, (_, i) => ({
  uid: `bench-adder-${i + 1}`,
  name: `Bench Curator ${i + 1}`,
  email: `bench-${i + 1}@antiquarium.test`,
}));

/** Fills an emptied database with `count` factory artifacts (deterministic), in chunks. */
async function seedArtifacts(mongoUri, count, { maxLikes, label }) {
  const mongoose = requireFromApi('mongoose');
  const { makeArtifacts } = requireFromApi('./factory.js');
  const { writeArtifacts, artifactCount } = requireFromApi('./seed-writer.js');
  const connection = await mongoose.createConnection(mongoUri, { serverSelectionTimeoutMS: 10_000, socketTimeoutMS: 0 }).asPromise();
  const chunk = 10_000;
  const t0 = performance.now();
  try {
    await connection.dropDatabase();
    for (let offset = 0; offset < count; offset += chunk) {
      const n = Math.min(chunk, count - offset);
      const items = makeArtifacts(n, {
        seed: 1 + offset / chunk,
        adders: ADDERS,
        imageBaseUrl: 'http://localhost:3000/media',
        // One minute apart over the whole collection, the newest at FIXED_NOW.
        now: FIXED_NOW - (count - offset - n) * 60_000,
        maxLikes,
      });
      // The factory numbers each call from 1: keep names unique over the whole collection.
      items.forEach((item, i) => {
        item.name = item.name.replace(/No\. \d+$/, `No. ${offset + i + 1}`);
      });
      await writeArtifacts(connection, items);
      if (count > chunk) {
        const done = offset + n;
        const rate = done / ((performance.now() - t0) / 1000);
        say(`${label}: seeded ${thousands(done)} of ${thousands(count)} (${rate.toFixed(0)}/s, about ${((count - done) / rate / 60).toFixed(1)} min left)`);
      }
    }
    // Counting is a full scan on FerretDB: checked on small sets only (insertMany throws on failures).
    if (count <= 20_000) {
      const stored = await artifactCount(connection);
      if (stored !== count) throw new Error(`${label}: expected ${count} artifacts, the database holds ${stored}`);
    }
    // Marks a finished seed, for --reuse-million.
    await connection.db.collection('bench_meta').updateOne({ _id: 'seed' }, { $set: { count, finishedAt: new Date() } }, { upsert: true });
  } finally {
    await connection.close();
  }
  say(`${label}: ${thousands(count)} artifacts seeded in ${((performance.now() - t0) / 1000).toFixed(0)}s`);
}

/** How many artifacts a finished bench seed wrote into this database (0 when none finished). */
async function seededCount(mongoUri) {
  const mongoose = requireFromApi('mongoose');
  const connection = await mongoose.createConnection(mongoUri, { serverSelectionTimeoutMS: 10_000 }).asPromise();
  try {
    const marker = await connection.db.collection('bench_meta').findOne({ _id: 'seed' });
    return marker?.count ?? 0;
  } finally {
    await connection.close();
  }
}

// ---------------------------------------------------------------------------------------------
// The machine

function machine(options) {
  const cpus = os.cpus();
  const ferretVersion = commandOutput(path.join(ROOT, '.tools/bin/ferretdb'), ['--version']);
  return {
    cores: cpus.length,
    cpuModel: cpus[0]?.model ?? 'unknown',
    memoryGB: round(os.totalmem() / 1024 ** 3, 1),
    os: `${os.type()} ${os.release()}`,
    node: process.version,
    chromium: commandOutput(process.env.CHROME_PATH ?? '/usr/bin/chromium', ['--version']),
    ferretdb: ferretVersion?.match(/version:\s*(\S+)/)?.[1] ?? ferretVersion?.split('\n')[0] ?? null,
    ferretdbHandlers: options.handlers,
    postgresql: commandOutput('psql', ['--version']),
    wrk: options.loader === 'wrk' ? commandOutput('wrk', ['--version'])?.split('\n')[0] ?? 'wrk' : null,
    loadAverageAtStart: os.loadavg().map((value) => round(value, 2)),
  };
}

// ---------------------------------------------------------------------------------------------
// (a) bytes per route and (b) Lighthouse, against the demo site seeded by the real seed

async function withSite(ctx, fn) {
  const { ports, work, logs } = ctx;
  const auth = await startAuthEmulator({
    port: ports.auth,
    hubPort: ports.hub,
    loggingPort: ports.logging,
    workDir: path.join(work, 'emulator'),
    logDir: logs,
  });
  const mongoUri = `mongodb://127.0.0.1:${ports.sqlite}/bench_demo`;
  const apiUrl = `http://localhost:${ports.apiSite}`;
  const siteUrl = `http://localhost:${ports.site}`;
  const mediaDir = path.join(work, 'media');
  await seed({ mongoUri, authEmulatorPort: ports.auth, mediaDir, mediaBaseUrl: `${apiUrl}/media` });
  const api = await startApi({
    port: ports.apiSite,
    mongoUri,
    authEmulatorPort: ports.auth,
    mediaDir,
    logDir: logs,
    name: 'api-site',
    env: { CORS_ORIGINS: siteUrl, SWAGGER: 'off' },
  });
  const frontEnds = await startFrontEnds({
    basePort: ports.site,
    apiUrl,
    authEmulatorUrl: `http://127.0.0.1:${ports.auth}`,
    logDir: logs,
    configDir: path.join(work, 'site'),
  });
  try {
    return await fn({ siteUrl, apiUrl });
  } finally {
    for (const entry of frontEnds.reverse()) await stopProcess(entry);
    await stopProcess(api);
    await stopProcess(auth);
  }
}

async function measureBytes(ctx, { siteUrl }) {
  const out = path.join(ctx.work, 'bundle-size.json');
  const logFile = path.join(ctx.logs, 'bundle-size.log');
  const args = [path.join(ROOT, 'scripts/bundle-size.mjs'), '--base', siteUrl, '--json', out];
  if (!ctx.options.smoke) args.push('--signed-in');
  say(`(a) bytes per route: scripts/bundle-size.mjs ${args.slice(1).join(' ')} (log: ${logFile})`);
  const code = await runLogged(process.execPath, args, { logFile, env: { CHROME_PATH: ctx.chromePath } });
  if (!existsSync(out)) throw new Error(`bundle-size.mjs wrote no JSON (exit ${code}; see ${logFile})`);
  const data = JSON.parse(readFileSync(out, 'utf8'));
  const rows = [];
  for (const result of data.results) {
    const route = result.route.startsWith('/artifacts/') ? '/artifacts/:id' : result.route;
    const who = result.signedIn ? 'signed in' : 'visitor';
    const redirect = result.finalPath !== result.route ? ` -> ${result.finalPath}` : '';
    const key = `${route}:${result.signedIn ? 'signed-in' : 'visitor'}`;
    const jsKB = result.js.gzip / 1024;
    const cssKB = result.css.gzip / 1024;
    rows.push(
      row('bytes', `${key}:js`, `${route}${redirect} (${who}) JS gzip`, kb(result.js.gzip), `<= ${BUDGET.jsKB} KB`, atMost(jsKB, BUDGET.jsKB, (v) => `${v.toFixed(1)} KB`), round(jsKB), 'KB'),
      row('bytes', `${key}:css`, `${route}${redirect} (${who}) CSS+fonts gzip`, kb(result.css.gzip), `<= ${BUDGET.cssKB} KB`, atMost(cssKB, BUDGET.cssKB, (v) => `${v.toFixed(1)} KB`), round(cssKB), 'KB'),
    );
  }
  // Routes of other remotes are not downloaded until visited: on the catalog's routes only the
  // shell's and the catalog's origins may serve code (the login page is the account remote's).
  const site = new URL(siteUrl);
  const allowed = [0, 1].map((i) => `${site.protocol}//${site.hostname}:${Number(site.port) + i}`);
  const originsOf = (result) => [...new Set(result.files.map((f) => new URL(f.url).origin))];
  const catalogRoutes = data.results.filter((r) => r.finalPath === r.route.split('?')[0]);
  const strays = [...new Set(catalogRoutes.flatMap((r) => originsOf(r).filter((o) => !allowed.includes(o)).map((o) => `${r.route.replace(/\/artifacts\/\w+$/, '/artifacts/:id')} -> ${o}`)))];
  rows.push(
    row(
      'bytes',
      'other-remotes',
      `other remotes' code on the catalog routes (${catalogRoutes.length} loads)`,
      strays.length ? strays.join(', ') : 'none: shell and catalog only',
      'none until visited',
      strays.length ? { status: 'missed', by: `${strays.length} loads` } : { status: 'met' },
      strays.length,
    ),
  );
  return {
    section: {
      exitCode: code,
      base: siteUrl,
      results: data.results.map(({ files, ...rest }) => ({ ...rest, files: files.length, origins: originsOf({ files }) })),
    },
    rows,
  };
}

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

async function measureLighthouse(ctx, { siteUrl }) {
  const runs = ctx.options.lighthouseRuns;
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const pages = {};
  const rows = [];
  for (const page of ['/', '/all-artifacts']) {
    const results = [];
    for (let i = 0; i < runs; i += 1) {
      say(`(b) Lighthouse ${page} run ${i + 1} of ${runs}`);
      const chrome = await chromeLauncher.launch({
        chromePath: ctx.chromePath,
        chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu'],
        logLevel: 'silent',
      });
      try {
        const { lhr } = await lighthouse(siteUrl + page, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES });
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
        results.push({
          scores,
          metrics: {
            fcpMs: metric('first-contentful-paint'),
            lcpMs: metric('largest-contentful-paint'),
            tbtMs: metric('total-blocking-time'),
            cls: metric('cumulative-layout-shift'),
            speedIndexMs: metric('speed-index'),
          },
          failing,
          // What to look at when performance is low: the LCP element and what shifts.
          lcpElement: lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.selector ?? null,
          layoutShifts: (lhr.audits['layout-shifts']?.details?.items ?? []).slice(0, 3).map((item) => ({ score: round(item.score ?? 0, 3), element: item.node?.selector ?? item.node?.nodeLabel ?? null })),
          runtimeError: lhr.runtimeError?.message ?? null,
          warnings: lhr.runWarnings ?? [],
        });
      } finally {
        await chrome.kill();
      }
    }
    const medianScores = Object.fromEntries(CATEGORIES.map((c) => [c, median(results.map((r) => r.scores[c]).filter((s) => s !== null))]));
    pages[page] = { runs: results, median: medianScores };
    for (const category of CATEGORIES) {
      const value = medianScores[category];
      const all = results.map((r) => r.scores[category]).join(', ');
      const budget = BUDGET.lighthouse[category];
      rows.push(
        row(
          'lighthouse',
          `${page}:${category}`,
          `${page} ${category}`,
          `${value ?? 'n/a'} (runs: ${all})`,
          budget === 100 ? '100' : `>= ${budget}`,
          atLeast(value, budget),
          value,
        ),
      );
    }
  }
  return { section: { runs, preset: 'mobile (Lighthouse default)', pages }, rows };
}

// ---------------------------------------------------------------------------------------------
// (c) api hot paths

const HOT_PATHS = [
  { key: 'featured', label: 'featured', path: () => '/artifacts?limit=8&sort=likes', note: 'home-list cache' },
  { key: 'details', label: 'details', path: (id) => `/artifacts/${id}` },
  { key: 'list', label: 'list page', path: () => '/artifacts?page=2' },
  { key: 'filtered', label: 'filtered+sorted', path: () => '/artifacts?type=Weapons&sort=latest' },
  { key: 'search', label: 'search', path: () => '/artifacts?search=bronze' },
];

/** A path slower than this with no load at all is not put under load (see measureLatency). */
const SLOW_ALONE_MS = 1000;

async function loadPath(ctx, url) {
  const { connections, durationMs, loader } = ctx.options;
  if (loader === 'wrk') return wrkLoad(url, { connections, durationMs, work: ctx.work });
  return nodeLoad(url, { connections, durationMs });
}

async function measureLatency(ctx, handler) {
  const { ports, options } = ctx;
  const size = options.size;
  const ferret = ctx.ferret[handler];
  const mongoUri = `mongodb://127.0.0.1:${ferret.port}/bench_latency_${size}`;
  await seedArtifacts(mongoUri, size, { maxLikes: 3, label: `(c) ${handler}` });
  const port = handler === 'sqlite' ? ports.apiLatency : ports.apiLatency + 1;
  const api = await startApi({
    port,
    mongoUri,
    authEmulatorPort: ports.auth,
    logDir: ctx.logs,
    name: `api-latency-${handler}`,
    env: { RECONCILE_ON_START: 'off', SWAGGER: 'off' },
  });
  const base = `http://127.0.0.1:${port}`;
  const pids = [api.child.pid, ferret.entry.child.pid];
  const results = {};
  const rows = [];
  try {
    const [first] = await getJson(`${base}/artifacts?limit=1&sort=latest`);
    for (const hot of HOT_PATHS) {
      const url = base + hot.path(first._id);
      const shown = url.replace(base, '').replace(first._id, ':id');
      const measure = `${hot.label} ${shown} (${handler}, ${thousands(size)})${hot.note ? ` [${hot.note}]` : ''}`;
      // One request alone first: what a single visitor waits on an idle api (and a warm-up). A
      // slow one is asked again, in case the first only filled a cache.
      const first1 = await get(url);
      const alone = first1.ms > SLOW_ALONE_MS ? await get(url) : first1;
      const aloneText = alone === first1 ? ms(alone.ms) : `${ms(first1.ms)}, again ${ms(alone.ms)}`;
      if (alone.ms > SLOW_ALONE_MS && !options.loadSlow) {
        // 32 connections would queue 32 times that work, and FerretDB finishes abandoned queries
        // after the api gives up (30 s socket timeout): minutes of backlog that would spoil the
        // next measurement. The verdict is already certain.
        say(`(c) ${handler} ${hot.label}: one request alone ${aloneText} (${alone.status}): not loaded (over ${SLOW_ALONE_MS} ms alone; --load-slow loads it anyway)`);
        results[hot.key] = { url: shown, aloneMs: round(first1.ms), againMs: alone === first1 ? null : round(alone.ms), aloneStatus: alone.status, loaded: false };
        rows.push(
          row(
            'latency',
            `${handler}:${hot.key}`,
            measure,
            `not loaded: one request alone takes ${aloneText} (status ${alone.status || alone.error}); p99 at ${options.connections} connections is higher still`,
            `p99 <= ${BUDGET.p99Ms} ms`,
            { status: 'missed', by: `more than +${ms(alone.ms - BUDGET.p99Ms)} (alone: ${(alone.ms / BUDGET.p99Ms).toFixed(0)}x the budget)` },
            round(alone.ms),
            'ms',
          ),
        );
        await settle(pids);
        continue;
      }
      say(`(c) ${handler} ${hot.label}: one request alone ${aloneText} (${alone.status}); ${options.connections} connections for ${options.durationMs / 1000}s`);
      const load = await loadPath(ctx, url);
      results[hot.key] = { url: shown, aloneMs: round(first1.ms), againMs: alone === first1 ? null : round(alone.ms), aloneStatus: alone.status, loaded: true, ...roundLoad(load) };
      const bad = load.non2xx + load.errors;
      let verdict = atMost(load.p99, BUDGET.p99Ms, ms);
      if (load.requests === 0) verdict = { status: 'missed', by: `no request finished within ${options.durationMs / 1000}s` };
      else if (load.requests === bad) verdict = { status: 'missed', by: `every request failed (${bad})` };
      else if (bad > 0 && verdict.status === 'met') verdict = { status: 'missed', by: `${bad} requests failed` };
      // wrk drops what is still in flight at its deadline: with few completions p99 is a lower bound.
      const lowerBound = load.tool === 'wrk' && load.requests > 0 && load.requests < options.connections * 2 ? ' (few finished: p99 is a lower bound)' : '';
      const failures = bad > 0 ? `, ${bad} failed` : '';
      rows.push(
        row(
          'latency',
          `${handler}:${hot.key}`,
          measure,
          `p50 ${ms(load.p50)} | p90 ${ms(load.p90)} | p99 ${ms(load.p99)} | ${load.rps.toFixed(load.rps < 10 ? 1 : 0)} req/s (${load.requests} requests${failures})${lowerBound} | alone ${aloneText}`,
          `p99 <= ${BUDGET.p99Ms} ms`,
          verdict,
          round(load.p99),
          'ms',
        ),
      );
      await settle(pids);
    }
  } finally {
    await stopProcess(api);
  }
  return { section: { handler, size, connections: options.connections, seconds: options.durationMs / 1000, tool: options.loader, paths: results }, rows };
}

function roundLoad(load) {
  const out = { ...load };
  for (const key of ['seconds', 'rps', 'p50', 'p90', 'p95', 'p99', 'max']) out[key] = round(load[key], 2);
  return out;
}

// ---------------------------------------------------------------------------------------------
// (d) the home page's api traffic at two sizes

const HOME_CALLS = ['/artifacts?limit=8&sort=likes', '/artifacts?sort=latest&limit=8', '/contributors/top?limit=3'];

async function homeLoad(base, agent) {
  const t0 = performance.now();
  // The page makes its three calls at once.
  const answers = await Promise.all(HOME_CALLS.map((call) => get(base + call, { agent })));
  return {
    ms: performance.now() - t0,
    bytes: answers.reduce((sum, a) => sum + a.bytes + a.headerBytes, 0),
    bodyBytes: answers.reduce((sum, a) => sum + a.bytes, 0),
    statuses: answers.map((a) => a.status || a.error),
    calls: answers.map((a, i) => ({ call: HOME_CALLS[i], status: a.status, bytes: a.bytes, headerBytes: a.headerBytes, ms: round(a.ms) })),
  };
}

async function measureHome(ctx, size, index) {
  const { ports, options } = ctx;
  const handler = options.handlers[0];
  const ferret = ctx.ferret[handler];
  const mongoUri = `mongodb://127.0.0.1:${ferret.port}/bench_home_${size}`;
  await seedArtifacts(mongoUri, size, { maxLikes: 3, label: `(d) home ${handler}` });
  const port = ports.apiHome + index;
  const api = await startApi({
    port,
    mongoUri,
    authEmulatorPort: ports.auth,
    logDir: ctx.logs,
    name: `api-home-${size}`,
    env: { RECONCILE_ON_START: 'off', SWAGGER: 'off' },
  });
  const base = `http://127.0.0.1:${port}`;
  const agent = new http.Agent({ keepAlive: true });
  try {
    await settle([api.child.pid, ferret.entry.child.pid]);
    const cold = await homeLoad(base, agent);
    say(`(d) home at ${thousands(size)} (${handler}): cold load ${ms(cold.ms)}, ${cold.bytes} bytes, statuses ${cold.statuses.join(' ')}`);
    // Typical: the next loads (at most a minute of them, should every load be slow).
    const loads = [];
    const until = performance.now() + 60_000;
    while (loads.length < options.homeLoads && (loads.length === 0 || performance.now() < until)) loads.push(await homeLoad(base, agent));
    const typicalMs = median(loads.map((l) => l.ms));
    say(`(d) home at ${thousands(size)}: typical (median of ${loads.length}) ${ms(typicalMs)}`);
    await settle([api.child.pid, ferret.entry.child.pid]);
    return {
      size,
      handler,
      cold: { ms: round(cold.ms), bytes: cold.bytes, bodyBytes: cold.bodyBytes, statuses: cold.statuses, calls: cold.calls },
      typical: { ms: round(typicalMs, 2), loads: loads.length, bytes: loads.at(-1).bytes, bodyBytes: loads.at(-1).bodyBytes, statuses: loads.at(-1).statuses },
    };
  } finally {
    agent.destroy();
    await stopProcess(api);
  }
}

function homeRows(measures) {
  const [small, large] = measures;
  const label = `${thousands(small.size)} -> ${thousands(large.size)}`;
  const growth = (a, b) => (b - a) / a;
  const budget = `within ${BUDGET.homeGrowth * 100}%`;
  const judge = (ratio, failed) =>
    failed ? { status: 'missed', by: 'calls failed' } : ratio <= BUDGET.homeGrowth ? { status: 'met' } : { status: 'missed', by: `${pct(ratio)}, ${pct(ratio - BUDGET.homeGrowth)} over` };
  const failedCold = [small, large].some((m) => m.cold.statuses.some((s) => s !== 200));
  const failedTypical = [small, large].some((m) => m.typical.statuses.some((s) => s !== 200));
  const bytesGrowth = growth(small.typical.bytes, large.typical.bytes);
  const typicalGrowth = growth(small.typical.ms, large.typical.ms);
  const coldGrowth = growth(small.cold.ms, large.cold.ms);
  return [
    row('home', 'bytes', `home api bytes (3 calls, headers + bodies), ${label}`, `${small.typical.bytes} B -> ${large.typical.bytes} B (${pct(bytesGrowth)})`, budget, judge(bytesGrowth, failedTypical), round(bytesGrowth * 100), '%'),
    row('home', 'typical', `home api time, typical (median of ${small.typical.loads} loads), ${label}`, `${ms(small.typical.ms)} -> ${ms(large.typical.ms)} (${pct(typicalGrowth)})`, budget, judge(typicalGrowth, failedTypical), round(typicalGrowth * 100), '%'),
    row('home', 'cold', `home api time, cold (first load after start or a write), ${label}`, `${ms(small.cold.ms)} -> ${ms(large.cold.ms)} (${pct(coldGrowth)})${failedCold ? ` statuses ${large.cold.statuses.join(' ')}` : ''}`, budget, judge(coldGrowth, failedCold), round(coldGrowth * 100), '%'),
  ];
}

// ---------------------------------------------------------------------------------------------
// (e) 1 000 000 artifacts on FerretDB's PostgreSQL handler

async function measureMillion(ctx) {
  const { ports, options, work, logs } = ctx;
  const size = options.millionSize;
  const dbName = `antiquarium_bench_million${ctx.offset ? `_${ctx.offset}` : ''}`;
  const postgresUrl = `postgres://postgres@127.0.0.1:5432/${dbName}`;
  let fresh = true;
  if (options.reuseMillion) {
    const exists = commandOutput('psql', ['-h', '127.0.0.1', '-U', 'postgres', '-tAc', `SELECT 1 FROM pg_database WHERE datname = '${dbName}'`]);
    fresh = exists !== '1';
  }
  if (fresh) await freshPostgresDatabase(dbName);
  const startFerret = () => startFerretDb({ port: ports.million, dataDir: path.join(work, 'ferretdb-million'), postgresUrl, debugPort: ports.million + 20, logDir: logs });
  // FerretDB decodes every matching document into memory and finishes a query the api has given
  // up on: past this size it is restarted (protects a shared machine; the answer was already in).
  const rssCap = options.millionRssCapGB ? options.millionRssCapGB * 1024 ** 3 : Math.min(8 * 1024 ** 3, os.totalmem() * 0.35);
  const ferret = { entry: await startFerret(), restarts: 0 };
  const guard = {
    pids: () => [ferret.entry.child.pid],
    rssCap,
    async onCap(rss) {
      say(`(e) FerretDB holds ${(rss / 1024 ** 3).toFixed(1)} GB after the api gave up: restarting it`);
      ferret.restarts += 1;
      await stopProcess(ferret.entry, 5000);
      ferret.entry = await startFerret();
    },
  };
  const mongoUri = `mongodb://127.0.0.1:${ports.million}/bench_million`;
  try {
    const have = fresh ? 0 : await seededCount(mongoUri).catch(() => 0);
    if (have === size) say(`(e) reusing ${thousands(size)} artifacts in PostgreSQL database ${dbName}`);
    else {
      say(`(e) seeding ${thousands(size)} artifacts into FerretDB (PostgreSQL handler): this takes a while`);
      await seedArtifacts(mongoUri, size, { maxLikes: 0, label: '(e) million' });
    }
    const api = await startApi({
      port: ports.apiMillion,
      mongoUri,
      authEmulatorPort: ports.auth,
      logDir: logs,
      name: 'api-million',
      env: { RECONCILE_ON_START: 'off', SWAGGER: 'off' },
    });
    const base = `http://127.0.0.1:${ports.apiMillion}`;
    const paths = {};
    const rows = [];
    try {
      for (const [key, label, url] of [
        ['list', 'list page', '/artifacts?page=2'],
        ['search', 'search', '/artifacts?search=bronze'],
      ]) {
        say(`(e) ${label} ${url}: ${options.millionRequests} requests, one at a time, waiting for quiet in between`);
        const load = await sequentialRequests(base, url, options.millionRequests, api, guard);
        paths[key] = { url, ...roundLoad(load) };
        say(`(e) ${label}: p95 ${ms(load.p95)} statuses ${JSON.stringify(load.statuses)}`);
        const bad = load.non2xx + load.errors;
        const verdict = atMost(load.p95, BUDGET.millionP95Ms, ms);
        rows.push(
          row(
            'million',
            key,
            `${label} ${url} (postgresql, ${thousands(size)}, 1 connection)`,
            `p50 ${ms(load.p50)} | p95 ${ms(load.p95)} | max ${ms(load.max)} (${load.requests} requests${bad ? `, ${bad} failed: ${JSON.stringify(load.statuses)}` : ''}${load.ferretdbRestarts ? `; FerretDB restarted ${load.ferretdbRestarts}x over ${(guard.rssCap / 1024 ** 3).toFixed(1)} GB` : ''})`,
            `p95 <= ${BUDGET.millionP95Ms} ms`,
            bad > 0 && verdict.status === 'met' ? { status: 'missed', by: `${bad} requests failed` } : verdict,
            round(load.p95),
            'ms',
          ),
        );
      }
    } finally {
      await stopProcess(api);
    }
    return { section: { handler: 'postgresql', size, database: dbName, paths, ferretdbRestarts: ferret.restarts, rssCapGB: round(rssCap / 1024 ** 3, 1) }, rows };
  } finally {
    await stopProcess(ferret.entry);
  }
}

function rssBytes(pid) {
  try {
    const pages = Number(readFileSync(`/proc/${pid}/statm`, 'utf8').split(' ')[1]);
    return pages * 4096;
  } catch {
    return 0;
  }
}

/** Waits for quiet like settle(), but restarts FerretDB (guard.onCap) when it grows past guard.rssCap. */
async function settleGuarded(api, base, guard, maxMs = 900_000) {
  const deadline = Date.now() + maxMs;
  while (Date.now() < deadline) {
    const rss = rssBytes(guard.pids()[0]);
    if (rss > guard.rssCap) {
      await guard.onCap(rss);
      // The api reconnects by itself; wait until it reaches the database again.
      const ready = Date.now() + 60_000;
      while (Date.now() < ready && (await get(`${base}/health/ready`, { timeoutMs: 5000 })).status !== 200) await sleep(500);
      return { restarted: true };
    }
    const before = [api.child.pid, ...guard.pids()].map(cpuSeconds);
    await sleep(1000);
    const after = [api.child.pid, ...guard.pids()].map(cpuSeconds);
    const busy = after.reduce((sum, value, i) => sum + (value === null || before[i] === null ? 0 : value - before[i]), 0);
    if (busy < 0.03) return { restarted: false };
  }
  say(`still busy after ${maxMs / 1000}s; going on`);
  return { restarted: false };
}

/**
 * Requests one at a time. After each, FerretDB may still be working on it (the api gives up after
 * its 30 s socket timeout, FerretDB does not): wait until it is quiet, so that abandoned queries
 * never pile up (each holds the decoded collection in memory).
 */
async function sequentialRequests(base, route, count, api, guard) {
  const url = base + route;
  const latencies = [];
  const statuses = {};
  let errors = 0;
  let non2xx = 0;
  let restarts = 0;
  const t0 = performance.now();
  for (let i = 0; i < count; i += 1) {
    const answer = await get(url, { timeoutMs: 180_000 });
    latencies.push(answer.ms);
    const key = answer.status ? String(answer.status) : 'error';
    statuses[key] = (statuses[key] ?? 0) + 1;
    if (!answer.status) errors += 1;
    else if (answer.status >= 300) non2xx += 1;
    say(`    request ${i + 1} of ${count}: ${answer.status || answer.error} in ${ms(answer.ms)} (elapsed ${elapsed()})`);
    if ((await settleGuarded(api, base, guard)).restarted) restarts += 1;
  }
  latencies.sort((a, b) => a - b);
  return {
    tool: 'node (sequential)',
    seconds: (performance.now() - t0) / 1000,
    requests: count,
    non2xx,
    errors,
    statuses,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    max: latencies.at(-1) ?? null,
    latencies: latencies.map((value) => round(value)),
    ferretdbRestarts: restarts,
  };
}

// ---------------------------------------------------------------------------------------------
// The table

const STATUS = { met: 'met', missed: 'MISSED', info: 'info', skipped: 'skipped', error: 'ERROR' };

function printTable(rows, title) {
  const columns = [
    ['section', (r) => r.section],
    ['measure', (r) => r.measure],
    ['result', (r) => r.result],
    ['budget', (r) => r.budget],
    ['verdict', (r) => `${STATUS[r.status] ?? r.status}${r.by ? ` ${r.status === 'missed' ? 'by ' : ''}${r.by}` : ''}`],
  ];
  const widths = columns.map(([name, cell]) => Math.max(name.length, ...rows.map((r) => String(cell(r)).length)));
  const line = (cells) => `| ${cells.map((c, i) => String(c).padEnd(widths[i])).join(' | ')} |`;
  console.log(`\n${title}`);
  console.log(line(columns.map(([name]) => name)));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const r of rows) console.log(line(columns.map(([, cell]) => cell(r))));
}

function compare(fileA, fileB) {
  if (!fileA || !fileB) throw new Error('--compare needs two JSON files');
  const [a, b] = [fileA, fileB].map((file) => JSON.parse(readFileSync(file, 'utf8')));
  const byKey = (report) => new Map(report.rows.map((r) => [r.key, r]));
  const [mapA, mapB] = [byKey(a), byKey(b)];
  const keys = [...new Set([...mapA.keys(), ...mapB.keys()])];
  const rows = keys.map((key) => {
    const [ra, rb] = [mapA.get(key), mapB.get(key)];
    const base = rb ?? ra;
    let change = '';
    if (typeof ra?.value === 'number' && typeof rb?.value === 'number') {
      const delta = rb.value - ra.value;
      change = `${delta >= 0 ? '+' : ''}${round(delta, 1)}${base.unit ? ` ${base.unit}` : ''}${ra.value !== 0 ? ` (${pct(delta / Math.abs(ra.value))})` : ''}`;
    }
    const verdict = `${ra ? STATUS[ra.status] : '-'} -> ${rb ? STATUS[rb.status] : '-'}`;
    return { section: base.section, measure: base.measure, a: ra?.result ?? '-', b: rb?.result ?? '-', change, verdict };
  });
  const columns = ['section', 'measure', 'a', 'b', 'change', 'verdict'];
  const widths = columns.map((c) => Math.max(c.length, ...rows.map((r) => String(r[c]).length)));
  const line = (cells) => `| ${cells.map((c, i) => String(c).padEnd(widths[i])).join(' | ')} |`;
  console.log(`a: ${fileA} (${a.startedAt}, load ${a.machine?.loadAverageAtStart?.join(' ')})`);
  console.log(`b: ${fileB} (${b.startedAt}, load ${b.machine?.loadAverageAtStart?.join(' ')})`);
  console.log(line(columns));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const r of rows) console.log(line(columns.map((c) => r[c])));
}

// ---------------------------------------------------------------------------------------------
// Main

function resolveOptions(parsed) {
  const { values, flags } = parsed;
  const smoke = flags.has('--smoke');
  const number = (name, fallback) => {
    const value = Number(values[name] ?? fallback);
    if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a whole number >= 1`);
    return value;
  };
  const homeSizes = (values['--home-sizes'] ?? (smoke ? '30,300' : '100,100000')).split(',').map(Number);
  if (homeSizes.length !== 2 || homeSizes.some((n) => !Number.isInteger(n) || n < 1)) throw new Error('--home-sizes takes two sizes, e.g. 100,100000');
  const handlers = (values['--handlers'] ?? (smoke ? 'sqlite' : 'sqlite,postgresql')).split(',');
  if (handlers.length === 0 || handlers.some((h) => !['sqlite', 'postgresql'].includes(h))) throw new Error('--handlers: sqlite and/or postgresql');
  const loader = values['--loader'] ?? 'wrk';
  if (!['wrk', 'node'].includes(loader)) throw new Error('--loader: wrk or node');
  return {
    smoke,
    size: number('--size', smoke ? 300 : 10_000),
    homeSizes,
    handlers,
    million: flags.has('--million'),
    reuseMillion: flags.has('--reuse-million'),
    millionSize: number('--million-size', smoke ? 500 : 1_000_000),
    millionRequests: number('--million-requests', smoke ? 2 : 3),
    millionRssCapGB: values['--million-rss-cap-gb'] ? Number(values['--million-rss-cap-gb']) : null,
    skipLighthouse: flags.has('--skip-lighthouse'),
    skipSite: flags.has('--skip-site'),
    skipLatency: flags.has('--skip-latency'),
    skipHome: flags.has('--skip-home'),
    build: flags.has('--build'),
    loadSlow: flags.has('--load-slow'),
    durationMs: number('--duration', smoke ? 1 : 10) * 1000,
    connections: number('--connections', smoke ? 4 : 32),
    lighthouseRuns: number('--lighthouse-runs', smoke ? 1 : 3),
    homeLoads: smoke ? 3 : 20,
    loader,
    portOffset: Number(values['--port-offset'] ?? process.env.BENCH_PORT_OFFSET ?? 0),
    out: values['--out'],
  };
}

async function ensureLoader(options) {
  if (options.loader !== 'wrk') return;
  if (commandOutput('sh', ['-c', 'command -v wrk'])) return;
  if (!options.smoke) {
    say('wrk is missing: installing it (scripts/install.sh install_wrk)');
    try {
      await run('bash', ['-c', `source "${path.join(ROOT, 'scripts/install.sh')}" && install_wrk`], { cwd: ROOT });
      if (commandOutput('sh', ['-c', 'command -v wrk'])) return;
    } catch (error) {
      say(`could not install wrk (${error.message})`);
    }
  }
  say('using the Node load loop instead of wrk');
  options.loader = 'node';
}

function distsMissing() {
  const wanted = [
    'api/dist/main.js',
    'api/dist/seed/main.js',
    'api/dist/seed/factory.js',
    'shell/dist/index.html',
    ...REMOTES.map((remote) => `${remote.folder}/dist/mf-manifest.json`),
  ];
  return wanted.filter((file) => !existsSync(path.join(ROOT, file)));
}

async function main() {
  const parsed = parseArgs();
  if (parsed.compare) return compare(...parsed.compare);
  if (parsed.flags.has('--help')) {
    console.log(readFileSync(new URL(import.meta.url), 'utf8').split('\n').filter((l) => l.startsWith('//')).slice(0, 24).join('\n'));
    return;
  }
  if (!existsSync(path.join(ROOT, 'node_modules/playwright-core'))) throw new Error('node_modules is missing: run `npm ci` (or `npm test` once) first');
  const options = resolveOptions(parsed);
  const o = options.portOffset;
  const ports = portsOf('bench', o);
  const work = mkdtempSync(path.join(os.tmpdir(), 'antiquarium-bench-'));
  workDir = work;
  const logs = path.join(work, 'logs');
  mkdirSync(logs, { recursive: true });
  const ctx = { options, ports, work, logs, offset: o, chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', ferret: {} };
  onInterrupt(async () => {
    await stopAll();
    process.exit(130);
  });

  const startedAt = new Date();
  const report = { version: 1, startedAt: startedAt.toISOString(), options: { ...options }, budgets: BUDGET, machine: null, sections: {}, rows: [] };
  say(`work dir ${work} (logs in ${logs})`);
  await ensureLoader(options);
  report.options.loader = options.loader;
  report.machine = machine(options);
  say(`machine: ${report.machine.cores} cores, ${report.machine.memoryGB} GB, ${report.machine.node}, load average ${report.machine.loadAverageAtStart.join(' ')}`);

  const missing = distsMissing();
  if (options.build || (missing.length > 0 && !options.smoke)) {
    say(`building the workspace (${options.build ? '--build' : `missing: ${missing.join(', ')}`})`);
    await run('npx', ['nx', 'run-many', '-t', 'build', '--output-style=static'], { cwd: ROOT, env: { NX_DAEMON: 'false' } });
  }
  const siteReady = distsMissing().length === 0;
  await ensureFerretDb();

  const sqliteEntry = await startFerretDb({ port: ports.sqlite, dataDir: path.join(work, 'ferretdb-sqlite'), debugPort: ports.sqlite + 20, logDir: logs });
  ctx.ferret.sqlite = { port: ports.sqlite, entry: sqliteEntry };
  const needsPostgres = (!options.skipLatency && options.handlers.includes('postgresql')) || (!options.skipHome && options.handlers[0] === 'postgresql');
  if (needsPostgres) {
    const postgresUrl = await freshPostgresDatabase(`antiquarium_bench${o ? `_${o}` : ''}`);
    const entry = await startFerretDb({ port: ports.postgres, dataDir: path.join(work, 'ferretdb-postgresql'), postgresUrl, debugPort: ports.postgres + 20, logDir: logs });
    ctx.ferret.postgresql = { port: ports.postgres, entry };
  }

  // (a) and (b)
  if (options.skipSite || !siteReady) {
    const why = options.skipSite ? '--skip-site' : 'front ends not built';
    report.sections.bytes = { skipped: why };
    report.sections.lighthouse = { skipped: why };
    report.rows.push(row('bytes', 'skipped', 'bytes per route', '-', `<= ${BUDGET.jsKB} KB JS, ${BUDGET.cssKB} KB CSS`, skipped(why), null));
    report.rows.push(row('lighthouse', 'skipped', 'Lighthouse / and /all-artifacts', '-', 'perf >= 90, a11y 100, bp >= 95, seo >= 95', skipped(why), null));
  } else {
    say('(a)+(b) the demo site: Auth Emulator, demo seed, api, four front ends');
    await withSite(ctx, async (site) => {
      const bytes = await measureBytes(ctx, site);
      report.sections.bytes = bytes.section;
      report.rows.push(...bytes.rows);
      if (options.skipLighthouse) {
        report.sections.lighthouse = { skipped: '--skip-lighthouse' };
        report.rows.push(row('lighthouse', 'skipped', 'Lighthouse / and /all-artifacts', '-', 'perf >= 90, a11y 100, bp >= 95, seo >= 95', skipped('--skip-lighthouse'), null));
      } else {
        const lighthouseResult = await measureLighthouse(ctx, site);
        report.sections.lighthouse = lighthouseResult.section;
        report.rows.push(...lighthouseResult.rows);
      }
    });
  }

  // (c)
  report.sections.latency = options.skipLatency ? { skipped: '--skip-latency' } : {};
  if (options.skipLatency) report.rows.push(row('latency', 'skipped', 'api hot paths', '-', `p99 <= ${BUDGET.p99Ms} ms`, skipped('--skip-latency'), null));
  for (const handler of options.skipLatency ? [] : options.handlers) {
    say(`(c) api hot paths on FerretDB ${handler}, ${thousands(options.size)} artifacts`);
    const result = await measureLatency(ctx, handler);
    report.sections.latency[handler] = result.section;
    report.rows.push(...result.rows);
  }

  // (d)
  if (options.skipHome) {
    report.sections.home = { skipped: '--skip-home' };
    report.rows.push(row('home', 'skipped', "home page's api traffic", '-', `within ${BUDGET.homeGrowth * 100}%`, skipped('--skip-home'), null));
  } else {
    const homes = [];
    for (const [index, size] of options.homeSizes.entries()) {
      say(`(d) the home page's api calls at ${thousands(size)} artifacts`);
      homes.push(await measureHome(ctx, size, index));
    }
    report.sections.home = { calls: HOME_CALLS, sizes: homes };
    report.rows.push(...homeRows(homes));
  }

  // (e)
  if (options.million) {
    const t0 = performance.now();
    const result = await measureMillion(ctx);
    result.section.elapsedSeconds = round((performance.now() - t0) / 1000, 0);
    report.sections.million = result.section;
    report.rows.push(...result.rows);
  } else {
    report.sections.million = { skipped: 'run with --million' };
    report.rows.push(row('million', 'skipped', `list and search at ${thousands(options.millionSize)} (postgresql)`, '-', `p95 <= ${BUDGET.millionP95Ms} ms`, skipped('run with --million'), null));
  }

  await stopAll();
  report.finishedAt = new Date().toISOString();
  report.elapsedSeconds = round((performance.now() - started) / 1000, 0);
  report.machine.loadAverageAtEnd = os.loadavg().map((value) => round(value, 2));

  const stamp = startedAt.toISOString().replace(/[:.]/g, '-');
  const outDir = path.join(ROOT, 'bench-results');
  const out = options.out ? path.resolve(options.out) : path.join(outDir, `${stamp}.json`);
  mkdirSync(path.dirname(out), { recursive: true });
  writeFileSync(out, `${JSON.stringify(report, null, 2)}\n`);
  if (!options.smoke) {
    mkdirSync(outDir, { recursive: true });
    writeFileSync(path.join(outDir, 'latest.json'), `${JSON.stringify(report, null, 2)}\n`);
  }
  const m = report.machine;
  printTable(
    report.rows,
    `Antiquarium benchmark ${report.startedAt} (${report.elapsedSeconds}s): ${m.cores} cores, ${m.memoryGB} GB, Node ${m.node}, ${m.chromium ?? 'chromium ?'}, FerretDB ${m.ferretdb} (${m.ferretdbHandlers.join(', ')}), load tool ${options.loader}, load average ${m.loadAverageAtStart.join(' ')} -> ${m.loadAverageAtEnd.join(' ')}${options.smoke ? ' [SMOKE: tiny sizes, timings meaningless]' : ''}`,
  );
  console.log(`\nwritten: ${path.relative(process.cwd(), out)}${options.smoke ? '' : ` and ${path.relative(process.cwd(), path.join(outDir, 'latest.json'))}`}`);
  rmSync(work, { recursive: true, force: true });
}

let workDir;

main().catch(async (error) => {
  console.error(`[bench] failed: ${error.stack ?? error.message}`);
  await stopAll();
  process.exitCode = 1;
  // The work dir stays for its logs: show their ends.
  const logs = workDir ? path.join(workDir, 'logs') : null;
  if (logs && existsSync(logs)) {
    for (const file of readdirSync(logs)) {
      const text = readFileSync(path.join(logs, file), 'utf8');
      console.error(`----- last lines of ${path.join(logs, file)} -----\n${text.split('\n').slice(-20).join('\n')}`);
    }
  }
});
