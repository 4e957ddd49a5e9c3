#!/usr/bin/env node
// Releases of the remotes, for teams and CI (docs/decisions/0008-release-registry.md):
//
//   npm run release -- publish <remote> [--dist <dir>] [--notes <text>] [--by <name>]
//   npm run release -- promote <remote> <version> [--percent N] [--shell <site or manifest>] [--by <name>]
//   npm run release -- rollback <remote> [--reason <text>] [--by <name>]
//   npm run release -- status [--json]
//   npm run release -- prune <remote> [--keep N]
//   npm run release -- grant-operator <email> [--revoke]
//
// publish   builds the remote (unless --dist names a build), names the release <package version>-<12
//           hex digits of its files' SHA-256>, copies it to RELEASES_DIR/<remote>/<version>/ (never
//           over a different release of that name) and registers it with the api. It does not go
//           live: `promote` does.
// promote   makes a release live, or a canary for N% of browsers (1-99). Refused, with the reasons,
//           when the release cannot run in the live shell: a shared singleton outside the shell's
//           range (scripts/check-shared-versions.mjs) or a module the shell's routes load that the
//           release does not expose (the shell's remote-modules.json).
// rollback  drops the canary if there is one, otherwise puts the previous live release back.
// status    every remote: live release and its age, canary and percentage, last hour's views,
//           failure rate and load times per release; the latest audit entries.
// prune     deletes the releases of a remote beyond the newest N (default 3), keeping the live
//           one, the canary and any release live within the api's RELEASE_KEEP_LIVE_MS.
// grant-operator  sets (or --revoke removes) the `operator` custom claim of a member: previews
//           (?preview=catalog@<version>) and the release status. Needs firebase-admin credentials
//           (GOOGLE_APPLICATION_CREDENTIALS) or FIREBASE_AUTH_EMULATOR_HOST, and FIREBASE_PROJECT_ID.
//
// Environment: RELEASE_API_URL (the api, default http://127.0.0.1:3000), RELEASE_DEPLOY_TOKEN (the
// api's deploy credential; every change needs it; against the local `npm start` api it defaults to
// the one that command keeps in data/release-deploy-token), RELEASES_DIR (default .releases), and per remote
// the address its static server is reached at (workspace.json's urlVariable, e.g. REMOTE_CATALOG_URL,
// default the `npm start` port): a release's manifest is <that>/releases/<version>/mf-manifest.json.
// RELEASE_SHELL_URL: the live site, whose mf-manifest.json and remote-modules.json promote checks
// against (default shell/dist of this workspace).
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { incompatibilities, readManifest } from './check-shared-versions.mjs';
import { run } from './lib/processes.mjs';
import { REMOTES, portsOf } from './lib/workspace.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export class ReleaseError extends Error {}

/** Every file of a folder, relative path -> SHA-256, in a stable order. */
function fileHashes(dir) {
  const hashes = [];
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    hashes.push([path.relative(dir, file).split(path.sep).join('/'), createHash('sha256').update(readFileSync(file)).digest('hex')]);
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
 * `release` are manifests as check-shared-versions reads them; `required` the modules the shell's
 * routes load from this remote (e.g. ['./Home']); `exposes` what the release exposes.
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
    releasesDir: path.resolve(env.RELEASES_DIR ?? path.join(ROOT, '.releases')),
    shell: env.RELEASE_SHELL_URL?.replace(/\/+$/, ''),
    baseUrl(remote) {
      const fromEnv = env[remote.urlVariable]?.trim().replace(/\/(mf-manifest\.json)?$/, '');
      if (fromEnv) return fromEnv;
      return `http://localhost:${start.site + REMOTES.indexOf(remote) + 1}`;
    },
  };
}

async function api(config, method, route, body) {
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
    throw new ReleaseError(`${method} ${route}: ${response.status} ${Array.isArray(message) ? message.join('; ') : message}`);
  }
  return data;
}

function needToken(config) {
  if (!config.token) throw new ReleaseError('RELEASE_DEPLOY_TOKEN is not set: every change to the registry needs the deploy credential');
}

function who(options) {
  return options.by ?? process.env.GIT_AUTHOR_NAME ?? process.env.USER ?? 'release command';
}

async function publish(config, [name], options) {
  const remote = remoteOf(name);
  needToken(config);
  let dist = options.dist ? path.resolve(options.dist) : path.join(ROOT, remote.folder, 'dist');
  if (!options.dist) {
    console.log(`release: building ${remote.folder}`);
    const workspace = JSON.parse(readFileSync(path.join(ROOT, remote.folder, 'package.json'), 'utf8')).name;
    await run('npm', ['run', 'build', '--workspace', workspace], { cwd: ROOT });
  }
  if (!existsSync(path.join(dist, 'mf-manifest.json'))) {
    // --dist may name an image's folder: its build is at <folder>/<remote folder>/dist.
    const nested = path.join(dist, remote.folder, 'dist');
    if (existsSync(path.join(nested, 'mf-manifest.json'))) dist = nested;
  }
  const build = describeBuild(dist);
  if (build.name !== remote.name) throw new ReleaseError(`${dist} is the build of ${build.name}, not ${remote.name}`);
  const packageVersion = JSON.parse(readFileSync(path.join(ROOT, remote.folder, 'package.json'), 'utf8')).version;
  const version = releaseVersion(dist, packageVersion);
  const stored = storeRelease(dist, path.join(config.releasesDir, remote.name), version);
  const manifestUrl = `${config.baseUrl(remote)}/releases/${version}/mf-manifest.json`;
  const release = await api(config, 'POST', `/releases/${remote.name}`, {
    version,
    manifestUrl,
    shared: build.shared,
    exposes: build.exposes,
    notes: options.notes,
    publishedBy: who(options),
  });
  console.log(`release: ${remote.name} ${version} published${stored.copied ? '' : ' (already stored)'} at ${release?.manifestUrl ?? manifestUrl}; not live until promoted`);
  return { version, manifestUrl, dir: stored.dir };
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
    throw new ReleaseError(
      `${remote.name} ${version} cannot run in the live shell (${shellBase ?? 'shell/dist'}), not promoted:\n${problems.map((line) => `  - ${line}`).join('\n')}`,
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
  const routing = await api(config, 'POST', `/releases/${remote.name}/rollback`, { by: who(options), reason: options.reason });
  console.log(`release: ${remote.name} rolled back, live ${routing?.live?.version ?? '(none)'}${routing?.canary ? `, canary ${routing.canary.version}` : ''} (registry updated in ${Date.now() - started} ms)`);
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
  const rows = [['remote', 'live', 'age', 'canary', '%', 'views (1 h)', 'failures', 'load p50/p95']];
  for (const remote of report.remotes ?? []) {
    const stats = (version) => (remote.releases ?? []).find((release) => release.version === version)?.lastHour;
    const live = stats(remote.live);
    const canary = remote.canary ? stats(remote.canary.version) : undefined;
    const views = [live, canary].filter(Boolean).map((entry) => entry.views).join(' / ') || '0';
    const failures = [live, canary].filter(Boolean).map((entry) => percent(entry.failureRate)).join(' / ') || '-';
    const load = live ? `${live.loadP50Ms ?? '-'}/${live.loadP95Ms ?? '-'} ms` : '-';
    rows.push([remote.remote, remote.live ?? '(defaults)', age(remote.liveSince), remote.canary?.version ?? '-', remote.canary ? String(remote.canary.percent) : '-', views, failures, load]);
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
  if (!Number.isInteger(keep) || keep < 0) throw new ReleaseError('--keep must be a whole number');
  const report = await api(config, 'GET', '/releases');
  const entry = (report.remotes ?? []).find((candidate) => candidate.remote === remote.name);
  const registered = entry?.releases ?? [];
  const protectedVersions = new Set([entry?.live, entry?.canary?.version, ...registered.slice(0, keep).map((release) => release.version)].filter(Boolean));
  const dir = path.join(config.releasesDir, remote.name);
  const stored = existsSync(dir) ? readdirSync(dir).filter((version) => !version.includes('.partial-')) : [];
  const candidates = new Set([...registered.map((release) => release.version), ...stored]);
  const removed = [];
  for (const version of candidates) {
    if (protectedVersions.has(version)) continue;
    // The registry first (the status lists only the newest releases, so every stored one is asked):
    // its files go only once it is no longer registered.
    const answer = await fetch(`${config.apiUrl}/releases/${remote.name}/${encodeURIComponent(version)}`, {
      method: 'DELETE',
      headers: { Authorization: `Bearer ${config.token}` },
      signal: AbortSignal.timeout(15_000),
    }).catch((error) => ({ ok: false, status: 0, text: async () => error.message }));
    if (!answer.ok && answer.status !== 404) {
      // The api keeps a release that was live recently (tabs may still load it): so does the disk.
      console.log(`release: kept ${remote.name} ${version}: ${answer.status} ${await answer.text()}`);
      continue;
    }
    rmSync(path.join(dir, version), { recursive: true, force: true });
    removed.push(version);
  }
  console.log(`release: pruned ${removed.length} release(s) of ${remote.name}${removed.length ? `: ${removed.join(', ')}` : ''}`);
  return removed;
}

async function grantOperator(_config, [email], options) {
  if (!email) throw new ReleaseError('grant-operator needs the member\'s email');
  const { initializeApp } = await import('firebase-admin/app');
  const { getAuth } = await import('firebase-admin/auth');
  const projectId = process.env.FIREBASE_PROJECT_ID ?? 'demo-antiquarium';
  const auth = getAuth(initializeApp({ projectId }, `release-${Date.now()}`));
  const user = await auth.getUserByEmail(email).catch(() => {
    throw new ReleaseError(`no member with the email ${email} in ${projectId}`);
  });
  const claims = { ...(user.customClaims ?? {}) };
  if (options.revoke) delete claims.operator;
  else claims.operator = true;
  await auth.setCustomUserClaims(user.uid, claims);
  console.log(`release: ${email} ${options.revoke ? 'is no longer' : 'is now'} an operator (from their next sign-in or token refresh)`);
}

const COMMANDS = { publish, promote, rollback, status, prune, 'grant-operator': grantOperator };

export async function main(argv = process.argv.slice(2), env = process.env) {
  const { values, positionals } = parseArgs({
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
    },
  });
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
