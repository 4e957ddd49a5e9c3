// scripts/lib/cpu-share.mjs: how busy each phase of `npm test` kept the machine, and how much of it
// the host gave to others, from two readings of /proc/stat's `cpu` line (issue 46).
import { execFileSync } from 'node:child_process';
import path from 'node:path';

const MODULE = path.join(path.resolve(__dirname, '../..'), 'scripts/lib/cpu-share.mjs');

/** The module's cpuShareBetween in a child (the module is ESM). */
function shareBetween(before: string | null, after: string | null): string | null {
  const script = `const { cpuShareBetween } = await import(${JSON.stringify(MODULE)});
    const { before, after } = JSON.parse(process.env.INPUT);
    process.stdout.write(JSON.stringify(cpuShareBetween(before, after)));`;
  return JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { env: { ...process.env, INPUT: JSON.stringify({ before, after }) }, encoding: 'utf8', stdio: 'pipe' })) as string | null;
}

//                 user nice system idle iowait irq softirq steal guest guest_nice
const BEFORE = 'cpu  1000 0 500 4000 100 0 0 0 0 0';

describe('the share of the machine a phase used', () => {
  it('counts user, system, interrupts as busy and idle with waiting for disks as not', () => {
    // 600 + 200 + 100 + 100 busy (user, system, irq, softirq), 800 idle, 200 waiting on disks: 1 000 of 2 000.
    expect(shareBetween(BEFORE, 'cpu  1600 0 700 4800 300 100 100 0 0 0')).toBe('CPU 50 % busy');
  });

  it('names the time the host took for others, out of the whole', () => {
    // 300 busy, 100 idle, 100 stolen.
    expect(shareBetween(BEFORE, 'cpu  1200 50 550 4100 100 0 0 100 0 0')).toBe('CPU 60 % busy, 20 % stolen');
  });

  it('says nothing where /proc/stat could not be read or no time passed', () => {
    expect(shareBetween(null, BEFORE)).toBeNull();
    expect(shareBetween(BEFORE, BEFORE)).toBeNull();
  });

  it('refuses a line that is not the whole machine', () => {
    expect(() => shareBetween(BEFORE, 'cpu0 1 2 3 4 5 6 7 8')).toThrow(/not the cpu line/);
  });

  it('reads this machine, whose counters only grow', () => {
    const script = `const { readCpuLine, cpuShareBetween } = await import(${JSON.stringify(MODULE)});
      const before = readCpuLine(); let x = 0; for (let i = 0; i < 2e8; i++) x += i;
      process.stdout.write(JSON.stringify(cpuShareBetween(before, readCpuLine())));`;
    const share = JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' })) as string | null;
    if (process.platform === 'linux') expect(share).toMatch(/^CPU \d+ % busy/);
    else expect(share).toBeNull();
  });
});
