// The benchmark's own tools (scripts/bench/package.json: Lighthouse, Puppeteer, the search engines
// of bench:engines) are installed on first use, into scripts/bench/node_modules, with their own
// lock file: `npm start` and the test command's install never download them (issue 29).
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { run } from '../lib/processes.mjs';

const DIR = path.dirname(new URL(import.meta.url).pathname);

/** True when scripts/bench/node_modules holds what its lock file names. */
export function benchToolsInstalled(dir = DIR) {
  const installed = path.join(dir, 'node_modules/.package-lock.json');
  return existsSync(installed) && statSync(installed).mtimeMs >= statSync(path.join(dir, 'package-lock.json')).mtimeMs;
}

/** Installs the bench's tools when they are missing or older than the lock file. */
export async function ensureBenchTools(dir = DIR) {
  if (benchToolsInstalled(dir)) return;
  process.stdout.write('[bench] installing the benchmark tools into scripts/bench/node_modules (first run only)\n');
  // `npm install` follows the lock file (see scripts/install.sh on why not `npm ci`).
  await run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: dir });
}
