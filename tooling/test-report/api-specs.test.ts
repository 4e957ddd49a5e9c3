// The api suite's run with the catalog off leaves out the specs that never reach an artifact
// (scripts/lib/api-specs.mjs): those would run exactly the code of the first run again.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
const MODULE = path.join(ROOT, 'scripts/lib/api-specs.mjs');

function independent(dir: string): string[] {
  const script = `const { catalogIndependentSpecs } = await import(${JSON.stringify(MODULE)}); console.log(JSON.stringify(catalogIndependentSpecs(${JSON.stringify(dir)})));`;
  return JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' })) as string[];
}

test('a spec is left out only when no request of it reaches an artifact, directly or through a helper', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'api-specs-'));
  try {
    const specs: Record<string, string> = {
      'mail.e2e-spec.ts': "await api('/mail-preferences', { token });",
      'list.e2e-spec.ts': "await api('/artifacts?sort=name');",
      'helper.e2e-spec.ts': 'const { id } = await createArtifact(user);',
      'photos.e2e-spec.ts': 'await api(`/photos/${name}`);',
      'related.e2e-spec.ts': 'await api(`/artifacts/${id}/related`);',
      'collections.e2e-spec.ts': "await api('/collections/mine', { token });",
      'notes.md': 'not a spec',
    };
    for (const [name, text] of Object.entries(specs)) writeFileSync(path.join(dir, name), text);
    expect(independent(dir)).toEqual(['mail.e2e-spec.ts']);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("in the api's own suite, the mail and release telemetry specs are left out and every list, details and photo spec stays", () => {
  const left = independent(path.join(ROOT, 'api/test'));
  expect(left).toEqual(expect.arrayContaining(['mail.e2e-spec.ts', 'mail-preferences.e2e-spec.ts']));
  for (const kept of ['artifacts-read.e2e-spec.ts', 'discovery.e2e-spec.ts', 'catalog-changes.e2e-spec.ts', 'photos.e2e-spec.ts', 'related.e2e-spec.ts', 'collections.e2e-spec.ts']) expect(left).not.toContain(kept);
});
