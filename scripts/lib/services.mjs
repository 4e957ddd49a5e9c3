// The local services: FerretDB (MongoDB protocol), the Firebase Auth Emulator, Mailpit (mail) and the api.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { assertPortFree, httpOk, log, portAnswers, run, startProcess, waitFor } from './processes.mjs';
import { FRONT_ENDS } from './workspace.mjs';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const PROJECT_ID = 'demo-antiquarium';
const BIN = path.join(ROOT, 'node_modules/.bin');

export async function ensureFerretDb() {
  await run('bash', [path.join(ROOT, 'scripts/ensure-ferretdb.sh')]);
}

/**
 * FerretDB with the SQLite handler (data in `dataDir`) or the PostgreSQL handler (`postgresUrl`).
 * `debugPort` must differ between two instances on one machine.
 */
export async function startFerretDb({ port, dataDir, postgresUrl, debugPort, logDir }) {
  await assertPortFree(port, 'FerretDB');
  mkdirSync(dataDir, { recursive: true });
  const handler = postgresUrl
    ? ['--handler=postgresql', `--postgresql-url=${postgresUrl}`]
    : ['--handler=sqlite', `--sqlite-url=file:${dataDir}/`];
  const ferretDb = [
    path.join(ROOT, '.tools/bin/ferretdb'),
    ...handler,
    `--listen-addr=127.0.0.1:${port}`,
    `--debug-addr=127.0.0.1:${debugPort}`,
    `--state-dir=${dataDir}`,
    '--telemetry=disable',
    '--log-level=warn',
  ];
  // On SQLite, ferretdb-id-index runs beside it in its process group (stopped with it), giving each
  // table the index FerretDB's lookups by _id can use (docs/decisions/0042-ferretdb-id-lookup-index.md).
  const [command, ...args] = postgresUrl
    ? ferretDb
    : ['bash', '-c', '"$1" --dir "$2" & shift 2; exec "$@"', 'ferretdb', path.join(ROOT, '.tools/bin/ferretdb-id-index'), dataDir, ...ferretDb];
  const entry = startProcess(`ferretdb-${port}`, command, args, { cwd: dataDir, logDir });
  await waitFor(entry, `port ${port}`, () => portAnswers(port), 30000);
  log(`FerretDB (${postgresUrl ? 'PostgreSQL' : 'SQLite'}) on 127.0.0.1:${port}`);
  return entry;
}

/** Builds SeaweedFS into .tools/bin once (scripts/ensure-seaweedfs.sh), or waits for the build under way. */
export async function ensureSeaweedFs() {
  await run('bash', [path.join(ROOT, 'scripts/ensure-seaweedfs.sh')]);
}

/**
 * SeaweedFS in one process (`weed mini`: master, volume, filer and the S3 gateway), on loopback, with
 * `bucket` made at start. It takes the ten ports from `basePort` (master, volume, filer, S3, admin,
 * then their gRPC ports); the extras it would open elsewhere are turned off. With no
 * identities configured its S3 gateway takes any credentials: the api's tests and compose's demo.
 */
export async function startSeaweedS3({ basePort, dataDir, logDir, bucket }) {
  const s3Port = basePort + 3;
  await assertPortFree(s3Port, 'SeaweedFS S3');
  mkdirSync(dataDir, { recursive: true });
  const entry = startProcess(
    `seaweedfs-${s3Port}`,
    path.join(ROOT, '.tools/bin/weed'),
    [
      'mini',
      `-dir=${dataDir}`,
      '-ip=127.0.0.1',
      '-ip.bind=127.0.0.1',
      `-master.port=${basePort}`,
      `-volume.port=${basePort + 1}`,
      `-filer.port=${basePort + 2}`,
      `-s3.port=${s3Port}`,
      `-admin.port=${basePort + 4}`,
      // Each gRPC port named too: by default each is its HTTP port + 10000, inside Linux's range of
      // outbound ports (32768 and up), where a connection of another process can take it first.
      `-master.port.grpc=${basePort + 5}`,
      `-volume.port.grpc=${basePort + 6}`,
      `-filer.port.grpc=${basePort + 7}`,
      `-s3.port.grpc=${basePort + 8}`,
      `-admin.port.grpc=${basePort + 9}`,
      '-admin.port.legacy=0',
      '-admin.ui=false',
      '-webdav=false',
      '-s3.port.iceberg=0',
      '-s3.port.lance=0',
      `-bucket=${bucket}`,
    ],
    { cwd: dataDir, logDir },
  );
  const endpoint = `http://127.0.0.1:${s3Port}`;
  // Ready once the bucket answers (the gateway lists it only after the filer has made it).
  await waitFor(entry, `SeaweedFS S3 on ${s3Port}`, async () => (await fetch(`${endpoint}/${bucket}`, { method: 'HEAD' }).catch(() => null))?.status === 200, 60000);
  log(`SeaweedFS S3 on ${endpoint} (bucket ${bucket})`);
  return { entry, endpoint };
}

/** Builds Mailpit into .tools/bin once (scripts/install.sh's install_mailpit), or waits for the build under way. */
export async function ensureMailpit() {
  await run('bash', ['-c', 'set -euo pipefail; source scripts/install.sh; install_mailpit'], { cwd: ROOT });
}

/**
 * Mailpit, the local mail server: SMTP on `smtpPort` taking any sender and recipient (with or without
 * credentials: the api's SMTP_URL may carry some), its web inbox and REST API (`/api/v1/...`) on
 * `httpPort`, both on loopback; the messages in `dataDir` (kept across runs when it is).
 */
export async function startMailpit({ smtpPort, httpPort, dataDir, logDir, name = 'mailpit' }) {
  await assertPortFree(smtpPort, 'Mailpit SMTP');
  await assertPortFree(httpPort, 'Mailpit web inbox');
  mkdirSync(dataDir, { recursive: true });
  const entry = startProcess(
    name,
    path.join(ROOT, '.tools/bin/mailpit'),
    [
      `--smtp=127.0.0.1:${smtpPort}`,
      `--listen=127.0.0.1:${httpPort}`,
      `--database=${path.join(dataDir, 'mailpit.db')}`,
      '--smtp-auth-accept-any',
      '--smtp-auth-allow-insecure',
      '--disable-version-check',
      '--quiet',
    ],
    { cwd: dataDir, logDir },
  );
  await waitFor(entry, `Mailpit on ${httpPort}`, () => httpOk(`http://127.0.0.1:${httpPort}/readyz`), 30000);
  log(`Mailpit: SMTP on 127.0.0.1:${smtpPort}, inbox on http://localhost:${httpPort}`);
  return entry;
}

/** The Auth Emulator, offline and quiet; users kept in `dataDir` when given. */
export async function startAuthEmulator({ port, hubPort, loggingPort, workDir, dataDir, logDir }) {
  await assertPortFree(port, 'Auth Emulator');
  mkdirSync(workDir, { recursive: true });
  const config = path.join(workDir, 'firebase.json');
  writeFileSync(
    config,
    JSON.stringify({
      emulators: {
        auth: { host: '127.0.0.1', port },
        hub: { host: '127.0.0.1', port: hubPort },
        logging: { host: '127.0.0.1', port: loggingPort },
        ui: { enabled: false },
        singleProjectMode: true,
      },
    }),
  );
  const args = ['emulators:start', '--only', 'auth', '--project', PROJECT_ID, '--config', config];
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true });
    args.push('--import', dataDir, '--export-on-exit', dataDir);
  }
  const entry = startProcess('auth-emulator', path.join(BIN, 'firebase'), args, {
    cwd: workDir,
    logDir,
    // SIGINT lets the emulator export its users before it exits.
    stopSignal: 'SIGINT',
    env: { CI: 'true', NO_UPDATE_NOTIFIER: '1', FIREBASE_CLI_DISABLE_UPDATE_CHECK: '1', FIREBASE_SKIP_UPDATE_CHECK: '1' },
  });
  await waitFor(entry, `the Auth Emulator on ${port}`, () => httpOk(`http://127.0.0.1:${port}/`), 180000);
  log(`Auth Emulator on 127.0.0.1:${port} (project ${PROJECT_ID})`);
  return entry;
}

/** Creates an empty PostgreSQL database for FerretDB's PostgreSQL handler (drops it first). */
export async function freshPostgresDatabase(name) {
  const psql = ['-h', '127.0.0.1', '-U', 'postgres', '-v', 'ON_ERROR_STOP=1', '-q'];
  await run('psql', [...psql, '-c', `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`]);
  await run('psql', [...psql, '-c', `CREATE DATABASE ${name}`]);
  return `postgres://postgres@127.0.0.1:5432/${name}`;
}

/**
 * For instances that tests, benchmarks and soaks drive far harder than a person would, all from one
 * address: the limits themselves are proven by the api suite's own low-limit instances.
 */
export const NO_RATE_LIMITS = { WRITE_RATE_LIMIT: '1000000', CLIENT_RATE_LIMIT: '1000000000', FAILED_AUTH_RATE_LIMIT: '1000000', REPORT_RATE_LIMIT: '1000000', CONTACT_RATE_LIMIT: '1000000' };

/**
 * The api process's allocator setting, as its image has it (deploy/Dockerfile): glibc's default of
 * eight arenas per core let the photo worker's encoders hold 327 MB at peak, two hold 275 MB
 * (docs/performance.md, "Photos").
 */
export const API_PROCESS_ENV = { MALLOC_ARENA_MAX: '2' };

/** `readyMs`: how long the api may take to load its catalog (a bench's 100 000 artifacts take longer); `nodeArgs`: Node's own options (e.g. `--cpu-prof`, which NODE_OPTIONS refuses). */
export async function startApi({ port, mongoUri, authEmulatorPort, mediaDir, logDir, env = {}, name = 'api', readyMs = 60000, nodeArgs = [] }) {
  await assertPortFree(port, 'api');
  const entry = startProcess(name, process.execPath, [...nodeArgs, path.join(ROOT, 'api/dist/main.js')], {
    cwd: ROOT,
    logDir,
    env: {
      NODE_ENV: 'development',
      ...API_PROCESS_ENV,
      PORT: String(port),
      MONGODB_URI: mongoUri,
      FIREBASE_PROJECT_ID: PROJECT_ID,
      FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${authEmulatorPort}`,
      ...(mediaDir ? { MEDIA_DIR: mediaDir } : {}),
      // Each instance's own uploads and photo files beside its logs, unless the caller shares them.
      UPLOADS_DIR: path.join(logDir, '..', `${name}-uploads`),
      PHOTOS_DIR: path.join(logDir, '..', `${name}-photos`),
      PUBLIC_API_URL: `http://127.0.0.1:${port}`,
      ...env,
    },
  });
  // Ready, not just alive: the database answers and the catalog has loaded (lists served from it).
  await waitFor(entry, `the api on ${port}`, () => httpOk(`http://127.0.0.1:${port}/health/ready`), readyMs);
  log(`api on http://127.0.0.1:${port}`);
  return entry;
}


/**
 * Runs the demo seed (users in the emulator; artifacts, with their pictures kept as photos, into an
 * empty database). `photosDir` and `apiUrl` are the api's PHOTOS_DIR and PUBLIC_API_URL: the seed
 * stores the photos' files where that api serves them from, and writes their addresses with its own.
 * `photoCache`: a folder shared by the run's seeds (demoPhotoCache).
 */
export async function seed({ mongoUri, authEmulatorPort, apiUrl, photosDir, photoCache }) {
  await run(process.execPath, [path.join(ROOT, 'api/dist/seed/main.js')], {
    cwd: ROOT,
    env: {
      NODE_ENV: 'development',
      MONGODB_URI: mongoUri,
      FIREBASE_PROJECT_ID: PROJECT_ID,
      FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${authEmulatorPort}`,
      PUBLIC_API_URL: apiUrl,
      PHOTOS_DIR: photosDir,
      ...(photoCache ? { SEED_PHOTO_CACHE: photoCache } : {}),
    },
  });
}

/**
 * Where the seeds of one run keep the plates they processed, for the next seed of the run
 * (api/src/seed/seed-photos.ts, PlateCache): the deploy phase's seed fills it, the journeys' sites copy.
 */
export function demoPhotoCache(work) {
  return path.join(work, 'demo-photo-cache');
}

/**
 * Serves the four built front ends, each by the production static server on its own port. The
 * shell's runtime configuration names the api, the emulator and the remotes' manifests.
 * `basePort` is the shell's; the remotes take the next ports, in workspace.json's order.
 * `framesBasePort`: a remote whose build renders frames (dist/server/frames.mjs) answers the shell's
 * server on framesBasePort + its index, and the shell composes first pages with it
 * (docs/decisions/0010); without it, no first page is composed. The frames ports listen on 127.0.0.1
 * and require a secret made for this run (FRAMES_SECRET), given to them and to the shell only.
 * `releasesDir`: where `npm run release -- publish` stores releases (<dir>/<remote>/<version>/).
 */
export async function startFrontEnds({ basePort, framesBasePort, apiUrl, authEmulatorUrl, logDir, configDir, releasesDir }) {
  const remotes = {};
  FRONT_ENDS.forEach((piece, index) => {
    if (piece.role === 'remote') remotes[piece.name] = `http://localhost:${basePort + index}/mf-manifest.json`;
  });
  mkdirSync(configDir, { recursive: true });
  const runtimeConfig = path.join(configDir, 'runtime-config.json');
  writeFileSync(
    runtimeConfig,
    JSON.stringify({
      apiUrl,
      authEmulatorUrl,
      firebase: { apiKey: 'demo-api-key', authDomain: `${PROJECT_ID}.firebaseapp.com`, projectId: PROJECT_ID },
      remotes,
    }),
  );
  const framesEnv = {};
  if (framesBasePort) {
    FRONT_ENDS.forEach((piece, index) => {
      if (piece.role === 'remote' && existsSync(path.join(ROOT, piece.folder, 'dist/server/frames.mjs'))) framesEnv[piece.framesVariable] = `http://127.0.0.1:${framesBasePort + index}`;
    });
  }
  const framesSecret = Object.keys(framesEnv).length > 0 ? { FRAMES_SECRET: randomBytes(32).toString('base64url') } : {};
  // The remotes first: the shell's server asks them for frames from its first request on.
  const order = [...FRONT_ENDS.entries()].sort(([, a], [, b]) => Number(a.role === 'host') - Number(b.role === 'host'));
  const entries = [];
  for (const [index, piece] of order) {
    const port = basePort + index;
    await assertPortFree(port, piece.folder);
    const args = [path.join(ROOT, 'deploy/serve-static.mjs'), path.join(ROOT, piece.folder, 'dist'), String(port)];
    if (piece.role === 'host') args.push('--spa', '--runtime-config', runtimeConfig);
    else args.push('--cors');
    // Each remote's published releases (`npm run release`), served at /releases/<version>/.
    if (piece.role === 'remote' && releasesDir) args.push('--releases', path.join(releasesDir, piece.name));
    const frames = piece.role === 'remote' ? framesEnv[piece.framesVariable] : undefined;
    if (frames) {
      await assertPortFree(framesBasePort + index, `${piece.folder} frames`);
      args.push('--frames-port', String(framesBasePort + index));
    }
    const env = piece.role === 'host' ? { ...framesEnv, ...framesSecret, API_INTERNAL_URL: apiUrl, SITE_ORIGIN: `http://localhost:${basePort}` } : frames ? framesSecret : {};
    const entry = startProcess(piece.folder, process.execPath, args, { cwd: ROOT, logDir, env });
    await waitFor(entry, `${piece.folder} on ${port}`, () => portAnswers(port), 20000);
    entries.push(entry);
  }
  log(`site on http://localhost:${basePort} (remotes on ${basePort + 1}-${basePort + FRONT_ENDS.length - 1})`);
  return entries;
}

/** A composed first page carries its frame (FRAME_ATTRIBUTE of libs/contracts/src/first-page.ts). */
const COMPOSED = /\sdata-aq-frame[\s=>]/;

/**
 * Asks the shell's server for the first pages until it composes them, as a load balancer's warm-up
 * would: its first compositions read the api and the frames cold, and with two sites starting on two
 * cores they can pass the composer's budget, when it sends the page plain (docs/decisions/0010).
 * The journeys and the bench's visits then open a composed page from a warm server, as a visitor
 * after a deploy's warm-up does. A page still plain after the tries is only logged: what opens it
 * says what it means.
 */
export async function warmFirstPages(site) {
  for (const route of ['/', '/all-artifacts']) {
    let composed = false;
    for (let attempt = 0; attempt < 10 && !composed; attempt += 1) {
      const response = await fetch(`${site}${route}`, { signal: AbortSignal.timeout(10_000) }).catch(() => null);
      composed = response?.ok === true && COMPOSED.test(await response.text());
      if (!composed) await new Promise((resolve) => setTimeout(resolve, 500));
    }
    if (!composed) log(`${site}${route} was not composed after 10 tries (going on)`);
  }
}
