// scripts/lib/journey-shards.mjs: the browser journeys' files shared out between the workers by
// measured time (docs/decisions/0037), and the table of seconds per file a run writes.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
const MODULE = path.join(ROOT, 'scripts/lib/journey-shards.mjs');

interface Share {
  files: string[];
  seconds: number;
}

/** Calls one of the module's functions in a child (the module is ESM) and answers its result. */
function call<T>(name: string, ...args: unknown[]): T {
  const script = [
    `import * as shards from ${JSON.stringify(MODULE)};`,
    `process.stdout.write(JSON.stringify(shards.${name}(...${JSON.stringify(args)})));`,
  ].join('\n');
  return JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: ROOT, encoding: 'utf8' })) as T;
}

describe('the journeys shared by measured time', () => {
  it('gives the workers about equal time, where a split by count in name order would not', () => {
    // In name order by count, a.spec.ts and b.spec.ts (700 s) would be one half, c to f (40 s) the other.
    const seconds = { 'a.spec.ts': 400, 'b.spec.ts': 300, 'c.spec.ts': 10, 'd.spec.ts': 10, 'e.spec.ts': 10, 'f.spec.ts': 10 };
    const shares = call<Share[]>('balancedShards', Object.keys(seconds), seconds, 2);
    expect(shares.map((share) => share.seconds).sort((x, y) => x - y)).toEqual([340, 400]);
    expect(shares.find((share) => share.files.includes('a.spec.ts'))?.files).toEqual(['a.spec.ts']);
    expect(shares.find((share) => share.files.includes('b.spec.ts'))?.files).toEqual(['b.spec.ts', 'c.spec.ts', 'd.spec.ts', 'e.spec.ts', 'f.spec.ts']);
  });

  it('runs every file once, a file not yet measured weighing the mean, and a file measured but gone not at all', () => {
    const seconds = { 'long.spec.ts': 300, 'short.spec.ts': 100, 'removed.spec.ts': 900 };
    const files = ['long.spec.ts', 'short.spec.ts', 'new.spec.ts', 'new.spec.ts'];
    const shares = call<Share[]>('balancedShards', files, seconds, 2);
    expect(shares.flatMap((share) => share.files).sort()).toEqual(['long.spec.ts', 'new.spec.ts', 'short.spec.ts']);
    // The mean of the files to run that were measured: (300 + 100) / 2.
    expect(shares.map((share) => share.seconds).sort((x, y) => x - y)).toEqual([300, 300]);
  });

  it('with no table at all, shares the files by count', () => {
    const files = ['a.spec.ts', 'b.spec.ts', 'c.spec.ts', 'd.spec.ts', 'e.spec.ts'];
    const shares = call<Share[]>('balancedShards', files, {}, 2);
    expect(shares.map((share) => share.files.length).sort()).toEqual([2, 3]);
  });

  it('sums a run\'s timings per file, every attempt counted, and reads a table back (none when it is missing or broken)', () => {
    const timings = [
      { name: 'mail.spec.ts > Mail > arrives', ms: 1500 },
      { name: 'mail.spec.ts > Mail > down, then back', ms: 2_040 },
      { name: 'about.spec.ts > About > reads', ms: 333 },
    ];
    const seconds = call<Record<string, number>>('secondsPerFile', timings);
    expect(seconds).toEqual({ 'about.spec.ts': 0.3, 'mail.spec.ts': 3.5 });
    expect(Object.keys(seconds)).toEqual(['about.spec.ts', 'mail.spec.ts']);

    const folder = mkdtempSync(path.join(os.tmpdir(), 'journey-times-'));
    const table = path.join(folder, 'journey-times.json');
    writeFileSync(table, JSON.stringify({ measured: '2026-11-29', seconds }));
    expect(call('readJourneyTimes', table)).toEqual(seconds);
    writeFileSync(table, '{ not json');
    expect(call('readJourneyTimes', table)).toEqual({});
    expect(call('readJourneyTimes', path.join(folder, 'missing.json'))).toEqual({});
  });

  it('the committed table names only journey files that exist', () => {
    const table = call<Record<string, number>>('readJourneyTimes', path.join(ROOT, 'e2e/journey-times.json'));
    const files = execFileSync('ls', [path.join(ROOT, 'e2e/tests')], { encoding: 'utf8' }).split('\n');
    expect(Object.keys(table).length).toBeGreaterThan(10);
    for (const file of Object.keys(table)) expect(files).toContain(file);
  });
});
