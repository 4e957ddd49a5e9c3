// Small process supervisor for the local services: start, wait until ready, stop in reverse order.
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { createInterface } from 'node:readline';

const running = [];

export function log(message) {
  process.stdout.write(`[antiquarium] ${message}\n`);
}

/**
 * Starts a long-running process. Output goes to logDir/<name>.log, or to this terminal when
 * `inherit` is set. Rejects `ready` if the process exits before it is ready.
 */
export function startProcess(name, command, args, { cwd, env, logDir, inherit = false, stopSignal = 'SIGTERM' } = {}) {
  let stdio = 'inherit';
  let logFile;
  if (!inherit) {
    mkdirSync(logDir, { recursive: true });
    logFile = path.join(logDir, `${name}.log`);
    stdio = ['ignore', 'pipe', 'pipe'];
  }
  const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio, detached: true });
  if (logFile) {
    const out = createWriteStream(logFile, { flags: 'a' });
    // Two streams into one file: neither may end it (the other may still write), the exit does.
    child.stdout.pipe(out, { end: false });
    child.stderr.pipe(out, { end: false });
    child.once('close', () => out.end());
  }
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const entry = { name, child, exited, stopSignal, logFile };
  running.push(entry);
  return entry;
}

/** Stops one process (its whole group), waiting up to `graceMs` before SIGKILL. */
export async function stopProcess(entry, graceMs = 15000) {
  const index = running.indexOf(entry);
  if (index >= 0) running.splice(index, 1);
  if (entry.child.exitCode !== null || entry.child.signalCode !== null) return entry.exited;
  try {
    process.kill(-entry.child.pid, entry.stopSignal);
  } catch {
    return entry.exited;
  }
  const timer = setTimeout(() => {
    try {
      process.kill(-entry.child.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }, graceMs);
  const result = await entry.exited;
  clearTimeout(timer);
  return result;
}

export async function stopAll() {
  while (running.length > 0) {
    const entry = running[running.length - 1];
    log(`stopping ${entry.name}`);
    await stopProcess(entry);
  }
}

export function portAnswers(port, host = '127.0.0.1') {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

export async function assertPortFree(port, what) {
  if (await portAnswers(port)) {
    throw new Error(`port ${port} (${what}) is already in use: stop whatever runs there, or set its port variable`);
  }
}

/** Polls `check` until it resolves true; fails early if the process exits, or after timeoutMs. */
export async function waitFor(entry, what, check, timeoutMs = 120000) {
  const deadline = Date.now() + timeoutMs;
  let exited = false;
  entry.exited.then(() => {
    exited = true;
  });
  while (Date.now() < deadline) {
    if (exited) throw new Error(`${entry.name} exited before ${what}${entry.logFile ? ` (see ${entry.logFile})` : ''}`);
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${entry.name}: timed out waiting for ${what}${entry.logFile ? ` (see ${entry.logFile})` : ''}`);
}

export async function httpOk(url) {
  const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
  return response.ok;
}

/**
 * Runs a command to completion, inheriting the terminal (each line of its output after `prefix`
 * when given: commands that run side by side); rejects on a non-zero exit.
 */
export function run(command, args, { cwd, env, prefix } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: prefix ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    if (prefix) {
      for (const [from, to] of [[child.stdout, process.stdout], [child.stderr, process.stderr]]) {
        createInterface({ input: from, crlfDelay: Infinity }).on('line', (line) => to.write(`${prefix}${line}\n`));
      }
    }
    child.once('error', reject);
    // With a prefix, once the output has been read to its end, not only once the process exited.
    child.once(prefix ? 'close' : 'exit', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`${command} ${args.join(' ')} failed (${signal ?? `exit ${code}`})`));
    });
  });
}

/**
 * Runs tasks at once and answers their values in order; every task ends before the first failure
 * is thrown (each has recorded what it did, and what it started is whole, to be stopped).
 */
export async function sideBySide(tasks) {
  const outcomes = await Promise.allSettled(tasks.map((task) => task()));
  const failed = outcomes.find((outcome) => outcome.status === 'rejected');
  if (failed) throw failed.reason;
  return outcomes.map((outcome) => outcome.value);
}

export function onInterrupt(handler) {
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      handler(signal);
    });
  }
}
