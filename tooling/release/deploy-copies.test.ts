// deploy/*.mjs run as plain Node in the images (no TypeScript, no workspace packages), so a helper
// they share with the contracts is written again there: these tests hold each copy to the
// contracts' (issue 30: one source per shared fact, tested equal where it cannot be imported).
// deploy/frames.mjs is an ES module the tests' transform does not take: it is called in a child process.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { isRecord } from '@antiquarium/contracts/releases';

const FRAMES = path.resolve(__dirname, '../../deploy/frames.mjs');

/** The values both are asked about, as JavaScript source (evaluated here and in the child process). */
const VALUES = `[
  {}, { a: 1 }, Object.create(null), new Date(0), new Map(), /x/, new (class Thing {})(),
  [], [1], null, undefined, 0, 1, '', 'text', true, false, () => {}, Symbol('s'), 10n,
]`;

function framesIsRecord(): boolean[] {
  const script = `
    const { isRecord } = await import(${JSON.stringify(FRAMES)});
    console.log(JSON.stringify(${VALUES}.map((value) => isRecord(value))));`;
  return JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' })) as boolean[];
}

test("deploy/frames.mjs's isRecord answers as the contracts' does", () => {
  const values = new Function(`return ${VALUES};`)() as unknown[];
  const expected = values.map((value) => isRecord(value));
  expect(expected).toContain(true);
  expect(expected).toContain(false);
  expect(framesIsRecord()).toEqual(expected);
});
