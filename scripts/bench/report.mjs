// The machine a run measured on, the one table, and --compare of two reports.
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from '../lib/services.mjs';
import { chromiumPath } from '../lib/chromium.cjs';
import { commandOutput, pct, round } from './helpers.mjs';

export function machine(options) {
  const cpus = os.cpus();
  const ferretVersion = commandOutput(path.join(ROOT, '.tools/bin/ferretdb'), ['--version']);
  return {
    cores: cpus.length,
    cpuModel: cpus[0]?.model ?? 'unknown',
    memoryGB: round(os.totalmem() / 1024 ** 3, 1),
    os: `${os.type()} ${os.release()}`,
    node: process.version,
    chromium: commandOutput(chromiumPath(), ['--version']),
    ferretdb: ferretVersion?.match(/version:\s*(\S+)/)?.[1] ?? ferretVersion?.split('\n')[0] ?? null,
    ferretdbHandlers: options.handlers,
    postgresql: commandOutput('psql', ['--version']),
    wrk: options.loader === 'wrk' ? commandOutput('wrk', ['--version'])?.split('\n')[0] ?? 'wrk' : null,
    loadAverageAtStart: os.loadavg().map((value) => round(value, 2)),
  };
}

// The table

const STATUS = { met: 'met', missed: 'MISSED', info: 'info', skipped: 'skipped', error: 'ERROR' };

export function printTable(rows, title) {
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

export function compare(fileA, fileB) {
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
