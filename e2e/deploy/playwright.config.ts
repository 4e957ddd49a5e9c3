import { defineConfig } from '@playwright/test';
import { browserSuite } from '../support/browser';

// The deployment suite, run by `node scripts/test.mjs --only=deploy`: that phase builds every piece
// as its Dockerfile does and starts the back end; the specs serve the front ends themselves
// (support/site.ts), because they stop, redeploy and restart them, one spec at a time. Slower steps
// (builds of edited releases) get longer limits than the journeys.
const suite = browserSuite({ testDir: '.', baseURL: process.env['SITE_URL'] ?? 'http://localhost:4500', outputDir: '../../test-results/deploy' });

export default defineConfig({ ...suite, testMatch: '*.spec.ts', timeout: 90_000, expect: { timeout: 15_000 } });
