import { defineConfig } from '@playwright/test';
import { browserSuite } from './support/browser';

// Journeys in Debian's Chromium against the running site (scripts/test.mjs starts it on test ports
// and sets these variables; the defaults are `npm start`'s). One worker per site: the journeys share
// its seeded database, and several compare a page with the api. scripts/test.mjs runs three sites,
// each with its share of the files (decision 0054), and gives each its own output folder.
export default defineConfig({
  ...browserSuite({
    testDir: './tests',
    baseURL: process.env['SITE_URL'] ?? 'http://localhost:4200',
    outputDir: process.env['PLAYWRIGHT_OUTPUT_DIR'] ?? '../test-results',
  }),
  // The address of a seeded picture the journeys add artifacts with (support/demo-picture.ts).
  globalSetup: './support/global-setup.ts',
});
