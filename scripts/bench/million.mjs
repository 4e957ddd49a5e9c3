// (e) 1 000 000 artifacts on FerretDB's PostgreSQL handler
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { stopProcess } from '../lib/processes.mjs';
import { freshPostgresDatabase, NO_RATE_LIMITS, startApi, startFerretDb } from '../lib/services.mjs';
import { atMost, commandOutput, cpuSeconds, elapsed, ms, percentile, round, row, say, sleep, thousands } from './helpers.mjs';
import { roundLoad } from './latency.mjs';
import { get } from './load.mjs';
import { BUDGET } from './options.mjs';
import { seedArtifacts, seededCount } from './seed.mjs';

export async function measureMillion(ctx) {
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
      env: { ...NO_RATE_LIMITS, RECONCILE_ON_START: 'off', SWAGGER: 'off' },
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
