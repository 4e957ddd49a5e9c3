// The bench's small helpers: formatting, verdicts, rows of the table, commands, and waiting for quiet.
import { execFileSync, spawn } from 'node:child_process';
import { createWriteStream, readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { ROOT } from '../lib/services.mjs';

export const started = performance.now();
export const elapsed = () => `${((performance.now() - started) / 1000).toFixed(0)}s`;
export const say = (message) => process.stdout.write(`[bench +${elapsed()}] ${message}\n`);
export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
export const round = (value, digits = 1) => (value === null || value === undefined ? null : Number(value.toFixed(digits)));
export const thousands = (n) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');

export function ms(value) {
  if (value === null || value === undefined || Number.isNaN(value)) return 'n/a';
  if (value >= 10_000) return `${(value / 1000).toFixed(1)} s`;
  if (value >= 1000) return `${(value / 1000).toFixed(2)} s`;
  if (value >= 100) return `${value.toFixed(0)} ms`;
  return `${value.toFixed(1)} ms`;
}
export const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
export const pct = (ratio) => `${ratio >= 0 ? '+' : ''}${(ratio * 100).toFixed(1)}%`;

export function percentile(sorted, p) {
  if (sorted.length === 0) return null;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** A row of the one table. `value` is the number compared between runs. */
export function row(section, key, measure, result, budget, verdict, value, unit = '') {
  return { section, key: `${section}:${key}`, measure, result, budget, status: verdict.status, by: verdict.by ?? '', value, unit };
}
export const skipped = (why) => ({ status: 'skipped', by: why });
export function atMost(value, max, format) {
  if (value === null || value === undefined) return { status: 'missed', by: 'no measurement' };
  if (value <= max) return { status: 'met' };
  return { status: 'missed', by: `+${format(value - max)} (${(value / max).toFixed(value / max >= 10 ? 0 : 1)}x the budget)` };
}
export function atLeast(value, min) {
  if (value === null || value === undefined) return { status: 'missed', by: 'no measurement' };
  return value >= min ? { status: 'met' } : { status: 'missed', by: `-${round(min - value, 0)} points` };
}

/** Runs a command with its output in a log file; resolves with the exit code (never rejects on it). */
export function runLogged(command, args, { env, logFile, cwd = ROOT }) {
  return new Promise((resolve, reject) => {
    const out = createWriteStream(logFile, { flags: 'a' });
    const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.pipe(out);
    child.stderr.pipe(out);
    child.once('error', reject);
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 128 : 1)));
  });
}

export function commandOutput(command, args) {
  try {
    return execFileSync(command, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return null;
  }
}

// Waiting for quiet: a slow path leaves queued work in the api and FerretDB after the load tool
// stops; the next path must not pay for it.

export function cpuSeconds(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

export async function settle(pids, maxMs = 240_000) {
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
