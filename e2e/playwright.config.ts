import { defineConfig } from '@playwright/test';
import { browserSuite } from './support/browser';

// Journeys in Debian's Chromium against the running site (scripts/test.mjs starts it on test ports
// and sets these variables; the defaults are `npm start`'s). One worker: the journeys share one
// seeded database, and several compare a page with the api.
export default defineConfig(
  browserSuite({ testDir: './tests', baseURL: process.env['SITE_URL'] ?? 'http://localhost:4200', outputDir: '../test-results' }),
);
