// scripts/lib/processes.mjs's sideBySide: the lanes of `npm test` (docs/decisions/0038) and the
// journeys' two sites run at once, and a failure is thrown only once every one of them has ended.
import { execFileSync } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
const MODULE = path.join(ROOT, 'scripts/lib/processes.mjs');

/** Runs `body` (an async script with sideBySide in scope) in a child, the module being ESM; answers what it printed. */
function inChild(body: string): string {
  const script = `import { sideBySide } from ${JSON.stringify(MODULE)};\nconst wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));\n${body}`;
  return execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: ROOT, encoding: 'utf8' });
}

test('the tasks run at once and their values come back in order', () => {
  const out = inChild(`
    const events = [];
    const lane = (name, ms) => async () => { events.push(name + ' started'); await wait(ms); events.push(name + ' ended'); return name; };
    const values = await sideBySide([lane('one', 200), lane('two', 100), async () => 'three']);
    process.stdout.write(JSON.stringify({ values, events }));
  `);
  const { values, events } = JSON.parse(out) as { values: string[]; events: string[] };
  expect(values).toEqual(['one', 'two', 'three']);
  // One after the other, 'one' would end before 'two' started.
  expect(events).toEqual(['one started', 'two started', 'two ended', 'one ended']);
});

test('a failure is thrown only after the other tasks have ended, and it is the first to fail in order', () => {
  const out = inChild(`
    const ended = [];
    try {
      await sideBySide([
        async () => { await wait(50); throw new Error('lane one failed'); },
        async () => { await wait(250); ended.push('lane two'); },
        async () => { throw new Error('lane three failed'); },
      ]);
      process.stdout.write('no failure');
    } catch (error) {
      process.stdout.write(JSON.stringify({ message: error.message, ended }));
    }
  `);
  expect(JSON.parse(out)).toEqual({ message: 'lane one failed', ended: ['lane two'] });
});
