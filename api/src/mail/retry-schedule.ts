/**
 * How long the worker waits before trying a mail again after its n-th failed attempt: 30 s, 1, 2,
 * 5, 15 and 30 min, 1, 2 h, then every 4 h. A mail server that is down for a few minutes costs a
 * few minutes; one down for a day is tried about every 4 h until MAX_ATTEMPTS.
 */
const DELAYS_MS = [30_000, 60_000, 2 * 60_000, 5 * 60_000, 15 * 60_000, 30 * 60_000, 3_600_000, 2 * 3_600_000];
export const LONGEST_DELAY_MS = 4 * 3_600_000;

/**
 * Attempts before a mail is given up ('failed', kept for operators): with the delays above, about
 * a day of trying (23.9 h from the first attempt to the last).
 */
export const MAX_ATTEMPTS = 14;

/** The wait after `failedAttempts` attempts (1 or more) have failed. */
export function retryDelayMs(failedAttempts: number): number {
  if (!Number.isInteger(failedAttempts) || failedAttempts < 1) throw new Error(`failedAttempts must be 1 or more, not ${failedAttempts}`);
  return DELAYS_MS[failedAttempts - 1] ?? LONGEST_DELAY_MS;
}
