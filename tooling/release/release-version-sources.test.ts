// deploy/*.mjs run as plain Node in the images (no TypeScript, no workspace packages), so they write
// the release version's pattern and the routing's path again: these tests hold them to the
// contracts' (issue 30: one source per shared fact, tested equal where it cannot be imported).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { isReleaseVersion, RELEASE_ROUTING_PATH, RELEASE_VERSION_PATTERN } from '@antiquarium/contracts/releases';

const ROOT = path.resolve(__dirname, '../..');
const source = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

/** The regular expression literal assigned to `name` in `file`. */
function literal(file: string, name: string): RegExp {
  const match = new RegExp(`const ${name} = /(.+)/([a-z]*);`).exec(source(file));
  if (!match?.[1]) throw new Error(`${file} has no ${name} literal`);
  return new RegExp(match[1], match[2]);
}

const VERSION = RELEASE_VERSION_PATTERN.source.replace(/^\^/, '').replace(/\$$/, '');

const SAMPLES = ['1.2.3-0123456789ab', '9999.0.12-abcdefabcdef', '1.2.3-0123456789AB', '1.2-0123456789ab', '10000.1.1-0123456789ab', '1.2.3-0123456789a', '1.2.3-0123456789abc', '../1.2.3', '1.2.3-01234567890g'];

test.each([
  ['deploy/frames.mjs', 'RELEASE_FRAMES', (version: string) => `/releases/${version}/frames`],
  ['deploy/serve-static.mjs', 'RELEASE_PATH', (version: string) => `/releases/${version}/mf-manifest.json`],
])('%s (%s) takes as a release version exactly what the contracts take', (file, name, pathOf) => {
  const pattern = literal(file, name);
  expect(pattern.source).toContain(VERSION);
  expect(SAMPLES.some((sample) => isReleaseVersion(sample))).toBe(true);
  expect(SAMPLES.some((sample) => !isReleaseVersion(sample))).toBe(true);
  for (const sample of SAMPLES) expect([sample, pattern.test(pathOf(sample))]).toEqual([sample, isReleaseVersion(sample)]);
});

test("the shell's document preloads the routing at the contracts' path", () => {
  expect(source('deploy/shell-document.mjs')).toContain(`}/${RELEASE_ROUTING_PATH}\``);
});
