// The registry commands of scripts/release.mjs (its header says what each does): publish, promote,
// rollback, status and prune.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readManifest } from '../lib/shared-versions.mjs';
import { run } from '../lib/processes.mjs';
import { ReleaseError, VERSION_PATTERN, describeBuild, promotionProblems, releaseVersion, storeRelease } from './release-files.mjs';
import { api, apiCall, needToken, remoteOf, who } from './registry-client.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export async function publish(config, [name], options) {
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

export async function promote(config, [name, version], options) {
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

export async function rollback(config, [name], options) {
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

export async function status(config, _positionals, options) {
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

export async function prune(config, [name], options) {
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
