import type { AppConfig } from './env';

/**
 * How far the heap may grow past what was live at the last full collection once the api serves
 * under `size-then-speed`. V8's own factor is chosen from the collector's speed against the
 * program's, between 1.1 and 4: the same load left 331 MB resident after it in one run and 672 MB
 * in the next (100 000 artifacts, about 140 MB live, decision 0040). The factor is set once the
 * catalog is built, from the heap then in use: room for the old generation to reach
 * SERVING_HEAP_ROOM_MB, never less than 30% (a full collection every ten seconds or so under the
 * bench's load at 100 000 artifacts: 334 MB after it) nor more than V8's own 300%. A small catalog
 * keeps room to spare (30% of 50 MB put p99 at 2 000 artifacts from 22-40 to 39-74 ms).
 */
export const SERVING_HEAP_ROOM_MB = 200;

export function servingGrowthPercent(usedHeapMb: number): number {
  const room = Math.round((SERVING_HEAP_ROOM_MB / Math.max(usedHeapMb, 1) - 1) * 100);
  return Math.min(300, Math.max(30, room));
}

/**
 * What V8 favours, and when (decisions 0034, 0039, 0040):
 * - `size-then-speed` (the default): `--optimize-for-size` while the catalog is first built, then
 *   code compiled for speed with the heap's growth capped (servingGrowthPercent). At 100 000
 *   artifacts: 265-290 MB resident at ready, 324-358 after a load, p99 at 32 connections 17-72 ms
 *   (most paths within 50 ms in every run, one path over in some).
 * - `size`: the flag for the process's life. The heap grows little past what is live, but V8 also
 *   compiles for size: every request costs about twice the CPU (a health probe 1 700 requests a
 *   second against 3 500 at 32 connections), and p99 at 32 connections is 2-5 times the budget.
 * - `speed`: V8's defaults throughout (the heap grows as V8 chooses).
 *
 * The flag cannot be given in NODE_OPTIONS (Node refuses it there), so the api sets it itself:
 * `setFlags` is v8.setFlagsFromString, which V8 reads when it next sizes the heap or compiles;
 * `usedHeapMb` reads the heap in use (MB) when the api starts serving.
 */
export function heapMode(mode: AppConfig['heap'], setFlags: (flags: string) => void, usedHeapMb: () => number): { serving(): void } {
  if (mode !== 'speed') setFlags('--optimize-for-size');
  let served = false;
  return {
    /** The catalog's first build has ended (built, off or failed). */
    serving() {
      if (served || mode !== 'size-then-speed') return;
      served = true;
      setFlags('--no-optimize-for-size');
      setFlags(`--heap-growing-percent=${servingGrowthPercent(usedHeapMb())}`);
    },
  };
}
