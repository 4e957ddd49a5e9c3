#!/usr/bin/env node
// Releases of the remotes, for teams and CI (docs/decisions/0008-release-registry.md):
//
//   npm run release -- publish <remote> [--dist <dir>] [--notes <text>] [--by <name>]
//   npm run release -- promote <remote> <version> [--percent N] [--shell <site or manifest>] [--by <name>]
//   npm run release -- rollback <remote> [--to-default] [--reason <text>] [--by <name>]
//   npm run release -- status [--json]
//   npm run release -- prune <remote> [--keep N] [--by <name>]
//   npm run release -- grant-operator <email>
//   npm run release -- revoke-operator <email>
//
// publish   builds the remote into a folder of its own (never the remote's dist/, which its server
//           serves at `/`: the image's build), unless --dist names a build; names the release
//           <package version>-<12 hex digits of its files' SHA-256> (all but mf-stats.json, whose
//           statistics vary between builds: the same source gives the same name); copies it to
//           RELEASES_DIR/<remote>/<version>/ only (never over a different release of that name) and
//           registers it with the api. Publishing an existing release again changes nothing and says
//           so. It does not go live: `promote` does.
// promote   makes a release live, or a canary for N% of browsers (1-99). Refused, with the reasons,
//           when the release cannot run in the live shell: a shared singleton it uses outside the
//           shell's range (scripts/check-shared-versions.mjs) or a module the shell's routes load
//           that the release does not expose (the shell's remote-modules.json). A refusal is
//           recorded in the registry's audit log with its reasons.
// rollback  drops the canary if there is one, otherwise puts the previous live release back, one
//           step per rollback through every earlier live release. --to-default: the registry names
//           no release for the remote any more; browsers load the image's own build.
// status    every remote: live release and its age, canary and percentage, last hour's views,
//           failure rate and load times per release; the latest audit entries.
// prune     deletes the releases the registry lists as prunable (GET /releases/<remote>/prunable):
//           never the live one, the canary, the N newest a rollback can reach (--keep, default 3) or
//           one live within the api's RELEASE_KEEP_LIVE_MS. Files of a release the registry does not
//           list are left in place. Audited as --by (default: the person running it).
// grant-operator / revoke-operator  sets or removes the `operator` custom claim of a member:
//           previews (?preview=catalog@<version>) and the release status. Uses
//           GOOGLE_APPLICATION_CREDENTIALS (a real project, FIREBASE_PROJECT_ID), else the Auth
//           Emulator at FIREBASE_AUTH_EMULATOR_HOST, by default `npm start`'s (project
//           demo-antiquarium).
//
// Environment: RELEASE_API_URL (the api, default http://127.0.0.1:3000), RELEASE_DEPLOY_TOKEN (the
// api's deploy credential; every change needs it; against the local `npm start` api it defaults to
// the one that command keeps in data/release-deploy-token), RELEASES_DIR (default .releases), and per remote
// the address its static server is reached at (workspace.json's urlVariable, e.g. REMOTE_CATALOG_URL,
// default the `npm start` port): a release's manifest is <that>/releases/<version>/mf-manifest.json.
// RELEASE_SHELL_URL: the live site, whose mf-manifest.json and remote-modules.json promote checks
// against (default shell/dist of this workspace).
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { incompatibilities, readManifest } from './check-shared-versions.mjs';
import { run } from './lib/processes.mjs';
import { RoleError, roleFailure, roleTarget, setRole } from './lib/roles.mjs';
import { REMOTES, portsOf } from './lib/workspace.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export class ReleaseError extends Error {}

// libs/contracts RELEASE_VERSION_PATTERN: the only names a release folder may have.
const VERSION_PATTERN = /^\d{1,4}\.\d{1,4}\.\d{1,4}-[0-9a-f]{12}$/;
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

function remoteOf(name) {
  const remote = REMOTES.find((piece) => piece.name === name);
  if (!remote) throw new ReleaseError(`no remote ${JSON.stringify(name)}: one of ${REMOTES.map((piece) => piece.name).join(', ')}`);
  return remote;
}

function localToken() {
  const file = path.join(ROOT, 'data/release-deploy-token');
  return existsSync(file) ? readFileSync(file, 'utf8').trim() : undefined;
}

function settings(env = process.env) {
  const start = portsOf('start');
  return {
    apiUrl: (env.RELEASE_API_URL ?? `http://127.0.0.1:${start.api}`).replace(/\/+$/, ''),
    // Locally, `npm start` keeps its api's credential in data/ (never in the repository).
    token: env.RELEASE_DEPLOY_TOKEN || (env.RELEASE_API_URL ? undefined : localToken()),
    env,
    releasesDir: path.resolve(env.RELEASES_DIR ?? path.join(ROOT, '.releases')),
    shell: env.RELEASE_SHELL_URL?.replace(/\/+$/, ''),
    baseUrl(remote) {
      const fromEnv = env[remote.urlVariable]?.trim().replace(/\/(mf-manifest\.json)?$/, '');
      if (fromEnv) return fromEnv;
      return `http://localhost:${start.site + REMOTES.indexOf(remote) + 1}`;
    },
  };
}

/** A call to the registry: its answer's status and body; a failure (not 2xx) is a ReleaseError. */
async function api(config, method, route, body) {
  return (await apiCall(config, method, route, body)).data;
}

async function apiCall(config, method, route, body) {
  const headers = { Accept: 'application/json' };
  if (config.token) headers.Authorization = `Bearer ${config.token}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  let response;
  try {
    response = await fetch(`${config.apiUrl}${route}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(15_000),
    });
  } catch (error) {
    throw new ReleaseError(`the api at ${config.apiUrl} cannot be reached: ${error.message}`);
  }
  const text = await response.text();
  let data;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    data = text;
  }
  if (!response.ok) {
    const message = data?.message ?? text;
    const error = new ReleaseError(`${method} ${route}: ${response.status} ${Array.isArray(message) ? message.join('; ') : message}`);
    error.status = response.status;
    throw error;
  }
  return { status: response.status, data };
}

function needToken(config) {
  if (!config.token) throw new ReleaseError('RELEASE_DEPLOY_TOKEN is not set: every change to the registry needs the deploy credential');
}

/** Who the audit log names: --by, else the person running the command (git author, OS user). */
export function who(options, env = process.env) {
  let user;
  try {
    user = os.userInfo().username;
  } catch {
    user = undefined; // no passwd entry (some containers)
  }
  const name = [options.by, env.GIT_AUTHOR_NAME, user, env.USER, env.USERNAME].map((value) => value?.trim()).find(Boolean) ?? 'release command';
  return name.slice(0, 100);
}

async function publish(config, [name], options) {
  const remote = remoteOf(name);
  needToken(config);
  const workspace = JSON.parse(readFileSync(path.join(ROOT, remote.folder, 'package.json'), 'utf8'));
  // A build of its own, in a folder of its own: the remote's dist/ (the image's build, served at
  // `/` by its server) is never written by a publish.
  const buildRoot = options.dist ? undefined : mkdtempSync(path.join(os.tmpdir(), `antiquarium-release-${remote.name}-`));
  try {
    let dist = options.dist ? path.resolve(options.dist) : path.join(buildRoot, 'dist');
    if (buildRoot) {
      console.log(`release: building ${remote.folder} into ${dist} (the remote's own dist/ is left as it is)`);
      await run('npm', ['run', 'build', '--workspace', workspace.name], { cwd: ROOT, env: { FRONT_END_DIST: dist } });
    } else if (!existsSync(path.join(dist, 'mf-manifest.json'))) {
      // --dist may name an image's folder: its build is at <folder>/<remote folder>/dist.
      const nested = path.join(dist, remote.folder, 'dist');
      if (existsSync(path.join(nested, 'mf-manifest.json'))) dist = nested;
    }
    const build = describeBuild(dist);
    if (build.name !== remote.name) throw new ReleaseError(`${dist} is the build of ${build.name}, not ${remote.name}`);
    const version = releaseVersion(dist, workspace.version);
    const stored = storeRelease(dist, path.join(config.releasesDir, remote.name), version);
    const manifestUrl = `${config.baseUrl(remote)}/releases/${version}/mf-manifest.json`;
    const { status, data: release } = await apiCall(config, 'POST', `/releases/${remote.name}`, {
      version,
      manifestUrl,
      shared: build.shared,
      exposes: build.exposes,
      notes: options.notes,
      publishedBy: who(options),
    });
    const created = status === 201;
    if (!created && !stored.copied) {
      console.log(`release: ${remote.name} ${version} is already published (same files, same name): nothing changed`);
    } else {
      const note = created ? (stored.copied ? '' : ' (its files were already stored)') : ' (it was registered already; its files were missing and are stored again)';
      console.log(`release: ${remote.name} ${version} published${note} at ${release?.manifestUrl ?? manifestUrl}; not live until promoted`);
    }
    return { version, manifestUrl, dir: stored.dir, created, copied: stored.copied };
  } finally {
    if (buildRoot) rmSync(buildRoot, { recursive: true, force: true });
  }
}

async function fetchJson(source) {
  if (/^https?:\/\//.test(source)) {
    const response = await fetch(source, { signal: AbortSignal.timeout(10_000) }).catch((error) => {
      throw new ReleaseError(`${source}: ${error.message}`);
    });
    if (!response.ok) throw new ReleaseError(`${source} answered ${response.status}`);
    return response.json();
  }
  if (!existsSync(source)) throw new ReleaseError(`${source} does not exist`);
  return JSON.parse(readFileSync(source, 'utf8'));
}

async function promote(config, [name, version], options) {
  const remote = remoteOf(name);
  needToken(config);
  if (!version) throw new ReleaseError('promote needs the version: npm run release -- promote <remote> <version> [--percent N]');
  const percent = options.percent === undefined ? 100 : Number(options.percent);
  if (!Number.isInteger(percent) || percent < 1 || percent > 100) throw new ReleaseError('--percent must be a whole number from 1 to 100');
  const release = await api(config, 'GET', `/releases/${remote.name}/${encodeURIComponent(version)}`);
  const shellBase = options.shell?.replace(/\/+$/, '') ?? config.shell;
  const shellManifest = shellBase ? `${shellBase}/mf-manifest.json` : path.join(ROOT, 'shell/dist/mf-manifest.json');
  const shellModules = shellBase ? `${shellBase}/remote-modules.json` : path.join(ROOT, 'shell/dist/remote-modules.json');
  // The release's own files when this machine published it, else its manifest where it is served.
  const local = path.join(config.releasesDir, remote.name, version, 'mf-manifest.json');
  const problems = promotionProblems({
    shell: await readManifest(shellManifest),
    release: await readManifest(existsSync(local) ? local : release.manifestUrl),
    exposes: release.exposes ?? [],
    required: (await fetchJson(shellModules))[remote.name] ?? [],
  });
  if (problems.length > 0) {
    // The audit log keeps every refused promote with its reasons.
    let audited = '';
    await api(config, 'POST', `/releases/${remote.name}/refusals`, { version, percent, by: who(options), reasons: problems.map((line) => line.slice(0, 500)) }).catch((error) => {
      audited = `\n(the refusal could not be recorded in the audit log: ${error.message})`;
    });
    throw new ReleaseError(
      `${remote.name} ${version} cannot run in the live shell (${shellBase ?? 'shell/dist'}), not promoted:\n${problems.map((line) => `  - ${line}`).join('\n')}${audited}`,
    );
  }
  const started = Date.now();
  const routing = await api(config, 'POST', `/releases/${remote.name}/promote`, { version, percent, by: who(options) });
  const took = Date.now() - started;
  console.log(
    percent === 100
      ? `release: ${remote.name} ${version} is live (registry updated in ${took} ms; browsers load it from their next page load)`
      : `release: ${remote.name} ${version} is the canary for ${percent}% of browsers (registry updated in ${took} ms)`,
  );
  return routing;
}

async function rollback(config, [name], options) {
  const remote = remoteOf(name);
  needToken(config);
  const started = Date.now();
  const routing = await api(config, 'POST', `/releases/${remote.name}/rollback`, {
    by: who(options),
    reason: options.reason,
    ...(options['to-default'] ? { toDefault: true } : {}),
  });
  const took = Date.now() - started;
  if (!routing?.live) {
    console.log(`release: ${remote.name} runs its image's own build: the registry names no release for it (registry updated in ${took} ms; browsers load it from their next page load)`);
  } else {
    console.log(`release: ${remote.name} rolled back, live ${routing.live.version}${routing.canary ? `, canary ${routing.canary.version}` : ''} (registry updated in ${took} ms)`);
  }
  return routing;
}

function age(iso) {
  if (!iso) return '-';
  const seconds = Math.max(0, Math.round((Date.now() - new Date(iso).getTime()) / 1000));
  if (seconds < 120) return `${seconds} s`;
  if (seconds < 7200) return `${Math.round(seconds / 60)} min`;
  if (seconds < 172_800) return `${Math.round(seconds / 3600)} h`;
  return `${Math.round(seconds / 86_400)} d`;
}

function percent(rate) {
  return typeof rate === 'number' ? `${(rate * 100).toFixed(1)}%` : '-';
}

async function status(config, _positionals, options) {
  const report = await api(config, 'GET', '/releases');
  if (options.json) {
    console.log(JSON.stringify(report, null, 2));
    return report;
  }
  const rows = [['remote', 'live', 'age', 'canary', '%', 'views (1 h)', 'failures', 'load p50/p95', 'INP p75']];
  for (const remote of report.remotes ?? []) {
    const stats = (version) => (remote.releases ?? []).find((release) => release.version === version)?.lastHour;
    const live = stats(remote.live);
    const canary = remote.canary ? stats(remote.canary.version) : undefined;
    const views = [live, canary].filter(Boolean).map((entry) => entry.views).join(' / ') || '0';
    const failures = [live, canary].filter(Boolean).map((entry) => percent(entry.failureRate)).join(' / ') || '-';
    const load = live ? `${live.loadP50Ms ?? '-'}/${live.loadP95Ms ?? '-'} ms` : '-';
    const inp = [live, canary].filter(Boolean).map((entry) => (entry.inpP75Ms === null || entry.inpP75Ms === undefined ? '-' : `${entry.inpP75Ms} ms`)).join(' / ') || '-';
    rows.push([remote.remote, remote.live ?? "(image's build)", age(remote.liveSince), remote.canary?.version ?? '-', remote.canary ? String(remote.canary.percent) : '-', views, failures, load, inp]);
  }
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => String(row[column]).length)));
  for (const row of rows) console.log(row.map((cell, column) => String(cell).padEnd(widths[column])).join('  '));
  const audit = report.audit ?? [];
  if (audit.length > 0) {
    console.log('\nlatest changes:');
    for (const entry of audit.slice(0, 10)) {
      console.log(`  ${entry.at}  ${entry.remote}  ${entry.action} ${entry.version ?? ''}${entry.percent ? ` ${entry.percent}%` : ''}  by ${entry.by ?? '-'}${entry.reason ? `: ${entry.reason}` : ''}`);
    }
  }
  return report;
}

async function prune(config, [name], options) {
  const remote = remoteOf(name);
  needToken(config);
  const keep = options.keep === undefined ? 3 : Number(options.keep);
  if (!/^\d+$/.test(String(options.keep ?? 3)) || keep > 100) throw new ReleaseError('--keep must be a whole number from 0 to 100');
  const by = who(options);
  // The registry says what may go; nothing else is deleted. Pointed at the wrong api, a prune finds
  // no release of this store listed as prunable, and deletes nothing.
  const listing = await api(config, 'GET', `/releases/${remote.name}/prunable?keep=${keep}`);
  const dir = path.join(config.releasesDir, remote.name);
  const removed = [];
  for (const version of listing?.prunable ?? []) {
    if (!VERSION_PATTERN.test(version)) {
      console.log(`release: ignored ${JSON.stringify(version)}: not a release version`);
      continue;
    }
    try {
      await api(config, 'DELETE', `/releases/${remote.name}/${version}`, { by });
    } catch (error) {
      // Listed a moment ago and already gone: removed by another prune; its files may go too.
      if (!(error instanceof ReleaseError && error.status === 404)) {
        console.log(`release: kept ${remote.name} ${version}: ${error.message}`);
        continue;
      }
    }
    rmSync(path.join(dir, version), { recursive: true, force: true });
    removed.push(version);
  }
  for (const entry of listing?.kept ?? []) console.log(`release: kept ${remote.name} ${entry.version}: ${entry.detail}`);
  const listed = new Set([...(listing?.prunable ?? []), ...(listing?.kept ?? []).map((entry) => entry.version)]);
  const stray = existsSync(dir) ? readdirSync(dir).filter((version) => VERSION_PATTERN.test(version) && !listed.has(version)) : [];
  if (stray.length > 0) {
    console.log(`release: left in place, the registry at ${config.apiUrl} does not list them: ${stray.join(', ')} (is this the api that published them?)`);
  }
  console.log(`release: pruned ${removed.length} release(s) of ${remote.name}${removed.length ? `: ${removed.join(', ')}` : ''} (audited as ${by})`);
  return removed;
}

// grant-operator and revoke-operator are shortcuts for `npm run roles -- grant|revoke operator`:
// the same code (scripts/lib/roles.mjs), kept here under their earlier names.
export const operatorTarget = roleTarget;
export const operatorFailure = roleFailure;

async function setOperator(email, grant, env) {
  if (!email) throw new ReleaseError(`${grant ? 'grant' : 'revoke'}-operator needs the member's email`);
  try {
    await setRole('operator', email, grant, env, 'release');
  } catch (error) {
    throw error instanceof RoleError ? new ReleaseError(error.message) : error;
  }
}

function grantOperator(config, [email], options) {
  // --revoke: the earlier spelling of revoke-operator.
  return setOperator(email, !options.revoke, config.env);
}

function revokeOperator(config, [email]) {
  return setOperator(email, false, config.env);
}

const COMMANDS = { publish, promote, rollback, status, prune, 'grant-operator': grantOperator, 'revoke-operator': revokeOperator };

export async function main(argv = process.argv.slice(2), env = process.env) {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        dist: { type: 'string' },
        notes: { type: 'string' },
        by: { type: 'string' },
        percent: { type: 'string' },
        shell: { type: 'string' },
        reason: { type: 'string' },
        keep: { type: 'string' },
        json: { type: 'boolean' },
        revoke: { type: 'boolean' },
        'to-default': { type: 'boolean' },
      },
    });
  } catch (error) {
    throw new ReleaseError(`${error.message} (scripts/release.mjs lists the commands and their options)`);
  }
  const { values, positionals } = parsed;
  const [command, ...rest] = positionals;
  const handler = COMMANDS[command];
  if (!handler) throw new ReleaseError(`usage: npm run release -- <${Object.keys(COMMANDS).join('|')}> ... (scripts/release.mjs)`);
  return handler(settings(env), rest, values);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(`release: ${error instanceof ReleaseError ? error.message : error.stack ?? error}`);
    process.exit(error instanceof ReleaseError ? 1 : 2);
  });
}
