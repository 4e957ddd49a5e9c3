import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import { ROOT } from '../../scripts/lib/containers.cjs';
import { DEPLOY, distOf, REMOTES } from './support/site';

const run = promisify(execFile);
const SCRIPT = path.join(ROOT, 'scripts/check-shared-versions.mjs');

interface SharedEntry {
  name: string;
  version: string;
  requiredVersion: string;
  singleton: boolean;
}
interface Manifest {
  name: string;
  shared: SharedEntry[];
}

/** A deployed piece's manifest, as its image serves it. */
function manifestFile(piece: string): string {
  return path.join(DEPLOY.images[piece]!.dir, distOf(piece), 'mf-manifest.json');
}

/** A copy of a manifest with one change, in a temp folder (the built files stay untouched). */
function modified(piece: string, change: (manifest: Manifest) => void): string {
  const manifest = JSON.parse(readFileSync(manifestFile(piece), 'utf8')) as Manifest;
  change(manifest);
  const file = path.join(mkdtempSync(path.join(DEPLOY.workDir, 'shared-versions-')), 'mf-manifest.json');
  writeFileSync(file, JSON.stringify(manifest));
  return file;
}

function entry(manifest: Manifest, name: string): SharedEntry {
  const found = manifest.shared.find((shared) => shared.name === name);
  if (!found) throw new Error(`${manifest.name} does not share ${name}`);
  return found;
}

async function check(shell: string, remotes: string[]) {
  return run(process.execPath, [SCRIPT, '--shell', shell, ...remotes.flatMap((remote) => ['--remote', remote])]).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }),
  );
}

test.describe('Shared singletons: scripts/check-shared-versions.mjs', () => {
  test('the deployed builds fit together', async () => {
    const result = await check(manifestFile('shell'), REMOTES.map(manifestFile));
    expect(result.code, result.stderr).toBe(0);
    for (const remote of REMOTES) expect(result.stdout).toContain(`${remote} fits the shell`);
  });

  test('catches a remote built with a React outside the shell range', async () => {
    const incompatible = modified('catalog', (manifest) => {
      for (const name of ['react', 'react/jsx-runtime']) Object.assign(entry(manifest, name), { version: '18.3.1', requiredVersion: '^18.2.0' });
    });
    const result = await check(manifestFile('shell'), [incompatible, manifestFile('account')]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('catalog');
    expect(result.stderr).toMatch(/react 18\.3\.1 is outside the shell's requiredVersion \^19\./);
    expect(result.stderr).toMatch(/react: the shell provides 19\.\d+\.\d+, outside this remote's requiredVersion \^18\.2\.0/);
    // The healthy remote is still reported as fitting.
    expect(result.stdout).toContain('account fits the shell');
  });

  test('catches a shell that narrowed its range past what a remote bundles', async () => {
    const shell = modified('shell', (manifest) => {
      entry(manifest, 'zustand').requiredVersion = '^6.0.0';
    });
    const result = await check(shell, [manifestFile('contribute')]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/zustand 5\.\d+\.\d+ is outside the shell's requiredVersion \^6\.0\.0/);
  });

  test('catches a remote that stopped sharing a singleton, or shares it as a non-singleton', async () => {
    const unshared = modified('account', (manifest) => {
      manifest.shared = manifest.shared.filter((shared) => shared.name !== '@antiquarium/auth-store');
      entry(manifest, 'react-dom').singleton = false;
    });
    const result = await check(manifestFile('shell'), [unshared]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('@antiquarium/auth-store is not shared');
    expect(result.stderr).toContain('react-dom is not a singleton here but a singleton in the shell');
  });

  test('a missing build is a usage error, not a pass', async () => {
    const result = await check(path.join(os.tmpdir(), 'no-such-dist'), [manifestFile('catalog')]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('does not exist');
  });
});
