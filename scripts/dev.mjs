// `npm start`: local services, seeded demo data, the api and the site; Ctrl-C stops everything.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { log, onInterrupt, run, startProcess, stopAll, waitFor, httpOk, assertPortFree } from './lib/processes.mjs';
import { ROOT, ensureFerretDb, startApi, startAuthEmulator, startFerretDb } from './lib/services.mjs';

const DATA = path.join(ROOT, 'data');
const LOGS = path.join(DATA, 'logs');
const ports = {
  api: Number(process.env.API_PORT ?? 3000),
  mongo: 27017,
  auth: 9099,
  shell: 4200,
  catalog: 4201,
  account: 4202,
  contribute: 4203,
};
const FRONT_ENDS = [
  ['shell', ports.shell],
  ['mfe-catalog', ports.catalog],
  ['mfe-account', ports.account],
  ['mfe-contribute', ports.contribute],
];

async function main() {
  onInterrupt(async (signal) => {
    log(`${signal}: stopping`);
    await stopAll();
    process.exit(0);
  });

  log('building (first run takes a few minutes)');
  if (!process.env.MONGODB_URI) await ensureFerretDb();
  await run('npx', ['nx', 'run-many', '-t', 'build', '--output-style=static'], { cwd: ROOT, env: { NX_DAEMON: 'false' } });

  let mongoUri = process.env.MONGODB_URI;
  if (!mongoUri) {
    await startFerretDb({ port: ports.mongo, dataDir: path.join(DATA, 'ferretdb'), debugPort: 8088, logDir: LOGS });
    mongoUri = `mongodb://127.0.0.1:${ports.mongo}/antiquarium`;
  } else {
    log('using MONGODB_URI from the environment');
  }
  await startAuthEmulator({
    port: ports.auth,
    hubPort: 4400,
    loggingPort: 4500,
    workDir: path.join(DATA, 'emulator'),
    dataDir: path.join(DATA, 'auth'),
    logDir: LOGS,
  });

  const mediaDir = path.join(DATA, 'media');
  const apiEnv = {
    NODE_ENV: 'development',
    PORT: String(ports.api),
    MONGODB_URI: mongoUri,
    FIREBASE_PROJECT_ID: 'demo-antiquarium',
    FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${ports.auth}`,
    MEDIA_DIR: mediaDir,
  };
  log('seeding demo data (only into an empty database)');
  await run(process.execPath, [path.join(ROOT, 'api/dist/seed/main.js')], { cwd: ROOT, env: apiEnv });
  await startApi({ port: ports.api, mongoUri, authEmulatorPort: ports.auth, mediaDir, logDir: LOGS });

  for (const [app, port] of FRONT_ENDS) {
    const dist = path.join(ROOT, app, 'dist');
    if (!existsSync(path.join(dist, app === 'shell' ? 'index.html' : 'mf-manifest.json'))) continue;
    await assertPortFree(port, app);
    const entry = startProcess(app, process.execPath, [path.join(ROOT, 'scripts/serve-static.mjs'), dist, String(port), ...(app === 'shell' ? ['--spa'] : ['--cors'])], {
      cwd: ROOT,
      logDir: LOGS,
    });
    await waitFor(entry, `${app} on ${port}`, () => httpOk(`http://127.0.0.1:${port}/`), 20000);
  }

  log('');
  log(`site:  http://localhost:${ports.shell}`);
  log(`api:   http://localhost:${ports.api}  (docs: http://localhost:${ports.api}/docs)`);
  log(`logs:  ${LOGS}`);
  log('demo accounts: see README.md. Press Ctrl-C to stop.');
}

main().catch(async (error) => {
  console.error(`[antiquarium] start failed: ${error.message}`);
  await stopAll();
  process.exit(1);
});
