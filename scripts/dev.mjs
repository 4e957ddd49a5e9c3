// `npm start`: local services, seeded demo data, the api and the site; Ctrl-C stops everything.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { log, onInterrupt, run, stopAll } from './lib/processes.mjs';
import { chooseRedis } from './lib/redis.mjs';
import { ROOT, ensureFerretDb, ensureMailpit, seed, startApi, startAuthEmulator, startFerretDb, startFrontEnds, startMailpit } from './lib/services.mjs';
import { portsOf } from './lib/workspace.mjs';

const DATA = path.join(ROOT, 'data');
const LOGS = path.join(DATA, 'logs');
/** START_PORT_OFFSET shifts every port (a second checkout, or a measured fresh clone beside a running site). */
function startOffset() {
  const value = process.env.START_PORT_OFFSET ?? '0';
  if (!/^\d{1,5}$/.test(value) || Number(value) > 40000) throw new Error('START_PORT_OFFSET must be a whole number from 0 to 40000');
  return Number(value);
}
const PORTS = portsOf('start', startOffset());
/** The local release registry's deploy credential: made once, kept out of the repository (data/). */
const LOCAL_DEPLOY_TOKEN_FILE = path.join(DATA, 'release-deploy-token');

function localDeployToken() {
  if (process.env.RELEASE_DEPLOY_TOKEN) return process.env.RELEASE_DEPLOY_TOKEN;
  if (!existsSync(LOCAL_DEPLOY_TOKEN_FILE)) {
    mkdirSync(DATA, { recursive: true });
    writeFileSync(LOCAL_DEPLOY_TOKEN_FILE, randomBytes(24).toString('hex'), { mode: 0o600 });
  }
  return readFileSync(LOCAL_DEPLOY_TOKEN_FILE, 'utf8').trim();
}

async function main() {
  onInterrupt(async (signal) => {
    log(`${signal}: stopping`);
    await stopAll();
    process.exit(0);
  });

  log('building (the first run takes a few minutes)');
  // The front ends and the api build while FerretDB's and Mailpit's builds (started by scripts/start.sh) finish.
  await Promise.all([
    process.env.MONGODB_URI ? undefined : ensureFerretDb(),
    process.env.SMTP_URL ? undefined : ensureMailpit(),
    run('npx', ['nx', 'run-many', '-t', 'build', '--output-style=static'], { cwd: ROOT, env: { NX_DAEMON: 'false' } }),
  ]);

  let mongoUri = process.env.MONGODB_URI;
  if (mongoUri) {
    log('using MONGODB_URI from the environment');
  } else {
    await startFerretDb({ port: PORTS.mongo, dataDir: path.join(DATA, 'ferretdb'), debugPort: PORTS.debug, logDir: LOGS });
    mongoUri = `mongodb://127.0.0.1:${PORTS.mongo}/antiquarium`;
  }
  await startAuthEmulator({
    port: PORTS.auth,
    hubPort: PORTS.hub,
    loggingPort: PORTS.logging,
    workDir: path.join(DATA, 'emulator'),
    dataDir: path.join(DATA, 'auth'),
    logDir: LOGS,
  });

  // The api's mail goes to Mailpit (its inbox kept in data/mailpit), unless SMTP_URL names a server.
  let smtpUrl = process.env.SMTP_URL;
  let mailInbox;
  if (smtpUrl) {
    log('using SMTP_URL from the environment');
  } else {
    await startMailpit({ smtpPort: PORTS.mailSmtp, httpPort: PORTS.mailHttp, dataDir: path.join(DATA, 'mailpit'), logDir: LOGS });
    smtpUrl = `smtp://127.0.0.1:${PORTS.mailSmtp}`;
    mailInbox = `http://localhost:${PORTS.mailHttp}`;
  }

  // A database seeded before the demo's pictures were photos names files of data/media: still served.
  const mediaDir = path.join(DATA, 'media');
  const apiUrl = `http://localhost:${PORTS.api}`;
  // Members' photos kept under data/, written with the address visitors reach the api at.
  const photoFolders = { UPLOADS_DIR: path.join(DATA, 'uploads'), PHOTOS_DIR: path.join(DATA, 'photos'), PUBLIC_API_URL: apiUrl };
  log('seeding demo data (only into an empty database)');
  await seed({ mongoUri, authEmulatorPort: PORTS.auth, apiUrl, photosDir: photoFolders.PHOTOS_DIR });
  const redis = await chooseRedis({ root: ROOT });
  log(redis.says);
  // The site's own origin, shifted with START_PORT_OFFSET (the api's default names port 4200 only),
  // unless the environment names the origins itself.
  const site = process.env.CORS_ORIGINS ? {} : { CORS_ORIGINS: `http://localhost:${PORTS.site}, http://127.0.0.1:${PORTS.site}` };
  await startApi({ port: PORTS.api, mongoUri, authEmulatorPort: PORTS.auth, mediaDir, logDir: LOGS, env: { RELEASE_DEPLOY_TOKEN: localDeployToken(), SMTP_URL: smtpUrl, ...site, ...redis.env, ...photoFolders } });
  await startFrontEnds({
    basePort: PORTS.site,
    framesBasePort: PORTS.frames,
    apiUrl,
    authEmulatorUrl: `http://127.0.0.1:${PORTS.auth}`,
    logDir: LOGS,
    configDir: path.join(DATA, 'site'),
    releasesDir: process.env.RELEASES_DIR ?? path.join(ROOT, '.releases'),
  });

  log('');
  log(`site:  http://localhost:${PORTS.site}`);
  log(`api:   ${apiUrl}  (docs: ${apiUrl}/docs)`);
  if (mailInbox) log(`mail:  ${mailInbox}  (every mail the api sends, in Mailpit's inbox)`);
  log(`logs:  ${LOGS}`);
  log(`releases: npm run release -- status (deploy credential in ${path.relative(ROOT, LOCAL_DEPLOY_TOKEN_FILE)})`);
  log('demo accounts: see README.md (password Relic-2026). Press Ctrl-C to stop.');
}

main().catch(async (error) => {
  console.error(`[antiquarium] start failed: ${error.message}`);
  await stopAll();
  process.exit(1);
});
