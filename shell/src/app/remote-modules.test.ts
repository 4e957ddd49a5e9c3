// public/remote-modules.json tells `npm run release -- promote` which modules the shell's routes load
// from each remote, so that a release missing one is refused before it goes live: it must name
// exactly the modules routes.tsx loads.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { REMOTE_NAMES } from '../config/remote-names';

const shellDir = path.resolve(__dirname, '../..');
const routesSource = readFileSync(path.join(shellDir, 'src/app/routes.tsx'), 'utf8');
const listed = JSON.parse(readFileSync(path.join(shellDir, 'public/remote-modules.json'), 'utf8')) as Record<string, unknown>;

test('remote-modules.json lists exactly the remote modules the routes load', () => {
  const loaded: Record<string, string[]> = {};
  for (const [, id] of routesSource.matchAll(/\bremote\('([^']+)'/g)) {
    const [remote, module] = (id as string).split('/');
    (loaded[remote as string] ??= []).push(`./${module}`);
  }
  expect(Object.keys(loaded).length).toBeGreaterThan(0);
  for (const name of REMOTE_NAMES) {
    expect([name, [...((listed[name] as string[]) ?? [])].sort()]).toEqual([name, [...(loaded[name] ?? [])].sort()]);
  }
  expect(Object.keys(listed).filter((key) => key !== 'about').sort()).toEqual([...REMOTE_NAMES].sort());
});
