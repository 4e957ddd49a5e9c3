import { spawnSync } from 'node:child_process';
import { heapMode, servingGrowthPercent } from './heap-mode';

/** The flags each mode gives V8: at start, and once the catalog serves (told twice). */
function flagsOf(mode: 'size' | 'size-then-speed' | 'speed'): { atStart: string[]; serving: string[] } {
  const flags: string[] = [];
  const heap = heapMode(mode, (flag) => flags.push(flag), () => 150);
  const atStart = [...flags];
  heap.serving();
  heap.serving();
  return { atStart, serving: flags.slice(atStart.length) };
}

describe('heapMode', () => {
  test('size: V8 optimizes for size for the process\'s life', () => {
    expect(flagsOf('size')).toEqual({ atStart: ['--optimize-for-size'], serving: [] });
  });

  test('size-then-speed: for size while the catalog is built, then compiled for speed with the heap\'s growth capped (once)', () => {
    expect(flagsOf('size-then-speed')).toEqual({ atStart: ['--optimize-for-size'], serving: ['--no-optimize-for-size', '--heap-growing-percent=33'] });
  });

  test('speed: V8 keeps its defaults throughout', () => {
    expect(flagsOf('speed')).toEqual({ atStart: [], serving: [] });
  });

  test('the growth once serving leaves the old generation room up to 200 MB: at least 30%, at most 300%', () => {
    expect([20, 50, 100, 150, 180, 400].map(servingGrowthPercent)).toEqual([300, 300, 100, 33, 30, 30]);
  });

  test('every flag a mode gives is one this Node\'s V8 knows (it ignores others silently at run time)', () => {
    const flags = new Set((['size', 'size-then-speed', 'speed'] as const).flatMap((mode) => Object.values(flagsOf(mode)).flat()));
    expect(flags.size).toBeGreaterThanOrEqual(3);
    for (const flag of flags) expect(spawnSync(process.execPath, [flag, '-e', '0'], { encoding: 'utf8' })).toMatchObject({ status: 0, stderr: '' });
  });
});
