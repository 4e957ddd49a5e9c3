import { ApiRequestError, isAbortError, uploadStatus } from '@antiquarium/api-client';
import type { UploadStatus } from '@antiquarium/contracts';
import { PHOTO_TEXTS } from './photo-texts';

/** The first look comes at once (a small photo may be done already), then every second, backing off to 5 s. */
export const POLL = { firstMs: 1000, factor: 1.5, maxMs: 5000, giveUpMs: 3 * 60_000 } as const;

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(new DOMException('Stopped', 'AbortError'));
      },
      { once: true },
    );
  });
}

/**
 * Asks the api about an upload until it is ready or failed. A lost answer is asked again; a refusal
 * (4xx) ends the wait with its message, and so does a wait past POLL.giveUpMs.
 */
export async function waitUntilProcessed(id: string, signal: AbortSignal, now: () => number = Date.now): Promise<UploadStatus> {
  const start = now();
  let wait = 0;
  for (;;) {
    if (wait > 0) await pause(wait, signal);
    try {
      const status = await uploadStatus(id, { signal });
      if (status.state !== 'processing') return status;
    } catch (error) {
      if (isAbortError(error) || (error instanceof ApiRequestError && error.status >= 400 && error.status < 500)) throw error;
    }
    if (now() - start > POLL.giveUpMs) throw new Error(PHOTO_TEXTS.tooLong);
    wait = wait === 0 ? POLL.firstMs : Math.min(wait * POLL.factor, POLL.maxMs);
  }
}
