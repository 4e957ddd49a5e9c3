// (f) idle cost: CPU the api and FerretDB spend per minute with no traffic at all, at each
// --idle-sizes size (issue 29). One api without Redis, its defaults untouched: what it spends then is
// what it spends to see other instances' writes (the change log, docs/decisions/0007) plus its timers.
import { stopProcess } from '../lib/processes.mjs';
import { startApi } from '../lib/services.mjs';
import { cpuSeconds, round, row, say, settle, sleep, thousands } from './helpers.mjs';
import { seedArtifacts } from './seed.mjs';

/** CPU seconds a process spent between two readings (null when it could not be read). */
const spent = (before, after) => (before === null || after === null ? null : after - before);

export async function measureIdle(ctx, size, index) {
  const { ports, options } = ctx;
  const ferret = ctx.ferret.sqlite;
  const mongoUri = `mongodb://127.0.0.1:${ferret.port}/bench_idle_${size}`;
  await seedArtifacts(mongoUri, size, { maxLikes: 3, label: `(f) ${thousands(size)}` });
  // Beside (e)'s api: a port of the bench profile no other section uses.
  const port = ports.apiMillion + 1 + index;
  const api = await startApi({ port, mongoUri, authEmulatorPort: ports.auth, logDir: ctx.logs, name: `api-idle-${size}`, env: { RECONCILE_ON_START: 'off', SWAGGER: 'off' },
    // Loading 100 000 artifacts' catalog outlasted the usual 60 s (2026-11-25): the load is not what is measured.
    readyMs: 15 * 60_000,
  });
  try {
    // Ready means the catalog is loaded; the load's own work is not idle cost.
    await settle([api.child.pid, ferret.entry.child.pid]);
    const pids = { api: api.child.pid, ferretdb: ferret.entry.child.pid };
    const before = { api: cpuSeconds(pids.api), ferretdb: cpuSeconds(pids.ferretdb) };
    say(`(f) ${thousands(size)} artifacts: ${options.idleSeconds}s with no traffic`);
    const t0 = Date.now();
    await sleep(options.idleSeconds * 1000);
    const minutes = (Date.now() - t0) / 60_000;
    const perMinute = (name) => {
      const value = spent(before[name], cpuSeconds(pids[name]));
      return value === null ? null : round(value / minutes, 2);
    };
    const figures = { size, seconds: options.idleSeconds, apiCpuSecondsPerMinute: perMinute('api'), ferretdbCpuSecondsPerMinute: perMinute('ferretdb') };
    const total = (figures.apiCpuSecondsPerMinute ?? 0) + (figures.ferretdbCpuSecondsPerMinute ?? 0);
    return {
      figures,
      row: row(
        'idle',
        `idle:${size}`,
        `idle CPU per minute, one api without Redis (sqlite, ${thousands(size)})`,
        `api ${figures.apiCpuSecondsPerMinute ?? '?'} s | FerretDB ${figures.ferretdbCpuSecondsPerMinute ?? '?'} s (over ${options.idleSeconds}s)`,
        'flat as the collection grows (issue 29)',
        { status: 'info' },
        round(total, 2),
        's/min',
      ),
    };
  } finally {
    await stopProcess(api);
  }
}

/** The rows of every size, and a last one comparing the largest with the smallest. */
export function idleRows(results) {
  const rows = results.map((result) => result.row);
  const [small, large] = [results[0], results.at(-1)];
  if (small && large && small !== large) {
    const cost = (result) => result.row.value ?? 0;
    const ratio = cost(small) > 0 ? cost(large) / cost(small) : null;
    rows.push(
      row(
        'idle',
        'idle:growth',
        `idle CPU at ${thousands(large.figures.size)} against ${thousands(small.figures.size)} artifacts`,
        ratio === null ? `${cost(large)} s/min against 0` : `${ratio.toFixed(1)}x`,
        'measured (issue 29)',
        { status: 'info' },
        ratio === null ? null : round(ratio, 2),
        'x',
      ),
    );
  }
  return rows;
}
