// deploy/frames-secret.mjs: the frames secret's header and rule, read by deploy/frames.mjs and by the
// shell's server build. An ES module the tests' transform does not take: it is called in a child process.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const MODULE = pathToFileURL(path.resolve(__dirname, '../../deploy/frames-secret.mjs')).href;
const FRAMES = pathToFileURL(path.resolve(__dirname, '../../deploy/frames.mjs')).href;

const SECRET = 'a'.repeat(32);
const CASES: [unknown, boolean][] = [
  [SECRET, true],
  ['!~'.repeat(256), true],
  ['x'.repeat(512), true],
  ['A1b2-C3d4_E5f6.G7h8~I9j0!K1l2@M3n4', true],
  ['a'.repeat(31), false],
  ['x'.repeat(513), false],
  [`${SECRET.slice(1)} `, false],
  [`${SECRET}\t`, false],
  [`${SECRET}é`, false],
  ['', false],
  [null, false],
  [1234567890, false],
];

interface Answers {
  header: string;
  secret: boolean[];
  read: (string | null)[];
}

function answers(): Answers {
  const script = `
    const secret = await import(${JSON.stringify(MODULE)});
    const frames = await import(${JSON.stringify(FRAMES)});
    const values = ${JSON.stringify(CASES.map(([value]) => value))};
    const read = (value) => { try { return frames.readFramesSecret(value) === value ? null : 'changed'; } catch (error) { return error.message; } };
    console.log(JSON.stringify({ header: secret.FRAMES_SECRET_HEADER, secret: values.map((value) => secret.isFramesSecret(value)), read: values.map(read) }));`;
  return JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' })) as Answers;
}

const found = answers();

test('isFramesSecret takes 32 to 512 printable ASCII characters without spaces, and nothing else', () => {
  expect(found.secret).toEqual(CASES.map(([, expected]) => expected));
});

test("frames.mjs reads FRAMES_SECRET (a variable's text) with the same rule, and says what is wrong", () => {
  CASES.forEach(([value, expected], index) => {
    if (typeof value !== 'string') return;
    const message = found.read[index];
    if (expected) expect(message).toBeNull();
    else if (value === '') expect(message).toMatch(/^FRAMES_SECRET must be set/);
    else expect(message).toBe('FRAMES_SECRET must be 32 to 512 printable ASCII characters without spaces');
  });
});

test('the header is named as Node reads a request\'s headers (lower case)', () => {
  expect(found.header).toBe('x-frames-secret');
});
