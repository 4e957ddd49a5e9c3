import { heapMode } from './heap-mode';

/** The flags each mode gives V8: at start, and once the catalog serves (told twice). */
function flagsOf(mode: 'size' | 'size-then-speed' | 'speed'): { atStart: string[]; serving: string[] } {
  const flags: string[] = [];
  const heap = heapMode(mode, (flag) => flags.push(flag));
  const atStart = [...flags];
  heap.serving();
  heap.serving();
  return { atStart, serving: flags.slice(atStart.length) };
}

describe('heapMode', () => {
  test('size: V8 optimizes for size for the process\'s life', () => {
    expect(flagsOf('size')).toEqual({ atStart: ['--optimize-for-size'], serving: [] });
  });

  test('size-then-speed: for size while the catalog is built, V8\'s defaults once it serves (once)', () => {
    expect(flagsOf('size-then-speed')).toEqual({ atStart: ['--optimize-for-size'], serving: ['--no-optimize-for-size'] });
  });

  test('speed: V8 keeps its defaults throughout', () => {
    expect(flagsOf('speed')).toEqual({ atStart: [], serving: [] });
  });
});
