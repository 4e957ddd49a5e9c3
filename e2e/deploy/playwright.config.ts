import { defineConfig } from '@playwright/test';

// The deployment suite, run by `node scripts/test.mjs --only=deploy`: that phase builds
// every piece as its Dockerfile does and starts the back end; the specs serve the front ends
// themselves (support/site.ts), because they stop, redeploy and restart them. Chromium as in
// e2e/playwright.config.ts.
export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  timeout: 90_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  // One worker: the specs share one set of front-end servers and stop them in turn.
  workers: 1,
  retries: 0,
  forbidOnly: true,
  reporter: [['list'], ['json']],
  outputDir: '../../test-results/deploy',
  use: {
    baseURL: process.env['SITE_URL'] ?? 'http://localhost:4500',
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium', viewport: { width: 1280, height: 800 } } }],
});
