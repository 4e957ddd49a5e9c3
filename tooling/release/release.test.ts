// The release command's own rules (scripts/release.mjs), run in a child process as `npm run release`
// runs it: a release's name follows its bytes, a stored release never changes, and promotion is
// refused for a release that cannot run in the shell. Its calls to the registry are proven by the
// deploy phase's journeys (e2e/deploy/releases.spec.ts) against the real api.
import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
const workspace = JSON.parse(readFileSync(path.join(ROOT, 'workspace.json'), 'utf8')) as { frontEnds: { name: string; role: string }[] };
const RELEASE = path.join(ROOT, 'scripts/release.mjs');

/** Runs `body` (an async function body with the release module as `release`) and returns its JSON result. */
function call<T>(body: string): T {
  const script = `import * as release from ${JSON.stringify(RELEASE)};\nconst result = await (async () => { ${body} })();\nprocess.stdout.write(JSON.stringify(result ?? null));`;
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: ROOT, encoding: 'utf8' });
  return JSON.parse(out) as T;
}

function build(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'release-build-'));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
  return dir;
}

const manifest = (exposes: string[]) =>
  JSON.stringify({ name: 'catalog', metaData: { pluginVersion: '2.9.2' }, shared: [], exposes: exposes.map((expose) => ({ path: expose })) });

test('a release is named by its package version and its bytes: same files, same name; one byte changed, another', () => {
  const a = build({ 'mf-manifest.json': manifest(['./Home']), 'remoteEntry.js': 'one', 'assets/x.js': 'x' });
  const b = build({ 'mf-manifest.json': manifest(['./Home']), 'remoteEntry.js': 'one', 'assets/x.js': 'x' });
  const c = build({ 'mf-manifest.json': manifest(['./Home']), 'remoteEntry.js': 'one', 'assets/x.js': 'y' });
  const [va, vb, vc] = call<string[]>(`return [${[a, b, c].map((dir) => `release.releaseVersion(${JSON.stringify(dir)}, '0.1.0')`).join(', ')}];`);
  // libs/contracts' RELEASE_VERSION_PATTERN: safe in a path and in ?preview=catalog@<version>.
  expect(va).toMatch(/^0\.1\.0-[0-9a-f]{12}$/);
  expect(vb).toBe(va);
  expect(vc).not.toBe(va);
});

test('a stored release never changes: the same build again is a no-op, other files under its name are refused', () => {
  const store = mkdtempSync(path.join(os.tmpdir(), 'release-store-'));
  const first = build({ 'mf-manifest.json': manifest(['./Home']), 'remoteEntry.js': 'one' });
  const same = build({ 'mf-manifest.json': manifest(['./Home']), 'remoteEntry.js': 'one' });
  const other = build({ 'mf-manifest.json': manifest(['./Home']), 'remoteEntry.js': 'two' });
  const result = call<{ copied: boolean[]; refused: string }>(`
    const copied = [release.storeRelease(${JSON.stringify(first)}, ${JSON.stringify(store)}, '0.1.0-aaaaaaaaaaaa').copied,
      release.storeRelease(${JSON.stringify(same)}, ${JSON.stringify(store)}, '0.1.0-aaaaaaaaaaaa').copied];
    let refused = '';
    try { release.storeRelease(${JSON.stringify(other)}, ${JSON.stringify(store)}, '0.1.0-aaaaaaaaaaaa'); } catch (error) { refused = error.message; }
    return { copied, refused };`);
  expect(result.copied).toEqual([true, false]);
  expect(result.refused).toMatch(/a release never changes/);
});

test('promotion is refused, with the reason, for a singleton outside the shell\'s range or a module the routes load that is not exposed', () => {
  const problems = call<string[]>(`
    const entry = (version, requiredVersion) => ({ name: 'react', version, requiredVersion, singleton: true });
    const shell = { name: 'shell', pluginVersion: '2.9.2', shared: new Map([['react', entry('19.2.0', '^19.2.0')]]) };
    const good = { name: 'catalog', pluginVersion: '2.9.2', shared: new Map([['react', entry('19.2.1', '^19.2.0')]]) };
    const old = { name: 'catalog', pluginVersion: '2.9.2', shared: new Map([['react', entry('18.3.1', '^18.3.0')]]) };
    return [
      release.promotionProblems({ shell, release: good, exposes: ['./Home', './AllArtifacts'], required: ['./Home', './AllArtifacts'] }),
      release.promotionProblems({ shell, release: old, exposes: ['./Home'], required: ['./Home', './AllArtifacts'] }),
    ];`);
  expect(problems[0]).toEqual([]);
  expect(problems[1]).toEqual(
    expect.arrayContaining([
      expect.stringMatching(/react 18\.3\.1 is outside the shell's requiredVersion \^19\.2\.0/),
      "./AllArtifacts is not exposed, but the shell's routes load it",
    ]),
  );
});

test('a change without the deploy credential is refused before anything is built or copied', () => {
  const env = { ...process.env, RELEASE_DEPLOY_TOKEN: '', RELEASE_API_URL: 'http://127.0.0.1:9', RELEASES_DIR: mkdtempSync(path.join(os.tmpdir(), 'release-dir-')) };
  for (const args of [['rollback', 'catalog'], ['promote', 'catalog', '0.1.0-aaaaaaaaaaaa'], ['publish', 'catalog', '--dist', '/nonexistent']]) {
    const result = spawnSync(process.execPath, [RELEASE, ...args], { cwd: ROOT, env, encoding: 'utf8' });
    expect([args[0], result.status]).toEqual([args[0], 1]);
    expect(result.stderr).toMatch(/RELEASE_DEPLOY_TOKEN is not set/);
  }
  const unknown = spawnSync(process.execPath, [RELEASE, 'publish', 'gallery'], { cwd: ROOT, env: { ...env, RELEASE_DEPLOY_TOKEN: 'x'.repeat(40) }, encoding: 'utf8' });
  expect(unknown.status).toBe(1);
  // The names are workspace.json's remotes.
  expect(unknown.stderr).toContain(`no remote "gallery": one of ${workspace.frontEnds.filter((piece) => piece.role === 'remote').map((piece) => piece.name).join(', ')}`);
});

// ---------- Issue 26: reproducible names, the promote gate, operators, prune by the registry's list ----------

/** mf-stats.json as module federation writes it: which source file first met each shared module. */
const stats = (usedIn: string[], requires: Record<string, string[]> = { './Home': ['react'] }) =>
  JSON.stringify({
    name: 'catalog',
    shared: [{ name: 'react', usedIn }],
    exposes: Object.entries(requires).map(([expose, modules]) => ({ path: expose, requires: modules })),
  });

test("the same source gives the same name: mf-stats.json's statistics, which vary between builds, do not count", () => {
  const files = { 'mf-manifest.json': manifest(['./Home']), 'remoteEntry.js': 'one' };
  // Two builds of one source, as seen on a busy machine: another file met react first.
  const a = build({ ...files, 'mf-stats.json': stats(['src/b.tsx'], { './Home': ['react'], './AllArtifacts': [] }) });
  const b = build({ ...files, 'mf-stats.json': stats(['src/a.tsx'], { './Home': [], './AllArtifacts': ['react'] }) });
  const c = build({ ...files, 'remoteEntry.js': 'two', 'mf-stats.json': stats(['src/b.tsx']) });
  const store = mkdtempSync(path.join(os.tmpdir(), 'release-store-'));
  const result = call<{ versions: string[]; copied: boolean[]; stored: string }>(`
    const versions = [${[a, b, c].map((dir) => `release.releaseVersion(${JSON.stringify(dir)}, '0.1.0')`).join(', ')}];
    const copied = [release.storeRelease(${JSON.stringify(a)}, ${JSON.stringify(store)}, versions[0]).copied,
      release.storeRelease(${JSON.stringify(b)}, ${JSON.stringify(store)}, versions[0]).copied];
    const fs = await import('node:fs');
    return { versions, copied, stored: JSON.parse(fs.readFileSync(${JSON.stringify(store)} + '/' + versions[0] + '/mf-stats.json', 'utf8')).shared[0].usedIn.join(',') };`);
  expect(result.versions[1]).toBe(result.versions[0]);
  expect(result.versions[2]).not.toBe(result.versions[0]);
  // The second build is the first release again: a no-op, not "a release never changes"; the
  // stored release keeps its own statistics.
  expect(result.copied).toEqual([true, false]);
  expect(result.stored).toBe('src/b.tsx');
});

/** A build folder with a manifest sharing `shared` and stats that say it uses `used`. */
function sharedBuild(name: string, shared: string[], used: string[] | null): string {
  const entry = (pkg: string) => ({ name: pkg, version: '19.2.0', requiredVersion: '^19.2.0', singleton: true });
  const files: Record<string, string> = {
    'mf-manifest.json': JSON.stringify({ name, metaData: { pluginVersion: '2.9.2' }, shared: shared.map(entry), exposes: [{ path: './Home' }] }),
  };
  if (used) files['mf-stats.json'] = JSON.stringify({ name, shared: shared.map((pkg) => ({ ...entry(pkg), usedIn: [] })), exposes: [{ path: './Home', requires: used }] });
  return build(files);
}

test('the promote gate counts only the shared libraries a release uses', () => {
  const shell = sharedBuild('shell', ['react', 'zustand', '@antiquarium/auth-store'], null);
  // No longer imports zustand or the auth store: module federation leaves them out of its manifest.
  const slim = sharedBuild('catalog', ['react'], ['react']);
  // Requires the auth store but does not share it: it would bundle a copy of its own.
  const bundling = sharedBuild('catalog', ['react'], ['react', '@antiquarium/auth-store']);
  // A manifest without stats beside it: every shell singleton it does not share counts.
  const bare = sharedBuild('catalog', ['react'], null);
  const problems = call<string[][]>(`
    const { readManifest } = await import(${JSON.stringify(path.join(ROOT, 'scripts/check-shared-versions.mjs'))});
    const shell = await readManifest(${JSON.stringify(shell)});
    const check = async (dir) => release.promotionProblems({ shell, release: await readManifest(dir), exposes: ['./Home'], required: ['./Home'] });
    return [await check(${JSON.stringify(slim)}), await check(${JSON.stringify(bundling)}), await check(${JSON.stringify(bare)})];`);
  expect(problems[0]).toEqual([]);
  expect(problems[1]).toEqual(["@antiquarium/auth-store is not shared: the remote would bundle its own copy beside the shell's singleton"]);
  expect(problems[2]).toEqual([
    "zustand is not shared: the remote would bundle its own copy beside the shell's singleton",
    "@antiquarium/auth-store is not shared: the remote would bundle its own copy beside the shell's singleton",
  ]);
});

test("grant-operator and revoke-operator use npm start's Auth Emulator unless told otherwise", () => {
  const targets = call<unknown[]>(`return [
    release.operatorTarget({}),
    release.operatorTarget({ FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9400' }),
    release.operatorTarget({ GOOGLE_APPLICATION_CREDENTIALS: '/keys/sa.json', FIREBASE_PROJECT_ID: 'antiquarium-prod' }),
    release.operatorTarget({ FIREBASE_PROJECT_ID: 'antiquarium-prod' }),
  ];`);
  expect(targets).toEqual([
    { projectId: 'demo-antiquarium', emulator: '127.0.0.1:9099' },
    { projectId: 'demo-antiquarium', emulator: '127.0.0.1:9400' },
    { projectId: 'antiquarium-prod', emulator: undefined },
    { projectId: 'antiquarium-prod', emulator: undefined },
  ]);
});

test('an operator change names its real cause: no such member, an emulator not running, refused credentials', async () => {
  const messages = call<string[]>(`
    const target = { email: 'ada@example.org', projectId: 'demo-antiquarium', emulator: '127.0.0.1:9099' };
    return [
      release.operatorFailure({ code: 'auth/user-not-found', message: 'There is no user record' }, target),
      release.operatorFailure({ code: 'app/network-error', message: 'connect ECONNREFUSED 127.0.0.1:9099' }, target),
      release.operatorFailure({ code: 'app/invalid-credential', message: 'Failed to determine service account' }, { ...target, emulator: undefined, projectId: 'antiquarium-prod' }),
    ];`);
  expect(messages[0]).toBe('no member with the email ada@example.org in the Auth Emulator at 127.0.0.1:9099 (project demo-antiquarium)');
  expect(messages[1]).toMatch(/^the Auth Emulator at 127\.0\.0\.1:9099 \(project demo-antiquarium\) cannot be reached .*is `npm start` running/);
  expect(messages[2]).toMatch(/^Firebase project antiquarium-prod refused the credentials .*GOOGLE_APPLICATION_CREDENTIALS/);
  // The real commands against an emulator address that drops every connection: not "no member".
  // (Held open for the test, so no other process can take the port meanwhile.)
  const dropping = net.createServer((socket) => socket.destroy());
  await new Promise<void>((resolve) => dropping.listen(0, '127.0.0.1', resolve));
  const { port } = dropping.address() as AddressInfo;
  try {
    const results = await Promise.all(['grant-operator', 'revoke-operator'].map((command) => runRelease([command, 'ada@example.org'], { FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${port}` })));
    for (const [index, result] of results.entries()) {
      expect([index, result.code, result.stderr]).toEqual([index, 1, expect.stringMatching(new RegExp(`the Auth Emulator at 127\\.0\\.0\\.1:${port} \\(project demo-antiquarium\\) cannot be reached`))]);
      expect(result.stderr).not.toMatch(/no member/);
    }
  } finally {
    await new Promise((resolve) => dropping.close(resolve));
  }
}, 120_000);

// ---------- against a registry of the test's own (an HTTP server in this process) ----------

interface Call {
  method: string;
  url: string;
  body: unknown;
}

/** A registry that answers with `answer(call)` (status, body) and records every call. */
async function fakeRegistry(answer: (call: Call) => [number, unknown]): Promise<{ url: string; calls: Call[]; close: () => Promise<void> }> {
  const calls: Call[] = [];
  const server = http.createServer((request, response) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    request.on('end', () => {
      const entry = { method: request.method ?? '', url: request.url ?? '', body: text ? JSON.parse(text) : undefined };
      calls.push(entry);
      const [status, body] = answer(entry);
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(body === undefined ? '' : JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, calls, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** `npm run release -- ...args`, asynchronously (the fake registry runs in this process). */
async function runRelease(args: string[], env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  const base: Record<string, string | undefined> = { ...process.env, RELEASE_DEPLOY_TOKEN: 'x'.repeat(40), FIREBASE_AUTH_EMULATOR_HOST: undefined, GOOGLE_APPLICATION_CREDENTIALS: undefined };
  return new Promise((resolve) => {
    execFile(process.execPath, [RELEASE, ...args], { cwd: ROOT, env: { ...base, ...env } as NodeJS.ProcessEnv }, (error, stdout, stderr) => {
      resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr });
    });
  });
}

const V = (n: number) => `0.1.0-${String(n).repeat(12)}`;

test('prune deletes only what the registry lists as prunable, audited as the person running it', async () => {
  const releases = mkdtempSync(path.join(os.tmpdir(), 'release-dir-'));
  for (const version of [V(1), V(2), V(3), V(4)]) {
    mkdirSync(path.join(releases, 'catalog', version), { recursive: true });
    writeFileSync(path.join(releases, 'catalog', version, 'remoteEntry.js'), version);
  }
  // A file outside the store that a traversal would reach.
  const outside = path.join(releases, 'catalog-precious.txt');
  writeFileSync(outside, 'keep me');
  const registry = await fakeRegistry((call) => {
    if (call.method === 'GET' && call.url === '/releases/catalog/prunable?keep=2') {
      return [200, { remote: 'catalog', keep: 2, prunable: [V(1), V(2), '../catalog-precious.txt'], kept: [{ version: V(3), reason: 'live', detail: 'the live release' }] }];
    }
    if (call.method === 'DELETE' && call.url === `/releases/catalog/${V(1)}`) return [200, { deletedCount: 1 }];
    if (call.method === 'DELETE' && call.url === `/releases/catalog/${V(2)}`) return [409, { statusCode: 409, message: 'live until now: tabs opened on it may still load its files' }];
    return [404, { statusCode: 404, message: 'Not Found' }];
  });
  try {
    const result = await runRelease(['prune', 'catalog', '--keep', '2', '--by', 'Ada Lovelace'], { RELEASE_API_URL: registry.url, RELEASES_DIR: releases });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`pruned 1 release(s) of catalog: ${V(1)} (audited as Ada Lovelace)`);
    expect(result.stdout).toContain(`kept catalog ${V(2)}: DELETE /releases/catalog/${V(2)}: 409 live until now`);
    expect(result.stdout).toContain(`kept catalog ${V(3)}: the live release`);
    expect(result.stdout).toMatch(new RegExp(`left in place, the registry at .* does not list them: ${V(4)}`));
    expect(existsSync(path.join(releases, 'catalog', V(1)))).toBe(false);
    for (const version of [V(2), V(3), V(4)]) expect(existsSync(path.join(releases, 'catalog', version, 'remoteEntry.js'))).toBe(true);
    expect(readFileSync(outside, 'utf8')).toBe('keep me');
    expect(registry.calls.filter((call) => call.method === 'DELETE').map((call) => [call.url, call.body])).toEqual([
      [`/releases/catalog/${V(1)}`, { by: 'Ada Lovelace' }],
      [`/releases/catalog/${V(2)}`, { by: 'Ada Lovelace' }],
    ]);
  } finally {
    await registry.close();
  }
});

test('prune keeps 3 unless told otherwise, deletes every release the registry lists, and refuses a --keep out of 0-100', async () => {
  const releases = mkdtempSync(path.join(os.tmpdir(), 'release-dir-'));
  for (const version of [V(1), V(2), V(3), V(4), V(5)]) mkdirSync(path.join(releases, 'catalog', version), { recursive: true });
  const registry = await fakeRegistry((call) => {
    if (call.method === 'GET' && call.url === '/releases/catalog/prunable?keep=3') return [200, { remote: 'catalog', keep: 3, prunable: [V(1), V(2)], kept: [] }];
    if (call.method === 'DELETE') return [200, { deletedCount: 1 }];
    return [404, { statusCode: 404, message: 'Not Found' }];
  });
  try {
    const env = { RELEASE_API_URL: registry.url, RELEASES_DIR: releases };
    const result = await runRelease(['prune', 'catalog', '--by', 'Ada'], env);
    expect([result.code, result.stderr]).toEqual([0, '']);
    expect(result.stdout).toContain(`pruned 2 release(s) of catalog: ${V(1)}, ${V(2)} (audited as Ada)`);
    expect(registry.calls.map((call) => `${call.method} ${call.url}`)).toEqual(['GET /releases/catalog/prunable?keep=3', `DELETE /releases/catalog/${V(1)}`, `DELETE /releases/catalog/${V(2)}`]);
    expect([V(1), V(2), V(3), V(4), V(5)].map((version) => existsSync(path.join(releases, 'catalog', version)))).toEqual([false, false, true, true, true]);

    const asked = registry.calls.length;
    for (const keep of ['101', '-1', '2.5', 'three', '']) {
      const refused = await runRelease(['prune', 'catalog', `--keep=${keep}`], env);
      expect([keep, refused.code, refused.stderr]).toEqual([keep, 1, expect.stringContaining('--keep must be a whole number from 0 to 100')]);
    }
    expect(registry.calls).toHaveLength(asked);
  } finally {
    await registry.close();
  }
});

test('promote --percent takes a whole number from 1 to 100 (the edges included), and refuses any other before asking the registry', async () => {
  const releases = mkdtempSync(path.join(os.tmpdir(), 'release-dir-'));
  const version = V(7);
  mkdirSync(path.join(releases, 'catalog', version), { recursive: true });
  writeFileSync(path.join(releases, 'catalog', version, 'mf-manifest.json'), manifest(['./Home']));
  const shell = build({
    'mf-manifest.json': JSON.stringify({ name: 'shell', metaData: { pluginVersion: '2.9.2' }, shared: [] }),
    'remote-modules.json': JSON.stringify({ catalog: ['./Home'] }),
  });
  const registry = await fakeRegistry((call) => {
    if (call.method === 'GET' && call.url === `/releases/catalog/${version}`) return [200, { version, manifestUrl: 'https://catalog.example/x/mf-manifest.json', exposes: ['./Home'] }];
    if (call.method === 'POST' && call.url === '/releases/catalog/promote') return [200, { remote: 'catalog' }];
    return [500, { message: 'unexpected' }];
  });
  try {
    const env = { RELEASE_API_URL: registry.url, RELEASES_DIR: releases };
    for (const percent of ['0', '101', '-5', '12.5', 'half', '']) {
      const refused = await runRelease(['promote', 'catalog', version, `--percent=${percent}`, '--shell', shell], env);
      expect([percent, refused.code, refused.stderr]).toEqual([percent, 1, expect.stringContaining('--percent must be a whole number from 1 to 100')]);
    }
    expect(registry.calls).toHaveLength(0);

    const canary = await runRelease(['promote', 'catalog', version, '--percent', '1', '--shell', shell, '--by', 'Ada'], env);
    expect([canary.code, canary.stderr]).toEqual([0, '']);
    expect(canary.stdout).toContain(`release: catalog ${version} is the canary for 1% of browsers`);
    const live = await runRelease(['promote', 'catalog', version, '--percent', '100', '--shell', shell, '--by', 'Ada'], env);
    expect(live.stdout).toContain(`release: catalog ${version} is live`);
    expect(registry.calls.filter((call) => call.url === '/releases/catalog/promote').map((call) => call.body)).toEqual([
      { version, percent: 1, by: 'Ada' },
      { version, percent: 100, by: 'Ada' },
    ]);
  } finally {
    await registry.close();
  }
});

test('prune pointed at an api that knows none of these releases deletes nothing', async () => {
  const releases = mkdtempSync(path.join(os.tmpdir(), 'release-dir-'));
  mkdirSync(path.join(releases, 'catalog', V(5)), { recursive: true });
  // Another api: every release it is asked about is "not found", and it has no prunable list.
  const other = await fakeRegistry(() => [404, { statusCode: 404, message: 'Release not found' }]);
  try {
    const result = await runRelease(['prune', 'catalog', '--keep', '0'], { RELEASE_API_URL: other.url, RELEASES_DIR: releases });
    expect(result.code).toBe(1);
    expect(existsSync(path.join(releases, 'catalog', V(5)))).toBe(true);
    expect(other.calls.some((call) => call.method === 'DELETE')).toBe(false);
  } finally {
    await other.close();
  }
  // Without a name, the audit gets the person running the command, never "deploy token".
  const user = call<string>(`return release.who({}, {});`);
  expect(user).toBe(os.userInfo().username);
  expect(call<string>(`return release.who({ by: 'Grace Hopper' }, { GIT_AUTHOR_NAME: 'someone' });`)).toBe('Grace Hopper');
});

test('publish stores a build once and registers it; the same build again is a no-op that says so; the build is not touched', async () => {
  const dist = build({ 'mf-manifest.json': manifest(['./Home']), 'remoteEntry.js': 'entry', 'mf-stats.json': stats(['src/b.tsx']) });
  const before = readFileSync(path.join(dist, 'mf-stats.json'), 'utf8');
  const releases = mkdtempSync(path.join(os.tmpdir(), 'release-dir-'));
  const published = new Set<string>();
  const registry = await fakeRegistry((call) => {
    const body = call.body as { version: string };
    if (call.method !== 'POST' || call.url !== '/releases/catalog') return [404, { message: 'Not Found' }];
    const status = published.has(body.version) ? 200 : 201;
    published.add(body.version);
    return [status, body];
  });
  try {
    const env = { RELEASE_API_URL: registry.url, RELEASES_DIR: releases, REMOTE_CATALOG_URL: 'https://catalog.example' };
    const first = await runRelease(['publish', 'catalog', '--dist', dist, '--by', 'ci'], env);
    expect(first.code).toBe(0);
    const version = /release: catalog (\S+) published at https:\/\/catalog\.example\/releases\/\1\/mf-manifest\.json; not live until promoted/.exec(first.stdout)?.[1];
    expect(version).toMatch(/^0\.1\.0-[0-9a-f]{12}$/);
    const again = await runRelease(['publish', 'catalog', '--dist', dist], env);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain(`release: catalog ${version} is already published (same files, same name): nothing changed`);
    expect(readFileSync(path.join(dist, 'mf-stats.json'), 'utf8')).toBe(before);
    expect(existsSync(path.join(releases, 'catalog', version as string, 'remoteEntry.js'))).toBe(true);
  } finally {
    await registry.close();
  }
});

test('rollback --to-default asks the registry to name nothing; a refused promote is recorded with its reasons', async () => {
  const releases = mkdtempSync(path.join(os.tmpdir(), 'release-dir-'));
  const version = V(6);
  const release = path.join(releases, 'catalog', version);
  mkdirSync(release, { recursive: true });
  writeFileSync(path.join(release, 'mf-manifest.json'), manifest(['./Home']));
  const shell = build({
    'mf-manifest.json': JSON.stringify({ name: 'shell', metaData: { pluginVersion: '2.9.2' }, shared: [] }),
    'remote-modules.json': JSON.stringify({ catalog: ['./Home', './AllArtifacts'] }),
  });
  const registry = await fakeRegistry((call) => {
    if (call.url === '/releases/catalog/rollback') return [200, { remote: 'catalog', live: null, liveSince: null, history: [version], updatedAt: new Date().toISOString() }];
    if (call.method === 'GET' && call.url === `/releases/catalog/${version}`) return [200, { version, manifestUrl: 'https://catalog.example/x/mf-manifest.json', exposes: ['./Home'] }];
    if (call.url === '/releases/catalog/refusals') return [204, undefined];
    return [500, { message: 'unexpected' }];
  });
  try {
    const env = { RELEASE_API_URL: registry.url, RELEASES_DIR: releases };
    const back = await runRelease(['rollback', 'catalog', '--to-default', '--by', 'Ada', '--reason', 'bad day'], env);
    expect(back.code).toBe(0);
    expect(back.stdout).toMatch(/release: catalog runs its image's own build: the registry names no release for it/);
    expect(registry.calls[0]?.body).toEqual({ by: 'Ada', reason: 'bad day', toDefault: true });

    const refused = await runRelease(['promote', 'catalog', version, '--shell', shell, '--by', 'Ada'], env);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("./AllArtifacts is not exposed, but the shell's routes load it");
    const recorded = registry.calls.find((entry) => entry.url === '/releases/catalog/refusals');
    expect(recorded?.body).toEqual({ version, percent: 100, by: 'Ada', reasons: ["./AllArtifacts is not exposed, but the shell's routes load it"] });
    expect(registry.calls.some((entry) => entry.url === '/releases/catalog/promote')).toBe(false);
  } finally {
    await registry.close();
  }
});
