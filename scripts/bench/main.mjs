// The run: options, services, each section in turn, the one table and its JSON.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { onInterrupt, run, stopAll } from '../lib/processes.mjs';
import { chromiumPath } from '../lib/chromium.cjs';
import { ensureFerretDb, freshPostgresDatabase, ROOT, startFerretDb } from '../lib/services.mjs';
import { portsOf, REMOTES } from '../lib/workspace.mjs';
import { commandOutput, round, row, say, skipped, started, thousands } from './helpers.mjs';
import { HOME_CALLS, homeRows, measureHome } from './home.mjs';
import { idleRows, measureIdle } from './idle.mjs';
import { iiifTiles } from './iiif-tiles.mjs';
import { measurePhotos } from './photos.mjs';
import { measureLatency } from './latency.mjs';
import { measureMillion } from './million.mjs';
import { BUDGET, parseArgs, resolveOptions } from './options.mjs';
import { compare, machine, printTable } from './report.mjs';
import { measureBytes } from './bytes.mjs';
import { measureLighthouse } from './lighthouse.mjs';
import { withSite } from './site.mjs';
import { measureFirstTap } from './first-tap.mjs';

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

/** (h) the first interaction on the first pages of `site` (first-tap.mjs), or its row saying why not. */
async function firstTap(ctx, report, site, why = ctx.options.skipFirstTap ? '--skip-first-tap' : null) {
  if (why) {
    report.sections['first-tap'] = { skipped: why };
    report.rows.push(row('first-tap', 'skipped', 'the first interaction on the first pages', '-', `result <= ${BUDGET.firstTapMs} ms, INP <= ${BUDGET.inpMs} ms`, skipped(why), null));
    return;
  }
  say(`(h) the first interaction on the first pages of ${site.siteUrl}`);
  const result = await measureFirstTap(ctx, site);
  report.sections['first-tap'] = result.section;
  report.rows.push(...result.rows);
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

/** FerretDB (installed if missing) on SQLite for every section, and on PostgreSQL when a section asked for needs it. */
async function startDatabases(ctx) {
  const { options, ports, work, logs, offset: o } = ctx;
  await ensureFerretDb();
  const sqliteEntry = await startFerretDb({ port: ports.sqlite, dataDir: path.join(work, 'ferretdb-sqlite'), debugPort: ports.sqlite + 20, logDir: logs });
  ctx.ferret.sqlite = { port: ports.sqlite, entry: sqliteEntry };
  const needsPostgres = (!options.skipLatency && options.handlers.includes('postgresql')) || (!options.skipHome && options.handlers[0] === 'postgresql');
  if (needsPostgres) {
    const postgresUrl = await freshPostgresDatabase(`antiquarium_bench${o ? `_${o}` : ''}`);
    const entry = await startFerretDb({ port: ports.postgres, dataDir: path.join(work, 'ferretdb-postgresql'), postgresUrl, debugPort: ports.postgres + 20, logDir: logs });
    ctx.ferret.postgresql = { port: ports.postgres, entry };
  }
}

/** (a), (b) and (h): on the bench's own demo site, or on the site --site-url names (its (b) and (h) only). */
async function siteSections(ctx, report, siteReady) {
  const { options } = ctx;
  if (options.siteUrl && !options.skipSite) {
    // (b) only, against the site given: the one `npm start` runs, as a visitor would meet it. Its
    // signed-in run and its public collection are made there (a bench user, one collection).
    const why = `--site-url ${options.siteUrl}: bytes are measured on the bench's own site`;
    report.sections.bytes = { skipped: why };
    report.rows.push(row('bytes', 'skipped', 'bytes per route', '-', `<= ${BUDGET.jsKB} KB JS, ${BUDGET.cssKB} KB CSS`, skipped(why), null));
    say(`(b) Lighthouse against ${options.siteUrl}`);
    const lighthouseResult = await measureLighthouse(ctx, { siteUrl: options.siteUrl });
    report.sections.lighthouse = { ...lighthouseResult.section, siteUrl: options.siteUrl };
    report.rows.push(...lighthouseResult.rows);
    await firstTap(ctx, report, { siteUrl: options.siteUrl });
  } else if (options.skipSite || !siteReady) {
    const why = options.skipSite ? '--skip-site' : 'front ends not built';
    report.sections.bytes = { skipped: why };
    report.sections.lighthouse = { skipped: why };
    report.rows.push(row('bytes', 'skipped', 'bytes per route', '-', `<= ${BUDGET.jsKB} KB JS, ${BUDGET.cssKB} KB CSS`, skipped(why), null));
    report.rows.push(row('lighthouse', 'skipped', 'Lighthouse /, /all-artifacts, / signed in and a public collection', '-', `perf >= ${BUDGET.lighthouse.performance}, a11y 100, bp >= 95, seo >= 95, LCP <= ${BUDGET.lcpMs} ms, TBT <= ${BUDGET.tbtMs} ms, CLS <= ${BUDGET.cls}`, skipped(why), null));
    await firstTap(ctx, report, null, why);
  } else {
    say('(a)+(b) the demo site: Auth Emulator, demo seed, api, four front ends');
    await withSite(ctx, async (site) => {
      const bytes = await measureBytes(ctx, site);
      report.sections.bytes = bytes.section;
      report.rows.push(...bytes.rows);
      if (options.skipLighthouse) {
        report.sections.lighthouse = { skipped: '--skip-lighthouse' };
        report.rows.push(row('lighthouse', 'skipped', 'Lighthouse /, /all-artifacts, / signed in and a public collection', '-', `perf >= ${BUDGET.lighthouse.performance}, a11y 100, bp >= 95, seo >= 95, LCP <= ${BUDGET.lcpMs} ms, TBT <= ${BUDGET.tbtMs} ms, CLS <= ${BUDGET.cls}`, skipped('--skip-lighthouse'), null));
      } else {
        const lighthouseResult = await measureLighthouse(ctx, site);
        report.sections.lighthouse = lighthouseResult.section;
        report.rows.push(...lighthouseResult.rows);
      }
      await firstTap(ctx, report, site);
    });
  }
}

/** (c), (d), (f), (g), (i) and (e): the api's and the databases' sections. */
async function backEndSections(ctx, report) {
  const { options } = ctx;
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

  // (f)
  if (options.skipIdle) {
    report.sections.idle = { skipped: '--skip-idle' };
    report.rows.push(row('idle', 'skipped', 'idle CPU per minute', '-', 'measured', skipped('--skip-idle'), null));
  } else {
    const idle = [];
    for (const [index, size] of options.idleSizes.entries()) {
      say(`(f) idle cost at ${thousands(size)} artifacts`);
      idle.push(await measureIdle(ctx, size, index));
    }
    report.sections.idle = { sizes: idle.map((result) => result.figures) };
    report.rows.push(...idleRows(idle));
  }

  // (g)
  if (options.skipPhotos) {
    report.sections.photos = { skipped: '--skip-photos' };
    report.rows.push(row('photos', 'skipped', 'photos: processing, card bytes, serving', '-', 'issue 42', skipped('--skip-photos'), null));
  } else {
    const result = await measurePhotos(ctx);
    report.sections.photos = result.section;
    report.rows.push(...result.rows);
  }

  // (i)
  await iiifTiles(ctx, report);

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
}

/** The report as JSON (bench-results/<start>.json or --out, and latest.json after a full run), then its table. */
function writeReport(report, options, startedAt) {
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
}

async function main() {
  const parsed = parseArgs();
  if (parsed.compare) return compare(...parsed.compare);
  if (parsed.flags.has('--help')) {
    console.log(readFileSync(path.join(ROOT, 'scripts/bench.mjs'), 'utf8').split('\n').filter((l) => l.startsWith('//')).slice(0, 31).join('\n'));
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
  const ctx = { options, ports, work, logs, offset: o, chromePath: chromiumPath(), ferret: {} };
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
  await startDatabases(ctx);
  await siteSections(ctx, report, siteReady);
  await backEndSections(ctx, report);

  await stopAll();
  report.finishedAt = new Date().toISOString();
  report.elapsedSeconds = round((performance.now() - started) / 1000, 0);
  report.machine.loadAverageAtEnd = os.loadavg().map((value) => round(value, 2));
  writeReport(report, options, startedAt);
  rmSync(work, { recursive: true, force: true });
}

let workDir;

/** Runs the benchmark with the command line's options; on failure shows the ends of the logs. */
export function runBench() {
  return main().catch(async (error) => {
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
}
