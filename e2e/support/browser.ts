import type { PlaywrightTestConfig, PlaywrightWorkerOptions } from '@playwright/test';
import { CHROMIUM_FLAGS, chromiumPath, journeyChromiumPath } from '../../scripts/lib/chromium.cjs';

/**
 * For the files whose journeys judge a composed page before its first intent, at their top:
 * `test.use(FULL_CHROMIUM)`. The headless shell keeps its pointer at the page's top-left corner, so
 * every document it loads gets a trusted pointermove there, which the page rightly takes for a
 * visitor's first intent and starts its code. In the full browser, as on a visitor's screen with the
 * hand off the page, the pointer is only where a journey moves it (decision 0051).
 */
export const FULL_CHROMIUM: Pick<PlaywrightWorkerOptions, 'launchOptions'> = {
  launchOptions: { executablePath: chromiumPath(), args: [...CHROMIUM_FLAGS] },
};

/**
 * What every Playwright suite here shares: Debian's Chromium headless shell (decision 0051) with the
 * flags this machine needs (no sandbox as root, no network chatter: the only network is the local
 * one), one worker, one retry, a screenshot of a failure and a trace of its retry, and a desktop
 * viewport. A suite adds its folder, base URL and output place.
 */
export function browserSuite({ testDir, baseURL, outputDir }: { testDir: string; baseURL: string; outputDir: string }): PlaywrightTestConfig {
  return {
    testDir,
    timeout: 60_000,
    // A bound on waiting, not a speed target: a page's heading took past 10 s on a CI run whose
    // browser phase ran twice its usual time (two sites and two browsers on 2 cores).
    expect: { timeout: 20_000 },
    fullyParallel: false,
    workers: 1,
    // One retry: 90-odd journeys share a 2-core machine with the api, the database and the
    // emulator, and one stretched moment in one of them would otherwise stop a landing. But a test
    // that passes only on its retry is not simply green: the runner names it in its summary, and a
    // second one in the same run fails the run (FLAKY_ALLOWANCE in scripts/lib/test-report.mjs).
    retries: 1,
    forbidOnly: true,
    reporter: [['list'], ['json']],
    outputDir,
    use: {
      baseURL,
      actionTimeout: 15_000,
      navigationTimeout: 30_000,
      // A trace costs every test its recording (a screencast and a snapshot per action): about a
      // sixth of the journeys' time on this 2-core machine. It is recorded for a retry, which a
      // failed test gets; E2E_TRACE=retain-on-failure records every test to keep a flaky first attempt's.
      trace: process.env['E2E_TRACE'] === 'retain-on-failure' ? 'retain-on-failure' : 'on-first-retry',
      screenshot: 'only-on-failure',
      launchOptions: {
        executablePath: journeyChromiumPath(),
        args: [...CHROMIUM_FLAGS],
      },
    },
    projects: [{ name: 'chromium', use: { browserName: 'chromium', viewport: { width: 1280, height: 800 } } }],
  };
}
