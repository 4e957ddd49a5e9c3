// A small supervisor for the processes a resilience test starts itself: spawn, wait until ready,
// signal, collect output. Every process runs in its own process group and is remembered, so
// stopAll() (called from afterAll) and a last-resort exit hook can end exactly what was started.
import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface Proc {
  readonly name: string;
  readonly pid: number;
  readonly child: ChildProcess;
  readonly exited: Promise<Exit>;
  readonly logFile: string;
  /** Everything the process wrote so far (stdout and stderr, ANSI colours removed). */
  output(): string;
  /** The last lines of its output, for failure messages. */
  tail(lines?: number): string;
  isRunning(): boolean;
}

const started = new Set<Proc>();
const MAX_OUTPUT = 4 * 1024 * 1024;
// eslint-disable-next-line no-control-regex -- removing terminal colour codes is the point
const ANSI = /\u001b\[[0-9;]*m/g;

/** Where process logs go: the runner's log folder when it gives one, else one folder in /tmp (appended to). */
const LOG_DIR = process.env['RESILIENCE_LOG_DIR'] ?? path.join(os.tmpdir(), 'antiquarium-resilience-logs');
mkdirSync(LOG_DIR, { recursive: true });

export function spawnProcess(name: string, command: string, args: string[], options: { cwd: string; env?: NodeJS.ProcessEnv }): Proc {
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: { ...process.env, NO_COLOR: '1', ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  if (child.pid === undefined) throw new Error(`${name}: could not start ${command}`);
  const logFile = path.join(LOG_DIR, `resilience-${name}.log`);
  appendFileSync(logFile, `----- ${new Date().toISOString()} ${command} ${args.join(' ')}\n`);
  let text = '';
  const collect = (chunk: Buffer) => {
    const piece = chunk.toString('utf8').replace(ANSI, '');
    text = (text + piece).slice(-MAX_OUTPUT);
    appendFileSync(logFile, piece);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  let running = true;
  const exited = new Promise<Exit>((resolve) =>
    child.once('exit', (code, signal) => {
      running = false;
      resolve({ code, signal });
    }),
  );
  const proc: Proc = {
    name,
    pid: child.pid,
    child,
    exited,
    logFile,
    output: () => text,
    tail: (lines = 30) => text.split('\n').slice(-lines).join('\n'),
    isRunning: () => running,
  };
  started.add(proc);
  void exited.then(() => started.delete(proc));
  return proc;
}

/** Sends a signal to the process's whole group (no-op when it has exited). */
export function signal(proc: Proc, name: NodeJS.Signals): void {
  if (!proc.isRunning()) return;
  try {
    process.kill(-proc.pid, name);
  } catch {
    // already gone
  }
}

/** SIGTERM, then SIGKILL after graceMs; resolves with how it ended. */
export async function stop(proc: Proc, graceMs = 10_000): Promise<Exit> {
  if (!proc.isRunning()) return proc.exited;
  signal(proc, 'SIGTERM');
  const timer = setTimeout(() => signal(proc, 'SIGKILL'), graceMs);
  const exit = await proc.exited;
  clearTimeout(timer);
  return exit;
}

/** Stops every process this test file started (for afterAll: runs whatever failed before it). */
export async function stopAll(): Promise<void> {
  await Promise.all([...started].map((proc) => stop(proc, 5000)));
}

// Last resort if the test process dies without its afterAll: leave nothing behind.
process.once('exit', () => {
  for (const proc of started) {
    try {
      process.kill(-proc.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
});

export function portAnswers(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

export async function assertPortFree(port: number, what: string): Promise<void> {
  if (await portAnswers(port)) throw new Error(`port ${port} (${what}) is already in use: something else runs there`);
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Resolves with `value` after ms, without keeping the test process alive (for Promise.race). */
export function deadline<T>(ms: number, value: T): Promise<T> {
  return new Promise<T>((resolve) => setTimeout(() => resolve(value), ms).unref());
}

/**
 * Polls `check` until it is true, failing after timeoutMs or (when a process is given) as soon as
 * that process exits, with the end of its output in the message.
 */
export async function waitUntil(what: string, check: () => Promise<boolean> | boolean, timeoutMs: number, proc?: Proc, everyMs = 100): Promise<number> {
  const start = Date.now();
  while (Date.now() - start < timeoutMs) {
    if (proc && !proc.isRunning()) throw new Error(`${proc.name} exited while waiting for ${what}:\n${proc.tail()}`);
    if (await Promise.resolve(check()).catch(() => false)) return Date.now() - start;
    await sleep(everyMs);
  }
  throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${proc ? `; ${proc.name} said:\n${proc.tail()}` : ''}`);
}

/** Waits for a line of output matching pattern, looking only at output after `fromOffset`. */
export async function waitForOutput(proc: Proc, pattern: RegExp, timeoutMs: number, fromOffset = 0): Promise<RegExpMatchArray> {
  let match: RegExpMatchArray | null = null;
  await waitUntil(`${proc.name} to print ${pattern}`, () => (match = proc.output().slice(fromOffset).match(pattern)) !== null, timeoutMs);
  return match as unknown as RegExpMatchArray;
}

/** A temporary folder, removed by removeTempDirs() (afterAll). */
const tempDirs: string[] = [];
export function tempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), `antiquarium-${prefix}-`));
  tempDirs.push(dir);
  return dir;
}

export function removeTempDirs(): void {
  for (const dir of tempDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
}
