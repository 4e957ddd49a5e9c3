import type { AppConfig } from './env';

/**
 * What V8 favours, and when (decisions 0034, 0039):
 * - `size`: --optimize-for-size for the process's life. The heap grows little past what is live
 *   (at 100 000 artifacts about 300 MB resident at ready and after load), but V8 also compiles for
 *   size: every request costs about twice the CPU (a health probe 1 700 requests a second against
 *   3 500 at 32 connections) and the hot paths' p99 at 32 connections is 2-5 times the 50 ms budget.
 * - `size-then-speed`: the flag while the catalog is first built (the same memory at ready), then
 *   V8's defaults once it serves: p99 within 50 ms on most paths, but 360-500 MB after a load.
 * - `speed`: V8's defaults throughout.
 *
 * The flag cannot be given in NODE_OPTIONS (Node refuses it there), so the api sets it itself:
 * `setFlags` is v8.setFlagsFromString, which V8 reads when it next sizes the heap or compiles.
 */
export function heapMode(mode: AppConfig['heap'], setFlags: (flags: string) => void): { serving(): void } {
  if (mode !== 'speed') setFlags('--optimize-for-size');
  let served = false;
  return {
    /** The catalog's first build has ended (built, off or failed). */
    serving() {
      if (served || mode !== 'size-then-speed') return;
      served = true;
      setFlags('--no-optimize-for-size');
    },
  };
}
