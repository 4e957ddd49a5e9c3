// The demo site the bench measures, seeded by the real seed: (a) bytes per route (bytes.mjs) and (b)
// Lighthouse (lighthouse.mjs) run against it.
import path from 'node:path';
import { memberApi, verifiedAccount } from '../lib/firebase-session.mjs';
import { stopProcess } from '../lib/processes.mjs';
import { NO_RATE_LIMITS, seed, startApi, startAuthEmulator, startFrontEnds, warmFirstPages } from '../lib/services.mjs';

export async function withSite(ctx, fn) {
  const { ports, work, logs } = ctx;
  const auth = await startAuthEmulator({
    port: ports.auth,
    hubPort: ports.hub,
    loggingPort: ports.logging,
    workDir: path.join(work, 'emulator'),
    logDir: logs,
  });
  const mongoUri = `mongodb://127.0.0.1:${ports.sqlite}/bench_demo`;
  const apiUrl = `http://localhost:${ports.apiSite}`;
  const siteUrl = `http://localhost:${ports.site}`;
  const photosDir = path.join(work, 'photos');
  // SEED_PHOTO_CACHE: set by npm test's bench smoke, which shares its run's processed plates.
  await seed({ mongoUri, authEmulatorPort: ports.auth, apiUrl, photosDir, photoCache: process.env.SEED_PHOTO_CACHE });
  const api = await startApi({
    port: ports.apiSite,
    mongoUri,
    authEmulatorPort: ports.auth,
    logDir: logs,
    name: 'api-site',
    env: { ...NO_RATE_LIMITS, CORS_ORIGINS: siteUrl, SWAGGER: 'off', PHOTOS_DIR: photosDir, PUBLIC_API_URL: apiUrl },
  });
  const frontEnds = await startFrontEnds({
    basePort: ports.site,
    framesBasePort: ports.frames,
    apiUrl,
    authEmulatorUrl: `http://127.0.0.1:${ports.auth}`,
    logDir: logs,
    configDir: path.join(work, 'site'),
  });
  try {
    // Measured as a visitor after a deploy meets it: the first compositions of a cold server can
    // pass their budget and send the page plain (docs/decisions/0010), which is not what is judged.
    await warmFirstPages(siteUrl);
    return await fn({ siteUrl, apiUrl });
  } finally {
    for (const entry of frontEnds.reverse()) await stopProcess(entry);
    await stopProcess(api);
    await stopProcess(auth);
  }
}

/**
 * A public collection's page to measure (issue 28: it is composed as the first pages are), made
 * through the api by a curator of the bench's own: the 12 most liked artifacts, one annotated.
 * The curator's email is verified as an administrator would (the Auth Emulator's owner credential),
 * since writes need it. Made again on each run: the bench's database is its own.
 */
export async function publicCollectionPath(config) {
  const account = await verifiedAccount(config.authEmulatorUrl, config.firebase, { email: 'curator@antiquarium.test', password: 'Curator-1', displayName: 'Bench Curator' });
  const call = memberApi(config.apiUrl, account.idToken);
  const artifacts = await call('GET', '/artifacts?sort=likes&limit=12');
  const { id } = await call('POST', '/collections', { title: 'Objects of the ancient table', description: 'What people ate from, drank from and cooked in.', visibility: 'public' });
  await call('PUT', `/collections/${id}/items`, artifacts.map((artifact, index) => ({ artifactId: artifact._id, note: index === 0 ? 'The most liked of them.' : '' })));
  return `/collections/${id}`;
}
