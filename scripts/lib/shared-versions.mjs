// What a module-federation build shares, read from its manifest and stats, and whether a remote's
// shared singletons fit the shell's and each other's (scripts/check-shared-versions.mjs explains the
// rules; `npm run release` checks a release with them before it is promoted).
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { satisfy } from '@module-federation/enhanced/runtime';

/** A source that cannot be read as a manifest (a missing build, an answer that is not one). */
export class UsageError extends Error {}

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
