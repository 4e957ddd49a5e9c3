// A release's files (scripts/release.mjs): its name from its content, what the registry records of
// it, its one copy in the releases folder, and whether it can run in the live shell.
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { incompatibilities } from '../lib/shared-versions.mjs';

export class ReleaseError extends Error {}

// libs/contracts RELEASE_VERSION_PATTERN: the only names a release folder may have.
export const VERSION_PATTERN = /^\d{1,4}\.\d{1,4}\.\d{1,4}-[0-9a-f]{12}$/;
/**
 * Build statistics that do not name a release: module federation records in mf-stats.json which
 * source file first met each shared module (`usedIn`, an exposed module's `requires`), and that
 * varies between two builds of the same source on a busy machine. Browsers never load it; it is
 * stored with the release (the promote gate reads which shared modules the build uses, the same
 * set either way), but its bytes do not count in the name.
 */
const UNNAMED_FILES = new Set(['mf-stats.json']);

/** Every file of a folder that names a release, relative path -> SHA-256, in a stable order. */
function fileHashes(dir) {
  const hashes = [];
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    const relative = path.relative(dir, file).split(path.sep).join('/');
    if (UNNAMED_FILES.has(relative)) continue;
    hashes.push([relative, createHash('sha256').update(readFileSync(file)).digest('hex')]);
  }
  return hashes.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/** A build's release version: the package version and 12 hex digits of its files' content hash. */
export function releaseVersion(dir, packageVersion) {
  if (!/^\d{1,4}\.\d{1,4}\.\d{1,4}$/.test(packageVersion)) throw new ReleaseError(`package version ${packageVersion} is not x.y.z`);
  const digest = createHash('sha256');
  for (const [file, hash] of fileHashes(dir)) digest.update(`${file}\0${hash}\n`);
  return `${packageVersion}-${digest.digest('hex').slice(0, 12)}`;
}

/** What the registry records of a build: its shared modules' ranges and the modules it exposes. */
export function describeBuild(dir) {
  const manifestFile = path.join(dir, 'mf-manifest.json');
  if (!existsSync(manifestFile)) throw new ReleaseError(`${dir} has no mf-manifest.json: build the remote first`);
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
  return {
    name: manifest.name,
    shared: Object.fromEntries((manifest.shared ?? []).map((entry) => [entry.name, entry.requiredVersion ?? entry.version])),
    exposes: (manifest.exposes ?? []).map((entry) => entry.path).filter((value) => typeof value === 'string'),
  };
}

/**
 * Copies a build to <releasesDir>/<version>/, once: the files of a release never change. Copying the
 * same build again is a no-op; a different build under an existing version is refused.
 */
export function storeRelease(dist, releasesDir, version) {
  const target = path.join(releasesDir, version);
  if (existsSync(target)) {
    const same = JSON.stringify(fileHashes(target)) === JSON.stringify(fileHashes(dist));
    if (!same) throw new ReleaseError(`${target} already holds other files: a release never changes`);
    return { dir: target, copied: false };
  }
  mkdirSync(releasesDir, { recursive: true });
  // Copied beside it first, then renamed: a server never sees half a release.
  const partial = `${target}.partial-${process.pid}`;
  rmSync(partial, { recursive: true, force: true });
  cpSync(dist, partial, { recursive: true });
  renameSync(partial, target);
  return { dir: target, copied: true };
}

/**
 * Why a release cannot go live in this shell, as readable lines (none: it can). `shell` and
 * `release` are manifests as check-shared-versions reads them (a shell singleton the release does
 * not use is no problem); `required` the modules the shell's routes load from this remote (e.g.
 * ['./Home']); `exposes` what the release exposes.
 */
export function promotionProblems({ shell, release, exposes, required }) {
  const problems = incompatibilities(shell, release);
  for (const module of required) {
    if (!exposes.includes(module)) problems.push(`${module} is not exposed, but the shell's routes load it`);
  }
  return problems;
}
