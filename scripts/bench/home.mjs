// (d) the home page's api traffic at two sizes
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { stopProcess } from '../lib/processes.mjs';
import { NO_RATE_LIMITS, startApi } from '../lib/services.mjs';
import { median, ms, pct, round, row, say, settle, thousands } from './helpers.mjs';
import { get } from './load.mjs';
import { BUDGET } from './options.mjs';
import { seedArtifacts } from './seed.mjs';

export const HOME_CALLS = ['/artifacts?limit=8&sort=likes', '/artifacts?sort=latest&limit=8', '/contributors/top?limit=3'];

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

export async function measureHome(ctx, size, index) {
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
    env: { ...NO_RATE_LIMITS, RECONCILE_ON_START: 'off', SWAGGER: 'off' },
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

export function homeRows(measures) {
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
