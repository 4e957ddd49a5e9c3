// The `deploy` phase of scripts/test.mjs: builds every piece as docker-compose.yml does (without
// Docker: scripts/lib/containers.cjs), checks the shared singletons of those builds, starts the back
// end from the images' own start commands (the Auth Emulator, two api instances over one FerretDB,
// seeded), then runs the Playwright suite e2e/deploy, which serves the front ends itself (it stops,
// redeploys and restarts them). Its own ports: the `deploy` profile of workspace.json, shifted by
// TEST_PORT_OFFSET.
import { randomBytes } from 'node:crypto';
import { cpSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildImage, dockerBuildCommand, killRecorded, openImage, startContainer } from './lib/containers.cjs';
import { log, run, stopProcess } from './lib/processes.mjs';
import { NO_RATE_LIMITS, PROJECT_ID, ROOT, demoPhotoCache, startFerretDb } from './lib/services.mjs';
import { FRONT_ENDS, REMOTES, portsOf } from './lib/workspace.mjs';
import { playwrightSuite } from './lib/playwright-suite.mjs';

/** The site's images: one Dockerfile, a target per kind of piece (a remote's names its folder). */
const DOCKERFILE = 'deploy/Dockerfile';

/**
 * Every piece and its build (Dockerfile, target, build arguments), as docker-compose.yml builds it
 * (e2e/deploy/containers.spec.ts checks that they agree); the front ends' order (workspace.json)
 * gives their ports.
 */
export const PIECES = {
  ...Object.fromEntries(
    FRONT_ENDS.map((piece) => [
      piece.name,
      piece.role === 'host' ? { dockerfile: DOCKERFILE, target: 'shell' } : { dockerfile: DOCKERFILE, target: 'remote', args: { REMOTE: piece.folder } },
    ]),
  ),
  api: { dockerfile: DOCKERFILE, target: 'api' },
  'auth-emulator': { dockerfile: 'deploy/auth-emulator/Dockerfile' },
};

function buildImages(dir) {
  const images = {};
  for (const [piece, build] of Object.entries(PIECES)) {
    const started = Date.now();
    const image = buildImage(build, path.join(dir, 'images', piece), { log: path.join(dir, 'build.log') });
    images[piece] = { build: image.build, dir: image.dir, extraPath: image.extraPath };
    log(`image ${piece} built as \`${dockerBuildCommand(build)}\` does (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  }
  return images;
}

/** Checks the shared singletons of the built front ends (scripts/check-shared-versions.mjs), as one result. */
async function checkSharedVersions(images, results) {
  log('deploy: shared singletons of the built front ends');
  try {
    await run(process.execPath, [
      path.join(ROOT, 'scripts/check-shared-versions.mjs'),
      '--shell', path.join(images.shell.dir, 'shell/dist'),
      ...REMOTES.flatMap((remote) => ['--remote', path.join(images[remote.name].dir, remote.folder, 'dist')]),
    ]);
    results.push({ label: 'deploy: shared versions of the built images', passed: 1, failed: 0, skipped: 0 });
  } catch (error) {
    results.push({ label: 'deploy: shared versions of the built images', passed: 0, failed: 1, skipped: 0 });
    throw error;
  }
}

/** The Auth Emulator, started as its image does. */
async function startAuthEmulator(emulatorImage, logs, port) {
  // Its image has no JRE: first on its PATH, a `java` that leaves a mark if anything calls it
  // (e2e/deploy/containers.spec.ts checks there is none).
  const noJava = path.join(emulatorImage.dir, 'no-java');
  mkdirSync(noJava, { recursive: true });
  writeFileSync(path.join(noJava, 'java'), '#!/bin/sh\necho "java $*" >> "$TMPDIR/java-called"\nexit 1\n', { mode: 0o755 });
  emulatorImage.extraPath = [noJava, ...emulatorImage.extraPath];
  const emulator = await startContainer(emulatorImage, {
    name: 'deploy-auth-emulator',
    logDir: logs,
    timeoutMs: 180_000,
    env: {
      FIREBASE_PROJECT_ID: PROJECT_ID,
      AUTH_EMULATOR_HOST: '127.0.0.1',
      AUTH_EMULATOR_PORT: String(port.auth),
      EMULATOR_HUB_PORT: String(port.hub),
      EMULATOR_LOGGING_PORT: String(port.logging),
    },
  });
  log(`deploy: Auth Emulator on 127.0.0.1:${port.auth}, started as its image does`);
  return emulator;
}

/**
 * The demo data, seeded by the api image's own seed script. Its photos go to the first instance's
 * folder and are copied to the second's: compose shares one object store, these instances a folder each.
 */
async function seedDatabase(apiImage, { dir, mongoUri, port, apiUrl, photoCache }) {
  await run(process.execPath, ['api/dist/seed/main.js'], {
    cwd: apiImage.dir,
    env: {
      NODE_ENV: 'development',
      MONGODB_URI: mongoUri,
      FIREBASE_PROJECT_ID: PROJECT_ID,
      FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${port.auth}`,
      PUBLIC_API_URL: apiUrl,
      PHOTOS_DIR: path.join(dir, 'photos-1'),
      SEED_PHOTO_CACHE: photoCache,
    },
  });
  cpSync(path.join(dir, 'photos-1'), path.join(dir, 'photos-2'), { recursive: true });
}

/**
 * One instance of the api image (`index` 0 or 1). Several instances share Redis, as README "Scaling
 * the api" asks: rate-limit counters and the catalog's change feed, on keys and a channel of this
 * run's own (`shared`).
 */
async function startApi(apiImage, index, { dir, logs, port, mongoUri, siteOrigin, mediaDir, deployToken, shared }) {
  const api = await startContainer(apiImage, {
    name: `deploy-api-${index + 1}`,
    logDir: logs,
    volumes: [path.join(dir, `uploads-${index + 1}`), path.join(dir, `photos-${index + 1}`)],
    env: {
      // `test`, not the image's `production`: the api refuses the Auth Emulator in production.
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port.api + index),
      MONGODB_URI: mongoUri,
      FIREBASE_PROJECT_ID: PROJECT_ID,
      FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${port.auth}`,
      CORS_ORIGINS: siteOrigin,
      MEDIA_DIR: mediaDir,
      // The volumes compose mounts for uploads in progress, and a photo folder per instance.
      UPLOADS_DIR: path.join(dir, `uploads-${index + 1}`),
      PHOTOS_DIR: path.join(dir, `photos-${index + 1}`),
      RELEASE_DEPLOY_TOKEN: deployToken,
      // The journeys' browsers reach the api through their own loopback proxy, which names each
      // visitor's address (a canary verdict counts distinct addresses: docs/decisions/0028).
      TRUSTED_PROXY: 'loopback',
      REDIS_URL: 'redis://127.0.0.1:6379',
      CHANGES_CHANNEL: `${shared}changes`,
      RATE_LIMIT_PREFIX: `${shared}rate:`,
      ...NO_RATE_LIMITS,
    },
  });
  log(`deploy: api ${index + 1} on http://127.0.0.1:${port.api + index}, started as its image does`);
  return api;
}

/** The Playwright suite e2e/deploy, given what it needs to find, serve and call the pieces. */
async function runJourneys({ env, dir, logs, port, imagesFile, siteOrigin, apiUrl, mongoUri, deployToken, results }) {
  const out = path.join(dir, 'playwright.json');
  await playwrightSuite('deploy journeys', out, results, async () => {
    // DEPLOY_GREP runs only the journeys whose title matches (while working on some of them).
    const grep = process.env.DEPLOY_GREP ? ['--grep', process.env.DEPLOY_GREP] : [];
    await run('npx', ['playwright', 'test', '-c', 'e2e/deploy/playwright.config.ts', ...grep], {
      cwd: ROOT,
      env: {
        ...env,
        DEPLOY_IMAGES: imagesFile,
        DEPLOY_WORK_DIR: dir,
        DEPLOY_LOG_DIR: logs,
        DEPLOY_SITE_PORT: String(port.site),
        DEPLOY_FRAMES_PORT: String(port.frames),
        // The frames ports' secret (FRAMES_SECRET), made for this run and given to the shell and the catalog.
        DEPLOY_FRAMES_SECRET: randomBytes(32).toString('base64url'),
        SITE_URL: siteOrigin,
        API_URL: apiUrl,
        API_URL_2: `http://localhost:${port.api + 1}`,
        AUTH_EMULATOR_URL: `http://127.0.0.1:${port.auth}`,
        MONGODB_URI: mongoUri,
        DOCKER_COMPOSE: path.join(ROOT, '.tools/bin/docker-compose'),
        RELEASE_DEPLOY_TOKEN: deployToken,
        PLAYWRIGHT_JSON_OUTPUT_NAME: out,
      },
    });
  });
}

export async function deploySuite({ work, logs, offset, results }) {
  const port = portsOf('deploy', offset);
  const dir = path.join(work, 'deploy');
  const pidFile = path.join(dir, 'pids');
  mkdirSync(dir, { recursive: true });
  await run('bash', ['-c', 'source scripts/install.sh && install_docker_compose'], { cwd: ROOT });

  log('deploy: building every piece from its Dockerfile');
  const images = buildImages(dir);
  const imagesFile = path.join(dir, 'images.json');
  writeFileSync(imagesFile, JSON.stringify(images, null, 2));

  await checkSharedVersions(images, results);

  const containers = [];
  const env = { DEPLOY_PID_FILE: pidFile };
  process.env.DEPLOY_PID_FILE = pidFile;
  // Interrupted: the runner stops its own processes; these are not among them.
  const onSignal = () => killRecorded(pidFile);
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  try {
    const ferret = await startFerretDb({ port: port.ferret, dataDir: path.join(dir, 'ferretdb'), debugPort: port.ferretDebug, logDir: logs });
    containers.push({ stop: () => stopProcess(ferret) });
    const mongoUri = `mongodb://127.0.0.1:${port.ferret}/antiquarium`;

    const open = (piece) => openImage(images[piece].build, images[piece].dir, images[piece].extraPath);
    const emulator = await startAuthEmulator(open('auth-emulator'), logs, port);
    containers.push(emulator);

    const siteOrigin = `http://localhost:${port.site}`;
    const apiUrl = `http://localhost:${port.api}`;
    const mediaDir = path.join(dir, 'media');
    const apiImage = open('api');
    await seedDatabase(apiImage, { dir, mongoUri, port, apiUrl, photoCache: demoPhotoCache(work) });
    // The release registry's deploy credential (docs/decisions/0008), new for every run.
    const deployToken = randomBytes(24).toString('hex');
    const shared = `antiquarium-deploy:${offset}:${Date.now()}:`;
    // Two instances of one image behind one database: the scale-out test uses both.
    for (const index of [0, 1]) {
      containers.push(await startApi(apiImage, index, { dir, logs, port, mongoUri, siteOrigin, mediaDir, deployToken, shared }));
    }
    await runJourneys({ env, dir, logs, port, imagesFile, siteOrigin, apiUrl, mongoUri, deployToken, results });
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    for (const container of containers.reverse()) await container.stop();
    const leftovers = killRecorded(pidFile);
    if (leftovers > 0) log(`deploy: stopped ${leftovers} process(es) a failed test left running`);
  }
}
