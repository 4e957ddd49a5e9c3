// scripts/lib/processes.mjs's startProcess: a child's stdout and stderr go into one log file, and
// neither stream's end may close it while the other still writes (a child that closed its stdout
// and then wrote an error took the bench down with ERR_STREAM_WRITE_AFTER_END).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
const MODULE = path.join(ROOT, 'scripts/lib/processes.mjs');

test('the log keeps what a child writes to stderr after its stdout has closed, and the parent lives on', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'process-log-'));
  try {
    const child = `process.stdout.write('out\\n'); process.stdout.end(); setTimeout(() => { process.stderr.write('late error\\n'); process.exit(3); }, 100);`;
    const script = `import { startProcess } from ${JSON.stringify(MODULE)};
      const entry = startProcess('child', process.execPath, ['-e', ${JSON.stringify(child)}], { cwd: ${JSON.stringify(dir)}, logDir: ${JSON.stringify(dir)} });
      const { code } = await entry.exited;
      await new Promise((resolve) => setTimeout(resolve, 100));
      process.stdout.write(JSON.stringify({ code }));`;
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: ROOT, encoding: 'utf8' });
    expect(JSON.parse(out)).toEqual({ code: 3 });
    expect(readFileSync(path.join(dir, 'child.log'), 'utf8')).toBe('out\nlate error\n');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
