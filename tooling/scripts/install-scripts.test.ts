// scripts/install-scripts.cjs: which packages' install scripts a clean install runs (scripts/install.sh
// installs with --ignore-scripts, then rebuilds these).
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
const SCRIPT = path.join(ROOT, 'scripts/install-scripts.cjs');

function scripted(query: unknown): string[] {
  return execFileSync(process.execPath, [SCRIPT], { input: JSON.stringify(query), encoding: 'utf8' }).split('\n').filter(Boolean);
}

test('names every package npm query found once, in order, but re2', () => {
  const query = [
    { name: 'sharp', version: '0.34.5', location: 'node_modules/sharp' },
    { name: 're2', version: '1.24.0', location: 'node_modules/re2' },
    { name: '@swc/core', version: '1.16.22', location: 'node_modules/@swc/core' },
    { name: 'nx', version: '22.6.1', location: 'node_modules/nx' },
    { name: 'nx', version: '21.0.0', location: 'node_modules/other/node_modules/nx' },
  ];
  expect(scripted(query)).toEqual(['@swc/core', 'nx', 'sharp']);
  expect(scripted([])).toEqual([]);
});

test('re2 is skipped only where every package that depends on it does so optionally', () => {
  const dependents: string[] = [];
  const visit = (dir: string) => {
    for (const name of existsSync(dir) ? readdirSync(dir) : []) {
      if (name.startsWith('.')) continue;
      if (name.startsWith('@')) {
        visit(path.join(dir, name));
        continue;
      }
      const manifest = path.join(dir, name, 'package.json');
      if (!existsSync(manifest)) continue;
      const pkg = JSON.parse(readFileSync(manifest, 'utf8')) as { name: string; dependencies?: Record<string, string>; optionalDependencies?: Record<string, string> };
      if (pkg.dependencies?.re2 && !pkg.optionalDependencies?.re2) dependents.push(`${pkg.name} (required)`);
      else if (pkg.optionalDependencies?.re2) dependents.push(pkg.name);
      visit(path.join(dir, name, 'node_modules'));
    }
  };
  visit(path.join(ROOT, 'node_modules'));
  expect(dependents).toEqual(['superstatic']);
});
