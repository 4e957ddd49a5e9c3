import { LONGEST_DELAY_MS, MAX_ATTEMPTS, retryDelayMs } from './retry-schedule';

const MINUTE = 60_000;

test('the wait grows 30 s, 1, 2, 5, 15, 30 min, 1 h, 2 h, then stays at 4 h', () => {
  expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 20].map(retryDelayMs)).toEqual([
    30_000,
    MINUTE,
    2 * MINUTE,
    5 * MINUTE,
    15 * MINUTE,
    30 * MINUTE,
    60 * MINUTE,
    120 * MINUTE,
    LONGEST_DELAY_MS,
    LONGEST_DELAY_MS,
    LONGEST_DELAY_MS,
  ]);
  expect(LONGEST_DELAY_MS).toBe(240 * MINUTE);
});

test('a mail is tried for about a day before it is given up', () => {
  let waited = 0;
  for (let failed = 1; failed < MAX_ATTEMPTS; failed += 1) waited += retryDelayMs(failed);
  expect(waited / 3_600_000).toBeGreaterThan(20);
  expect(waited / 3_600_000).toBeLessThan(30);
});

test('there is no wait before a first attempt', () => {
  for (const value of [0, -1, 1.5, Number.NaN]) expect(() => retryDelayMs(value)).toThrow(/1 or more/);
});
