#!/usr/bin/env node
// Fails (exit 1) when a remote's shared singletons do not fit the shell's, before a deployment
// breaks the site at run time instead.
//
//   node scripts/check-shared-versions.mjs [--shell <manifest>] [--remote <manifest>]...
//
// A <manifest> is an mf-manifest.json file, a dist folder holding one, or an http(s) URL (a
// deployed shell or remote). Defaults: shell/dist and every mfe-*/dist of the workspace.
//
// It reads what the builds really contain: each manifest's `shared` entries record the version that
// was bundled and the requiredVersion range the app was built with. The shell loads first and its
// singletons win (shareStrategy 'loaded-first'), so for every remote and every shared module:
//   - the remote must share it too, as a singleton (otherwise it bundles a second copy), if it uses
//     it: module federation leaves a shared module the build never imports out of its manifest, and
//     the build's mf-stats.json (read beside the manifest when there is one) lists what it uses;
//   - a singleton only remotes share must have versions that every remote sharing it accepts;
//   - the remote's version must be inside the shell's requiredVersion range;
//   - the shell's version, the one the remote gets at run time, must be inside the remote's range;
//   - shell and remotes must be built by the same module-federation version, since remotes run on
//     the runtime the shell provides (docs/decisions/0004-antd-and-bundle-budget.md).
// Ranges are compared with the module-federation runtime's own `satisfy`.
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { satisfy } from '@module-federation/enhanced/runtime';
import { REMOTES } from './lib/workspace.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DEFAULT_REMOTES = REMOTES.map((remote) => remote.folder);

class UsageError extends Error {}

function readArgs(argv) {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options: { shell: { type: 'string' }, remote: { type: 'string', multiple: true } } }).values;
  } catch (error) {
    throw new UsageError(error.message);
  }
  const remotes = parsed.remote ?? [];
  return {
    shell: parsed.shell ?? path.join(ROOT, 'shell/dist'),
    remotes: remotes.length > 0 ? remotes : DEFAULT_REMOTES.map((app) => path.join(ROOT, app, 'dist')),
  };
}

/**
 * The shared modules a build uses, from its mf-stats.json: every shared entry module federation
 * recorded and every module an exposed module requires. Undefined when there is no readable stats
 * file (then every shell singleton the remote does not share counts as bundled).
 */
export function usedShared(statsText) {
  let stats;
  try {
    stats = JSON.parse(statsText);
  } catch {
    return undefined;
  }
  if (!stats || !Array.isArray(stats.shared)) return undefined;
  const used = new Set(stats.shared.map((entry) => entry?.name).filter((name) => typeof name === 'string'));
  for (const expose of Array.isArray(stats.exposes) ? stats.exposes : []) {
    for (const name of Array.isArray(expose?.requires) ? expose.requires : []) if (typeof name === 'string') used.add(name);
  }
  return used;
}

async function readStats(manifestSource) {
  if (/^https?:\/\//.test(manifestSource)) {
    const url = manifestSource.replace(/mf-manifest\.json(\?.*)?$/, 'mf-stats.json');
    if (url === manifestSource) return undefined;
    const response = await fetch(url, { signal: AbortSignal.timeout(10_000) }).catch(() => undefined);
    return response?.ok ? response.text() : undefined;
  }
  return readFile(path.join(path.dirname(manifestSource), 'mf-stats.json'), 'utf8').catch(() => undefined);
}

export async function readManifest(source) {
  let text;
  let manifestSource = source;
  if (/^https?:\/\//.test(source)) {
    const response = await fetch(source, { signal: AbortSignal.timeout(10_000) }).catch((error) => {
      throw new UsageError(`${source}: ${error.message}`);
    });
    if (!response.ok) throw new UsageError(`${source} answered ${response.status}`);
    text = await response.text();
  } else {
    let file = path.resolve(source);
    if ((await stat(file).catch(() => null))?.isDirectory()) file = path.join(file, 'mf-manifest.json');
    manifestSource = file;
    text = await readFile(file, 'utf8').catch(() => {
      throw new UsageError(`${file} does not exist: build the app first`);
    });
  }
  let manifest;
  try {
    manifest = JSON.parse(text);
  } catch {
    throw new UsageError(`${source} is not JSON`);
  }
  if (!manifest?.name || !Array.isArray(manifest.shared)) throw new UsageError(`${source} is not an mf-manifest.json (no name or shared list)`);
  const statsText = await readStats(manifestSource);
  const shared = new Map(manifest.shared.map((entry) => [entry.name, entry]));
  // What the build uses: its stats' list, which always includes what its manifest shares.
  const uses = statsText === undefined ? undefined : usedShared(statsText);
  if (uses) for (const name of shared.keys()) uses.add(name);
  return { source, name: manifest.name, pluginVersion: manifest.metaData?.pluginVersion, shared, uses };
}

/** Every way `remote` would not fit `shell` at run time, as readable lines. */
export function incompatibilities(shell, remote) {
  const problems = [];
  if (shell.pluginVersion !== remote.pluginVersion) {
    problems.push(`built with module federation ${remote.pluginVersion}, the shell with ${shell.pluginVersion}: remotes run on the shell's runtime, keep one version`);
  }
  for (const [name, host] of shell.shared) {
    const own = remote.shared.get(name);
    if (!own) {
      // Only a module the remote uses can be a second copy: one it never imports is no problem.
      if (!remote.uses || remote.uses.has(name)) problems.push(`${name} is not shared: the remote would bundle its own copy beside the shell's singleton`);
      continue;
    }
    if (Boolean(own.singleton) !== Boolean(host.singleton)) {
      const kind = (singleton) => (singleton ? 'a singleton' : 'not a singleton');
      problems.push(`${name} is ${kind(own.singleton)} here but ${kind(host.singleton)} in the shell`);
    }
    if (host.requiredVersion && !satisfy(own.version, host.requiredVersion)) {
      problems.push(`${name} ${own.version} is outside the shell's requiredVersion ${host.requiredVersion}`);
    }
    if (own.requiredVersion && !satisfy(host.version, own.requiredVersion)) {
      problems.push(`${name}: the shell provides ${host.version}, outside this remote's requiredVersion ${own.requiredVersion}`);
    }
  }
  return problems;
}

/**
 * Singletons that only remotes share (e.g. the form validation entry, which the shell never loads):
 * the first remote that loads one provides it to the others ('loaded-first'), so every remote that
 * shares it must accept every other's version.
 */
export function remoteOnlyConflicts(shell, remotes) {
  const problems = [];
  for (const [i, a] of remotes.entries()) {
    for (const b of remotes.slice(i + 1)) {
      for (const [name, own] of a.shared) {
        const other = b.shared.get(name);
        if (shell.shared.has(name) || !own.singleton || !other) continue;
        if (!other.singleton) problems.push(`${name} is a singleton in ${a.name} but not in ${b.name}`);
        else if ((own.requiredVersion && !satisfy(other.version, own.requiredVersion)) || (other.requiredVersion && !satisfy(own.version, other.requiredVersion))) {
          problems.push(`${name}: ${a.name} has ${own.version} (wants ${own.requiredVersion}), ${b.name} has ${other.version} (wants ${other.requiredVersion}); whichever loads first is given to the other`);
        }
      }
    }
  }
  return problems;
}

async function main() {
  const args = readArgs(process.argv.slice(2));
  const shell = await readManifest(args.shell);
  let failed = false;
  const remotes = [];
  for (const source of args.remotes) {
    const remote = await readManifest(source);
    remotes.push(remote);
    const problems = incompatibilities(shell, remote);
    if (problems.length === 0) {
      console.log(`check-shared-versions: ${remote.name} fits the shell (${remote.shared.size} shared modules)`);
      continue;
    }
    failed = true;
    console.error(`check-shared-versions: ${remote.name} (${source}) does not fit the shell (${args.shell}):`);
    for (const problem of problems) console.error(`  - ${problem}`);
  }
  const between = remoteOnlyConflicts(shell, remotes);
  if (between.length > 0) {
    failed = true;
    console.error('check-shared-versions: remotes do not fit each other:');
    for (const problem of between) console.error(`  - ${problem}`);
  }
  if (failed) {
    console.error('check-shared-versions: deploying this would break the site at run time. Align the versions (one root lockfile, tooling/rspack/front-end-config.ts) and rebuild.');
    process.exit(1);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(`check-shared-versions: ${error.message}`);
    process.exit(2);
  });
}
