// The release command's own rules (scripts/release.mjs), run in a child process as `npm run release`
// runs it: a release's name follows its bytes, a stored release never changes, and promotion is
// refused for a release that cannot run in the shell. Its calls to the registry are proven by the
// deploy phase's journeys (e2e/deploy/releases.spec.ts) against the real api.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
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
  expect(unknown.stderr).toMatch(/no remote "gallery": one of catalog, account, contribute/);
});
