// `npm test`: every check and test suite of the workspace, against real local services.
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, existsSync, readdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { log, onInterrupt, run, sideBySide, stopAll, stopProcess } from './lib/processes.mjs';
import { NO_RATE_LIMITS, ROOT, ensureFerretDb, ensureMailpit, ensureSeaweedFs, freshPostgresDatabase, startApi, startAuthEmulator, startFerretDb, startMailpit, startSeaweedS3 } from './lib/services.mjs';
import { deploySuite } from './deploy-phase.mjs';
import { journeysSuite } from './journeys-phase.mjs';
import { portsOf } from './lib/workspace.mjs';
import { benchSmoke } from './lib/bench-smoke.mjs';
import { catalogOffIgnoreArgs } from './lib/api-specs.mjs';
import { affectedPlan, plannedPhases, staticCommands } from './lib/affected.mjs';
import { jestProblems, jestTimings, summaryOf } from './lib/test-report.mjs';
import { cpuShareBetween, readCpuLine } from './lib/cpu-share.mjs';

// Test ports differ from the start command's, so the tests can run while the site is up.
// TEST_PORT_OFFSET shifts them all, so that two runs can share a machine.
const OFFSET = Number(process.env.TEST_PORT_OFFSET ?? 0);
const PORTS = portsOf('test', OFFSET);
const work = mkdtempSync(path.join(os.tmpdir(), 'antiquarium-test-'));
const LOGS = path.join(work, 'logs');
// The logs of the journeys' other workers' services, printed with LOGS' when the run fails.
const EXTRA_LOG_DIRS = [];
const results = [];
// The main api's release deploy token, new every run (the suite sends it; the low-limit apis have none).
const RELEASE_DEPLOY_TOKEN = randomBytes(24).toString('hex');
// The key of the release telemetry's tickets, new every run and shared by every api of the suite
// (a ticket one instance gave is read by any other; the suite signs expired ones with it).
const RELEASE_TELEMETRY_SECRET = randomBytes(24).toString('hex');
// `node scripts/test.mjs --only=unit,api` runs some phases (static, unit, api, bench-smoke, resilience, browser, deploy); all by default.
const ALL_PHASES = ['static', 'unit', 'api', 'bench-smoke', 'resilience', 'browser', 'deploy'];
// `--affected [--base <ref>]` runs only what the changes against <ref> (default main) touch (scripts/lib/affected.mjs).
const { values: args } = parseArgs({ options: { only: { type: 'string' }, affected: { type: 'boolean' }, base: { type: 'string', default: 'main' } } });
const plan = args.affected ? affectedPlan(ROOT, args.base) : null;
const phases = new Set(args.only ? args.only.split(',') : plan ? plannedPhases(plan) : ALL_PHASES);
const unknownPhases = [...phases].filter((phase) => !ALL_PHASES.includes(phase));
if (unknownPhases.length > 0) throw new Error(`unknown phase ${unknownPhases.join(', ')} (phases: ${ALL_PHASES.join(', ')})`);

/** How long each phase took and how busy it kept the machine, for the summary. */
const phaseTimes = [];
async function timed(phase, work) {
  const started = Date.now();
  const cpuBefore = readCpuLine();
  try {
    return await work();
  } finally {
    const share = cpuShareBetween(cpuBefore, readCpuLine());
    phaseTimes.push(`${phase} ${((Date.now() - started) / 60_000).toFixed(1)} min${share ? ` (${share})` : ''}`);
  }
}

/** A Jest run, its report pushed onto `results`; `prefix` before each line of its output (suites that run side by side). */
async function jest(label, args, env = {}, { allowNone = false, prefix } = {}) {
  const out = path.join(work, `${label.replace(/\W+/g, '-')}.json`);
  let failure;
  try {
    await run('npx', ['jest', '--ci', '--json', `--outputFile=${out}`, ...args], { cwd: ROOT, env, prefix });
  } catch (error) {
    failure = error;
  }
  if (existsSync(out)) {
    const report = JSON.parse(readFileSync(out, 'utf8'));
    results.push({ label, passed: report.numPassedTests, failed: report.numFailedTests, skipped: report.numPendingTests, problems: jestProblems(report), timings: jestTimings(report, ROOT) });
    if (report.numTotalTests === 0 && !allowNone) throw new Error(`${label}: no test ran`);
  } else {
    results.push({ label, passed: 0, failed: 1, skipped: 0 });
  }
  if (failure) throw failure;
}

/**
 * A suite's Mailpit, on its profile's ports: the main api of the suite sends its mail there (the
 * browser suite's through a relay it can stop, scripts/lib/mail-relay.mjs), and the tests read what
 * arrived through Mailpit's API (MAILPIT_URL).
 */
const mailOf = (ports) => ({ smtpUrl: `smtp://127.0.0.1:${ports.mailSmtp}`, inboxUrl: `http://127.0.0.1:${ports.mailHttp}` });

/**
 * The api's HTTP suite against one FerretDB, on a port profile (`ports`: the api instances, the
 * image source, the metrics and the Mailpit it sends to). With `catalog: 'off'` the main instance serves lists
 * from the database (CATALOG_MAX_ARTIFACTS=0: the path past the catalog's size limit) and the tests
 * that need the catalog's own features say so (API_CATALOG=off). Only the main instance has a mail
 * server: it sends what any instance of the suite writes to the outbox they share.
 */
async function apiSuite(label, { ports, mongoPort, debugPort, postgresUrl, authPort, catalog = 'on', s3, prefix }) {
  const mail = mailOf(ports);
  const ferret = await startFerretDb({ port: mongoPort, dataDir: path.join(work, `ferretdb-${label}`), postgresUrl, debugPort, logDir: LOGS });
  const mongoUri = `mongodb://127.0.0.1:${mongoPort}/antiquarium_test`;
  // Every instance of this suite tells the others about its writes on a channel of this run's own.
  const run = `antiquarium-test:${OFFSET}:${label}:${Date.now()}:`;
  const changes = { REDIS_URL: 'redis://127.0.0.1:6379', CHANGES_CHANNEL: `${run}changes` };
  // Where the photos and the uploads in progress live: folders, or (on the SQLite run, when S3 is
  // given) a bucket of the machine's S3-compatible server. Every instance of this suite shares
  // them, as it shares the database (and as instances behind one load balancer do): an upload
  // begun on one is resumed, processed or swept by another (api/test/photo-uploads.e2e-spec.ts).
  const storage = {
    UPLOADS_DIR: path.join(work, `api-${label}-uploads`),
    ...(s3 ? { PHOTO_STORE: 's3', ...s3 } : { PHOTOS_DIR: path.join(work, `api-${label}-photos`) }),
  };
  // The main instance's photos, and the pictures of pasted addresses from the test process; a media
  // folder as the demo seed fills it (api/test/iiif.e2e-spec.ts writes pictures there).
  const media = {
    ...storage,
    PUBLIC_API_URL: `http://127.0.0.1:${ports.api}`,
    MEDIA_FETCH_ALLOW_HOSTS: `127.0.0.1:${ports.imageSource}`,
    MEDIA_DIR: path.join(work, `media-${label}`),
  };
  mkdirSync(media.MEDIA_DIR, { recursive: true });
  const api = await startApi({
    port: ports.api,
    mongoUri,
    authEmulatorPort: authPort,
    logDir: LOGS,
    name: `api-${label}`,
    // JSON logs and metrics as in production, so the suite can search the one and read the other.
    env: {
      NODE_ENV: 'test',
      ...NO_RATE_LIMITS,
      ...changes,
      ...(catalog === 'off' ? { CATALOG_MAX_ARTIFACTS: '0' } : {}),
      RATE_LIMIT_PREFIX: `${run}main:`,
      LOG_FORMAT: 'json',
      METRICS_PORT: String(ports.apiMetrics),
      CORS_ORIGINS: 'http://localhost:4200,http://127.0.0.1:4200',
      RELEASE_DEPLOY_TOKEN,
      RELEASE_TELEMETRY_SECRET,
      ...media,
      SMTP_URL: mail.smtpUrl,
    },
  });
  // Low limits, counters in Redis under a prefix of this run's own, the loopback proxy trusted (the
  // tests choose their client address): two instances sharing one budget, and one whose Redis is
  // not there (it must keep serving on its own counters). A media folder of one file, whose
  // downloads count against the client budget too; the twin alone has the deploy token (the
  // deploy-token guard's failed-auth budget), the first keeps release changes turned off.
  const mediaDir = path.join(work, `media-limited-${label}`);
  mkdirSync(mediaDir, { recursive: true });
  writeFileSync(path.join(mediaDir, 'probe.txt'), 'probe');
  const limits = {
    NODE_ENV: 'test',
    WRITE_RATE_LIMIT: '5',
    CLIENT_RATE_LIMIT: '30',
    FAILED_AUTH_RATE_LIMIT: '4',
    TELEMETRY_RATE_LIMIT: '4',
    REPORT_RATE_LIMIT: '3',
    CONTACT_RATE_LIMIT: '3',
    RELEASE_TELEMETRY_SECRET,
    TRUSTED_PROXY: 'loopback',
    RECONCILE_ON_START: 'off',
    SWAGGER: 'off',
    MEDIA_DIR: mediaDir,
    // 1 MiB of photos per member: the quota's refusal; the main instance's photo storage.
    PHOTO_QUOTA_BYTES: String(1024 * 1024),
    ...storage,
  };
  const shared = { ...limits, ...changes, RATE_LIMIT_PREFIX: `${run}rate:` };
  const limited = [
    await startApi({ port: ports.apiLimited, mongoUri, authEmulatorPort: authPort, logDir: LOGS, name: `api-limited-${label}`, env: shared }),
    await startApi({ port: ports.apiLimitedTwin, mongoUri, authEmulatorPort: authPort, logDir: LOGS, name: `api-limited-twin-${label}`, env: { ...shared, RELEASE_DEPLOY_TOKEN } }),
    await startApi({
      port: ports.apiNoRedis,
      mongoUri,
      authEmulatorPort: authPort,
      logDir: LOGS,
      name: `api-no-redis-${label}`,
      // A port of the test profile where nothing listens: it hears the others' writes from the
      // change log, read every second here (api/test/catalog-changes.e2e-spec.ts).
      env: { ...limits, REDIS_URL: `redis://127.0.0.1:${ports.closedRedis}`, CATALOG_REFRESH_MS: '1000' },
    }),
  ];
  try {
    // API_TEST_PATH runs only the spec files whose path matches (while working on some of them).
    const only = process.env.API_TEST_PATH ? [process.env.API_TEST_PATH] : [];
    const ignore = catalog === 'off' ? catalogOffIgnoreArgs(path.join(ROOT, 'api/test')) : [];
    await jest(`api over HTTP (${label})`, ['-c', 'api/jest.e2e.config.cjs', ...only, ...ignore], {
      RATE_LIMITED_API_URL: `http://127.0.0.1:${ports.apiLimited}`,
      RATE_LIMITED_TWIN_URL: `http://127.0.0.1:${ports.apiLimitedTwin}`,
      NO_REDIS_API_URL: `http://127.0.0.1:${ports.apiNoRedis}`,
      METRICS_URL: `http://127.0.0.1:${ports.apiMetrics}/metrics`,
      API_LOG_FILE: path.join(LOGS, `api-${label}.log`),
      API_URL: `http://127.0.0.1:${ports.api}`,
      IMAGE_SOURCE_PORT: String(ports.imageSource),
      // What the main instance was given for photos: tests run the media command with it.
      API_MEDIA_ENV: JSON.stringify({ ...media, ...changes }),
      MONGODB_URI: mongoUri,
      FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${authPort}`,
      FIREBASE_PROJECT_ID: 'demo-antiquarium',
      API_CATALOG: catalog,
      RELEASE_DEPLOY_TOKEN,
      RELEASE_TELEMETRY_SECRET,
      MAILPIT_URL: mail.inboxUrl,
      MAILPIT_SMTP_URL: mail.smtpUrl,
    }, { prefix });
  } finally {
    for (const instance of limited) await stopProcess(instance);
    await stopProcess(api);
    await stopProcess(ferret);
  }
}

// API_SUITES=sqlite,postgresql,sqlite-database-path picks some of the three (all by default).
const API_SUITES = new Set(phases.has('api') ? (process.env.API_SUITES ?? 'sqlite,postgresql,sqlite-database-path').split(',') : []);

/** The api suite on the SQLite handler, photos in S3, on the `test` profile. */
const sqliteLane = {
  wanted: () => API_SUITES.has('sqlite'),
  async run() {
    // This run keeps its photos in a bucket of a real S3-compatible server (SeaweedFS), the others
    // in a folder: the api's two photo stores, each under the whole suite.
    log('api suite on FerretDB (SQLite handler), photos in S3 (SeaweedFS)');
    await ensureSeaweedFs();
    const bucket = 'antiquarium-test-photos';
    const seaweed = await startSeaweedS3({ basePort: PORTS.s3, dataDir: path.join(work, 'seaweedfs'), logDir: LOGS, bucket });
    const s3 = { S3_ENDPOINT: seaweed.endpoint, S3_BUCKET: bucket, S3_ACCESS_KEY_ID: 'antiquarium-test', S3_SECRET_ACCESS_KEY: 'antiquarium-test' };
    try {
      await timed('api (sqlite, S3)', () => apiSuite('sqlite', { ports: PORTS, mongoPort: PORTS.mongo, debugPort: PORTS.debug, authPort: PORTS.auth, s3, prefix: '[api sqlite] ' }));
    } finally {
      await stopProcess(seaweed.entry);
    }
  },
};

/**
 * The api suite with the catalog off (SQLite handler), on the `testCatalogOff` profile with its own
 * Mailpit, then the bench smoke: the shortest suite (it leaves out the specs that never reach an
 * artifact) and the bench smoke take about as long as each of the other two suites.
 */
const catalogOffLane = {
  wanted: () => API_SUITES.has('sqlite-database-path') || phases.has('bench-smoke'),
  async run() {
    if (API_SUITES.has('sqlite-database-path')) {
      log('api suite with the catalog off: lists from the database, as past CATALOG_MAX_ARTIFACTS (SQLite handler)');
      const ports = portsOf('testCatalogOff', OFFSET);
      const mailpit = await startMailpit({ smtpPort: ports.mailSmtp, httpPort: ports.mailHttp, dataDir: path.join(work, 'mailpit-catalog-off'), logDir: LOGS, name: 'mailpit-catalog-off' });
      try {
        const suite = { ports, mongoPort: ports.mongo, debugPort: ports.debug, authPort: PORTS.auth, catalog: 'off', prefix: '[api catalog off] ' };
        await timed('api (catalog off)', () => apiSuite('sqlite-database-path', suite));
      } finally {
        await stopProcess(mailpit);
      }
    }
    if (phases.has('bench-smoke')) {
      log('bench smoke: the benchmark\'s code paths on tiny data (no timing is judged)');
      await timed('bench smoke', () => benchSmoke({ work, offset: OFFSET, results, prefix: '[bench smoke] ' }));
    }
  },
};

/** The api suite on the PostgreSQL handler (its own profile and Mailpit). */
const postgresqlLane = {
  wanted: () => API_SUITES.has('postgresql'),
  async run() {
    log('api suite on FerretDB (PostgreSQL handler)');
    const ports = portsOf('testPostgresql', OFFSET);
    const postgresUrl = await freshPostgresDatabase(`antiquarium_test_${OFFSET}`);
    const mailpit = await startMailpit({ smtpPort: ports.mailSmtp, httpPort: ports.mailHttp, dataDir: path.join(work, 'mailpit-postgresql'), logDir: LOGS, name: 'mailpit-postgresql' });
    try {
      const suite = { ports, mongoPort: ports.mongo, debugPort: ports.debug, postgresUrl, authPort: PORTS.auth, prefix: '[api postgresql] ' };
      await timed('api (postgresql)', () => apiSuite('postgresql', suite));
    } finally {
      await stopProcess(mailpit);
    }
  },
};

/**
 * The resilience tests start, kill and restart their own FerretDB and api processes (the
 * `resilience` profile); only the Auth Emulator is shared. Their process logs go to LOGS.
 */
async function resilience() {
  log('resilience: hostile input, database and identity outages, crashes, graceful shutdown');
  // RESILIENCE_TEST_PATH runs only the spec files whose path matches (while working on some of them).
  const only = process.env.RESILIENCE_TEST_PATH ? [process.env.RESILIENCE_TEST_PATH] : [];
  const env = { FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${PORTS.auth}`, FIREBASE_PROJECT_ID: 'demo-antiquarium', RESILIENCE_LOG_DIR: LOGS };
  await timed('resilience', () => jest('api resilience', ['-c', 'api/jest.resilience.config.cjs', ...only], env, { prefix: '[resilience] ' }));
}

async function main() {
  onInterrupt(async () => {
    await stopAll();
    process.exit(130);
  });
  if (plan) log(`affected against ${args.base}: ${plan.folders.join(', ') || 'no project'}; phases ${[...phases].join(', ')}; journeys ${plan.journeys === 'all' ? 'all' : plan.journeys.length}`);
  await ensureFerretDb();
  if (phases.has('static')) {
    log('build, typecheck and lint');
    const commands = plan
      ? staticCommands(ROOT, plan)
      : [
          ['npx', ['nx', 'run-many', '-t', 'build', 'typecheck', '--output-style=static']],
          ['npx', ['tsc', '-p', 'e2e/tsconfig.json']],
          ['npx', ['eslint', '.', '--max-warnings=0']],
        ];
    await timed('static', async () => {
      for (const [command, commandArgs] of commands) await run(command, commandArgs, { cwd: ROOT, env: { NX_DAEMON: 'false' } });
    });
  }
  if (phases.has('unit')) {
    log('unit and component tests');
    // With --affected, the tests of the files changed and of what imports them (Jest's own graph).
    await timed('unit', async () => {
      await jest('unit', plan ? ['--changedSince', args.base, '--passWithNoTests'] : [], {}, { allowNone: Boolean(plan) });
      // The one Go program of ours: the index it gives FerretDB's SQLite tables (scripts/ferretdb-id-index).
      if (!plan || plan.files.some((file) => file.startsWith('scripts/ferretdb-id-index/'))) {
        await run('go', ['test', './...'], { cwd: path.join(ROOT, 'scripts/ferretdb-id-index'), prefix: '[go] ' });
      }
    });
  }
  // Every piece built and started as its image does, on its own ports (scripts/deploy-phase.mjs).
  const deploy = async () => {
    log('deployment: images, compose file, redeploy, failure isolation, singletons, api scale-out');
    await timed('deploy', () => deploySuite({ work, logs: LOGS, offset: OFFSET, results }));
  };
  if (!phases.has('api') && !phases.has('bench-smoke') && !phases.has('resilience') && !phases.has('browser')) {
    if (phases.has('deploy')) await deploy();
    return;
  }

  const auth = await startAuthEmulator({
    port: PORTS.auth,
    hubPort: PORTS.hub,
    loggingPort: PORTS.logging,
    workDir: path.join(work, 'emulator'),
    logDir: LOGS,
  });
  // The resilience tests wait on restarts and outages (the machine half idle while they run
  // alone): they run beside the deployment phase and then beside the api lanes, on ports of their
  // own (decisions 0052, 0053). The browser phase waits for them: its journeys are the run's most
  // sensitive to load. `resilienceEnded` settles with their failure (or null), never rejects.
  const resilienceEnded = phases.has('resilience') ? resilience().then(() => null, (error) => error) : Promise.resolve(null);
  const held = { mailpit: null };
  try {
    await mainTrack(deploy, resilienceEnded, held);
  } catch (error) {
    // What the resilience tests started is whole before the run stops it.
    await resilienceEnded;
    throw error;
  } finally {
    if (held.mailpit) await stopProcess(held.mailpit);
    await stopProcess(auth);
  }
}

/**
 * After the unit tests, beside the resilience tests: the deployment phase, the api suites and the
 * bench smoke in three lanes, then (once the resilience tests have ended) the browser journeys.
 * `held.mailpit`: the run's Mailpit once started, for the caller to stop.
 */
async function mainTrack(deploy, resilienceEnded, held) {
  if (phases.has('deploy')) await deploy();
  if (phases.has('api') || phases.has('browser')) {
    await ensureMailpit();
    held.mailpit = await startMailpit({ smtpPort: PORTS.mailSmtp, httpPort: PORTS.mailHttp, dataDir: path.join(work, 'mailpit'), logDir: LOGS });
  }
  // The api suites and the bench smoke in three lanes side by side (decisions 0038, 0055), each on
  // ports of its own, sharing only the Auth Emulator, whose users every test makes anew.
  const lanes = [sqliteLane, postgresqlLane, catalogOffLane].filter((lane) => lane.wanted());
  if (lanes.length > 0) await timed('api and bench smoke in three lanes', () => sideBySide(lanes.map((lane) => lane.run)));
  const resilienceError = await resilienceEnded;
  if (resilienceError) throw resilienceError;
  if (phases.has('browser')) {
    log('browser journeys (Chromium) against the seeded site');
    // The seeded sites and the journeys against them (scripts/journeys-phase.mjs).
    await timed('browser', () => journeysSuite({ work, logs: LOGS, offset: OFFSET, plan, results, extraLogDirs: EXTRA_LOG_DIRS }));
  }
}

function summary() {
  const { lines, total } = summaryOf(results, phaseTimes);
  for (const line of lines) log(line);
  return total;
}

main().then(
  async () => {
    await stopAll();
    const total = summary();
    rmSync(work, { recursive: true, force: true });
    console.log(`${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
    process.exit(total.failed > 0 ? 1 : 0);
  },
  async (error) => {
    console.error(`[antiquarium] tests failed: ${error.message}`);
    await stopAll();
    for (const dir of [LOGS, ...EXTRA_LOG_DIRS].filter((each) => existsSync(each))) {
      for (const file of readdirSync(dir)) {
        const text = readFileSync(path.join(dir, file), 'utf8');
        console.error(`----- last lines of ${path.relative(work, path.join(dir, file))} -----\n${text.split('\n').slice(-40).join('\n')}`);
      }
    }
    // Last, where a truncated CI log still shows it: each phase's counts and its failed tests.
    console.error(`[antiquarium] tests failed: ${error.message}`);
    const total = summary();
    console.log(`${total.passed} passed, ${Math.max(total.failed, 1)} failed, ${total.skipped} skipped`);
    process.exit(1);
  },
);
