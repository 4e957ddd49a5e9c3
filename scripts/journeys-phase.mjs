// The `browser` phase of scripts/test.mjs: the Playwright journeys (e2e/tests) against whole seeded
// sites on test ports. The run's Auth Emulator and Mailpit (the test profile's) must be up.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { log, run, sideBySide } from './lib/processes.mjs';
import { NO_RATE_LIMITS, ROOT, demoPhotoCache, seed, startApi, startAuthEmulator, startFerretDb, startFrontEnds, startMailpit, warmFirstPages } from './lib/services.mjs';
import { portsOf } from './lib/workspace.mjs';
import { playwrightSuite } from './lib/playwright-suite.mjs';
import { startMailRelay } from './lib/mail-relay.mjs';
import { JOURNEY_TIMES_FILE, balancedShards, journeySpecFiles, readJourneyTimes, secondsPerFile } from './lib/journey-shards.mjs';

/**
 * The journeys' workers. Each is a whole seeded site of its own (database, Auth Emulator, Mailpit and
 * the relay before it, api, front ends) on a port profile of its own, and runs its share of the
 * journey files: the journeys compare pages with the api and the database and sign in as the demo
 * members, so no two workers share them. The first worker uses the run's Auth Emulator and Mailpit.
 * Three by default: their journeys wait on mail, timers and outages, and two left the machine a fifth
 * idle (decision 0054). E2E_WORKERS=1 or 2 runs fewer; E2E_GREP runs every journey on one site.
 */
const JOURNEY_PROFILES = ['test', 'journeys', 'journeys3'];

function journeyWorkerCount(plan) {
  if (process.env.E2E_GREP) return 1;
  const wanted = /^[1-3]$/.test(process.env.E2E_WORKERS ?? '') ? Number(process.env.E2E_WORKERS) : JOURNEY_PROFILES.length;
  // With --affected, no more workers than journey files.
  return plan && plan.journeys !== 'all' ? Math.max(1, Math.min(wanted, plan.journeys.length)) : wanted;
}

/**
 * The seeded sites, the journeys on each side by side, and their reports read as one suite (pushed
 * onto `results`). `logs`: the run's log folder, the first worker's; the others' folders are added to
 * `extraLogDirs`. `plan`: the --affected plan, or null for every journey.
 */
export async function journeysSuite({ work, logs, offset, plan, results, extraLogDirs }) {
  const count = journeyWorkerCount(plan);
  // The other sites seed once the first has: they copy its processed plates instead of making them
  // again at the same time on the same two cores (a whole seed is half a minute of encoding).
  let firstSeeded;
  const seeded = new Promise((resolve) => (firstSeeded = resolve));
  // Each worker's files: shares of about equal measured time (docs/decisions/0037).
  const shares = count > 1 ? balancedShards(journeyFiles(plan), readJourneyTimes(path.join(ROOT, JOURNEY_TIMES_FILE)), count) : [];
  if (shares.length > 0) log(`journeys shared by measured time: ${shares.map((share) => `${share.files.length} files, ${Math.round(share.seconds / 60)} min`).join(' / ')}`);
  const workers = JOURNEY_PROFILES.slice(0, count).map((profile, index) => {
    const suffix = index === 0 ? '' : `-${index + 1}`;
    const logDir = index === 0 ? logs : path.join(work, `logs${suffix}`);
    if (index > 0) extraLogDirs.push(logDir);
    const out = path.join(work, `playwright${suffix}.json`);
    // Each worker's traces and screenshots of failures in a folder of its own (a run empties its folder first).
    const traces = path.join(ROOT, 'test-results', `journeys-${index + 1}`);
    const seedAfter = index === 0 ? Promise.resolve() : seeded;
    const files = shares[index]?.files;
    return { index, count, plan, files, work, logDir, suffix, ports: portsOf(profile, offset), out, traces, seedAfter, seedDone: index === 0 ? firstSeeded : () => {} };
  });
  // Both starts settle before a failure is thrown: the other site is then whole, and stopped with the run's processes.
  const sites = await sideBySide(workers.map((worker) => () => journeySite(worker)));
  const outs = workers.map((worker) => worker.out);
  try {
    await playwrightSuite('browser journeys', outs, results, async () => {
      await sideBySide(workers.map((worker, index) => () => journeys(worker, sites[index])));
    });
  } finally {
    writeMeasuredTimes(plan, results.at(-1));
    for (const site of sites) await site.relay.close();
  }
}

/** The journey files to run (names under e2e/tests): the --affected plan's, or all of them. */
function journeyFiles(plan) {
  if (plan && plan.journeys !== 'all') return plan.journeys;
  return journeySpecFiles(path.join(ROOT, 'e2e'));
}

/**
 * After a run of every journey, each file's measured seconds to test-results/journey-times.json:
 * copied over e2e/journey-times.json, it shares the next runs out by them.
 */
function writeMeasuredTimes(plan, outcome) {
  if (plan || process.env.E2E_GREP || process.env.E2E_REPEAT || !outcome?.timings?.length) return;
  const measured = { measured: new Date().toISOString().slice(0, 10), seconds: secondsPerFile(outcome.timings) };
  mkdirSync(path.join(ROOT, 'test-results'), { recursive: true });
  writeFileSync(path.join(ROOT, 'test-results', 'journey-times.json'), `${JSON.stringify(measured, null, 2)}\n`);
}

/**
 * One worker's site: FerretDB, the demo seed, the relay to its Mailpit (a journey may stop the mail
 * server and start it again, e2e/tests/mail.spec.ts), the api and the front ends.
 */
async function journeySite({ index, ports, suffix, work, logDir, seedAfter, seedDone }) {
  if (index > 0) {
    await startAuthEmulator({ port: ports.auth, hubPort: ports.hub, loggingPort: ports.logging, workDir: path.join(work, `emulator${suffix}`), logDir });
    await startMailpit({ smtpPort: ports.mailSmtp, httpPort: ports.mailHttp, dataDir: path.join(work, `mailpit${suffix}`), logDir });
  }
  await startFerretDb({ port: ports.browser, dataDir: path.join(work, `ferretdb-browser${suffix}`), debugPort: ports.debugBrowser, logDir });
  const mongoUri = `mongodb://127.0.0.1:${ports.browser}/antiquarium`;
  const apiUrl = `http://localhost:${ports.api}`;
  const photosDir = path.join(work, `photos${suffix}`);
  await seedAfter;
  try {
    await seed({ mongoUri, authEmulatorPort: ports.auth, apiUrl, photosDir, photoCache: demoPhotoCache(work) });
  } finally {
    seedDone();
  }
  const relay = await startMailRelay({ port: ports.mailRelay, controlPort: ports.mailRelayControl, targetPort: ports.mailSmtp });
  await startApi({
    port: ports.api,
    mongoUri,
    authEmulatorPort: ports.auth,
    logDir,
    name: `api-browser${suffix}`,
    env: {
      NODE_ENV: 'test',
      ...NO_RATE_LIMITS,
      CORS_ORIGINS: `http://localhost:${ports.site}`,
      PUBLIC_API_URL: apiUrl,
      PHOTOS_DIR: photosDir,
      SMTP_URL: relay.smtpUrl,
      // The pictures the journeys serve from the test process, as pasted addresses (e2e/tests/photos.spec.ts).
      MEDIA_FETCH_ALLOW_HOSTS: `127.0.0.1:${ports.imageSource}`,
    },
  });
  const authEmulatorUrl = `http://127.0.0.1:${ports.auth}`;
  await startFrontEnds({ basePort: ports.site, framesBasePort: ports.frames, apiUrl, authEmulatorUrl, logDir, configDir: path.join(work, `site${suffix}`) });
  await warmFirstPages(`http://localhost:${ports.site}`);
  return { mongoUri, apiUrl, authEmulatorUrl, relay };
}

/** One worker's share of the journeys against its site. */
async function journeys({ index, count, plan, files, ports, out, traces }, { mongoUri, apiUrl, authEmulatorUrl, relay }) {
  // E2E_GREP runs only the journeys whose title matches (while working on some of them).
  const grep = process.env.E2E_GREP ? ['--grep', process.env.E2E_GREP] : [];
  // This worker's share of the files with several workers; else, with --affected, the journeys that
  // visit a route of an affected remote (or all of them).
  const chosen = files ?? (plan && plan.journeys !== 'all' ? plan.journeys : []);
  const specs = chosen.map((spec) => `tests/${spec}`);
  if (plan?.grepInvert) specs.push('--grep-invert', plan.grepInvert);
  // E2E_REPEAT=n runs each of them n times (to find a journey that fails now and then).
  const repeat = /^[1-9]\d?$/.test(process.env.E2E_REPEAT ?? '') ? ['--repeat-each', process.env.E2E_REPEAT] : [];
  await run('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts', ...specs, ...grep, ...repeat], {
    cwd: ROOT,
    prefix: count > 1 ? `[journeys ${index + 1}/${count}] ` : undefined,
    env: {
      SITE_URL: `http://localhost:${ports.site}`,
      API_URL: apiUrl,
      AUTH_EMULATOR_URL: authEmulatorUrl,
      MONGODB_URI: mongoUri,
      MAILPIT_URL: `http://127.0.0.1:${ports.mailHttp}`,
      MAIL_RELAY_URL: relay.controlUrl,
      IMAGE_SOURCE_PORT: String(ports.imageSource),
      PLAYWRIGHT_JSON_OUTPUT_NAME: out,
      PLAYWRIGHT_OUTPUT_DIR: traces,
    },
  });
}
