import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import { describeImage, isIgnored, ROOT, startContainer } from '../../scripts/lib/containers.cjs';
import { DEPLOY, FRONT_ENDS, image } from './support/site';

const run = promisify(execFile);
const COMPOSE = process.env['DOCKER_COMPOSE'] ?? path.join(ROOT, '.tools/bin/docker-compose');

// Every front end of the workspace description (workspace.json) and the api: one image each, a
// target of the one Dockerfile (deploy/Dockerfile); the demo's Auth Emulator has its own.
const BUILT: readonly string[] = [...FRONT_ENDS, 'api'];
const ALL: readonly string[] = [...BUILT, 'auth-emulator'];

/** How the deploy phase built a piece's image (scripts/deploy-phase.mjs): Dockerfile, target, build arguments. */
function builtAs(piece: string) {
  const record = DEPLOY.images[piece];
  if (!record) throw new Error(`no image ${piece} in ${process.env['DEPLOY_IMAGES']}`);
  return { dockerfile: record.build.dockerfile, target: record.build.target, args: record.build.args ?? {} };
}

interface ComposeService {
  image?: string;
  build?: { context: string; dockerfile: string; target?: string; args?: Record<string, string> };
  environment?: Record<string, string | null>;
  ports?: { target: number; published: string }[];
  volumes?: { type: string; source: string; target: string }[];
  profiles?: string[];
  read_only?: boolean;
  depends_on?: Record<string, unknown>;
}

/** The frames ports' secret, as ops export it (never in a committed env file). */
const FRAMES_SECRET = 'a-frames-secret-exported-by-ops-0123456789';

/**
 * `docker compose config`, as ops would run it, with only the given variables (no .env; from the
 * shell only FRAMES_SECRET, unless `env` says otherwise).
 */
async function composeConfig(args: string[], env: Record<string, string> = { FRAMES_SECRET }) {
  const { stdout } = await run(COMPOSE, ['--project-directory', ROOT, '-f', path.join(ROOT, 'docker-compose.yml'), ...args, 'config', '--format', 'json'], {
    cwd: ROOT,
    env: { PATH: process.env['PATH'] ?? '', HOME: os.tmpdir(), ...env },
  });
  return JSON.parse(stdout) as { name: string; services: Record<string, ComposeService>; volumes: Record<string, unknown> };
}

function envFile(values: Record<string, string>): string {
  const file = path.join(mkdtempSync(path.join(DEPLOY.workDir, 'compose-')), 'test.env');
  writeFileSync(file, Object.entries(values).map(([key, value]) => `${key}=${value}`).join('\n'));
  return file;
}

test.describe('docker-compose.yml', () => {
  test('validates with docker compose config: one service per piece, built as the deploy phase built it, MongoDB with a volume', async () => {
    const config = await composeConfig(['--env-file', path.join(ROOT, 'deploy/production.env.example')]);
    expect(config.name).toBe('antiquarium');
    expect(Object.keys(config.services).sort()).toEqual([...BUILT, 'mongo', 'objects'].sort());
    for (const service of BUILT) {
      const { context, dockerfile, target, args = {} } = config.services[service]?.build ?? {};
      expect({ context, dockerfile, target, args }, service).toEqual({ context: ROOT, ...builtAs(service) });
    }
    const mongo = config.services['mongo']!;
    expect(mongo.image).toMatch(/^mongo:\d/);
    expect(mongo.volumes).toContainEqual(expect.objectContaining({ type: 'volume', source: 'mongo-data', target: '/data/db' }));
    // Each static piece listens on 8080 inside its container, behind a port of its own.
    const published = FRONT_ENDS.map((service) => {
      const ports = config.services[service]!.ports!;
      expect(ports[0]!.target).toBe(8080);
      expect(config.services[service]!.read_only).toBe(true);
      return ports[0]!.published;
    });
    expect(new Set(published).size).toBe(FRONT_ENDS.length);
    // Configuration comes from the environment (here the example file), never from the images.
    expect(config.services['shell']!.environment).toMatchObject({
      API_URL: 'https://api.antiquarium.example',
      FIREBASE_PROJECT_ID: 'your-project-id',
      REMOTE_CATALOG_URL: 'https://catalog.antiquarium.example',
    });
    expect(config.services['api']!.environment).toMatchObject({
      NODE_ENV: 'production',
      MONGODB_URI: expect.stringContaining('replicaSet=rs0'),
      FIREBASE_PROJECT_ID: 'your-project-id',
      CORS_ORIGINS: 'https://antiquarium.example',
    });
    // Unset unless given: in production the api must never see an emulator host.
    expect(config.services['api']!.environment!['FIREBASE_AUTH_EMULATOR_HOST']).toBeNull();
    // The metrics reach the scraper on the compose network (the api's default is loopback), and
    // only there: the api publishes its public port alone.
    expect(config.services['api']!.environment).toMatchObject({ METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0' });
    expect(config.services['api']!.ports!.map((port) => port.target)).toEqual([3000]);
    // Photos live in the object store, which nobody but the api reaches (no published port).
    const objects = config.services['objects']!;
    expect(objects.image).toMatch(/^chrislusf\/seaweedfs:\d/);
    expect(objects.ports).toBeUndefined();
    expect(objects.volumes).toContainEqual(expect.objectContaining({ type: 'volume', source: 'objects-data', target: '/data' }));
    expect(config.services['api']!.environment).toMatchObject({ PHOTO_STORE: 's3', S3_ENDPOINT: 'http://objects:8333', S3_BUCKET: 'antiquarium-photos', PUBLIC_API_URL: 'https://api.antiquarium.example' });
  });

  test('the demo profile adds the Auth Emulator and points the api and the shell at it', async () => {
    const config = await composeConfig(['--env-file', path.join(ROOT, 'deploy/demo.env'), '--profile', 'demo']);
    expect(Object.keys(config.services).sort()).toEqual([...BUILT, 'auth-emulator', 'mongo', 'objects'].sort());
    expect(config.services['auth-emulator']!.build!.dockerfile).toBe(builtAs('auth-emulator').dockerfile);
    expect(config.services['auth-emulator']!.profiles).toEqual(['demo']);
    expect(config.services['api']!.environment).toMatchObject({ NODE_ENV: 'development', FIREBASE_AUTH_EMULATOR_HOST: 'auth-emulator:9099', FIREBASE_PROJECT_ID: 'demo-antiquarium' });
    expect(config.services['shell']!.environment).toMatchObject({ AUTH_EMULATOR_URL: 'http://localhost:9099', API_URL: 'http://localhost:3000' });
  });

  test('with an external replica set, the api no longer waits for the compose mongo', async () => {
    const external = envFile({
      FIREBASE_PROJECT_ID: 'p',
      FIREBASE_API_KEY: 'k',
      FIREBASE_AUTH_DOMAIN: 'd',
      MONGODB_URI: 'mongodb://db1:27017,db2:27017,db3:27017/antiquarium?replicaSet=rs0',
    });
    const config = await composeConfig(['-f', path.join(ROOT, 'deploy/compose.external-db.yml'), '--env-file', external]);
    expect(config.services['api']!.depends_on).toBeUndefined();
    expect(config.services['api']!.environment!['MONGODB_URI']).toBe('mongodb://db1:27017,db2:27017,db3:27017/antiquarium?replicaSet=rs0');
  });

  test('refuses to start without the Firebase project', async () => {
    const failure = await composeConfig(['--env-file', envFile({ FIREBASE_API_KEY: 'k', FIREBASE_AUTH_DOMAIN: 'd' })]).then(
      () => null,
      (error: { stderr: string }) => error,
    );
    expect(failure?.stderr).toContain('set FIREBASE_PROJECT_ID');
  });

  test('refuses to start without the frames secret, which only the shell and the catalog get', async () => {
    const failure = await composeConfig(['--env-file', path.join(ROOT, 'deploy/production.env.example')], {}).then(
      () => null,
      (error: { stderr: string }) => error,
    );
    expect(failure?.stderr).toContain('set FRAMES_SECRET');
    const config = await composeConfig(['--env-file', path.join(ROOT, 'deploy/production.env.example')]);
    const given = Object.entries(config.services).filter(([, service]) => service.environment?.['FRAMES_SECRET'] === FRAMES_SECRET);
    expect(given.map(([name]) => name).sort()).toEqual(['catalog', 'shell']);
  });
});

test.describe('Dockerfiles', () => {
  for (const piece of ALL) {
    test(`${piece}: small non-root runtime, health check, exec-form start command, no secrets`, () => {
      const described = describeImage(builtAs(piece));
      const { dockerfile, final, stages } = described;
      if (BUILT.includes(piece)) {
        expect(stages.length, 'multi-stage: the runtime image has no build tools').toBeGreaterThanOrEqual(2);
        expect(final.base).toBe(piece === 'api' ? 'node:20-bookworm-slim' : 'node:20-alpine');
      }
      expect(final.user).toBe('node');
      expect(final.healthcheck?.exec?.length).toBeGreaterThan(0);
      expect(described.command.length).toBeGreaterThan(0);
      expect(final.expose).toEqual([Number(final.env['PORT'] ?? final.env['AUTH_EMULATOR_PORT'])]);
      for (const stage of stages) {
        const declared = [...Object.keys(stage.env), ...stage.steps.filter((step) => step.op === 'ARG').map((step) => step.text!.split('=')[0]!)];
        for (const name of declared) expect(name, `${dockerfile} bakes ${name} into the image`).not.toMatch(/SECRET|PASSWORD|TOKEN|PRIVATE|CREDENTIAL|API_KEY|MONGODB_URI/);
      }
    });
  }

  test('the build context leaves out secrets, installs and builds', () => {
    for (const file of ['.env', 'api/.env', '.env.production', 'node_modules/react/index.js', 'mfe-catalog/dist/remoteEntry.js', 'data/ferretdb', '.tools/bin/ferretdb', '.git/config']) {
      expect(isIgnored(file), file).toBe(true);
    }
    for (const file of ['package-lock.json', 'libs/ui/src/index.ts', 'deploy/serve-remote.sh']) expect(isIgnored(file), file).toBe(false);
  });

  test('every install starts from the one list of package manifests, and every build from the one full install, so Docker runs it once for all pieces', () => {
    for (const piece of BUILT) {
      const { final, stages } = describeImage(builtAs(piece));
      const stage = (name: string) => stages.find((candidate) => candidate.name === name)!;
      const lineage = (name: string): string[] => [name, ...(stage(name).parent ? lineage(stage(name).parent!) : [])];
      for (const from of new Set(final.steps.flatMap((step) => (step.from ? [step.from] : [])))) {
        const installs = stage(from).steps.filter((step) => step.op === 'RUN' && /^npm ci\b/.test(step.text ?? ''));
        expect([piece, from, installs.length]).toEqual([piece, from, 1]);
        // The api's production dependencies install from the manifests alone; every build from `install`.
        const shared = installs[0]!.text!.includes('--omit=dev') ? 'manifests' : 'install';
        expect(lineage(from), `${piece}: ${from}`).toContain(shared);
      }
    }
  });

  test('the Auth Emulator image installs the firebase-tools version the workspace pins', () => {
    const lock = JSON.parse(readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8')) as { packages: Record<string, { version: string }> };
    expect(readFileSync(path.join(ROOT, 'deploy/auth-emulator/Dockerfile'), 'utf8')).toContain(
      `ARG FIREBASE_TOOLS_VERSION=${lock.packages['node_modules/firebase-tools']!.version}`,
    );
  });

  test('the Auth Emulator image needs no JRE: its emulator started without calling java', () => {
    const dir = DEPLOY.images['auth-emulator']!.dir;
    expect(readFileSync(path.join(dir, 'no-java/java'), 'utf8')).toContain('java-called');
    expect(existsSync(path.join(dir, '.container/tmp/java-called'))).toBe(false);
  });

  test('the shell refuses to start without its configuration, and says what is missing', async () => {
    const attempt = startContainer(image('shell'), {
      name: 'deploy-shell-unconfigured',
      env: { PORT: String(DEPLOY.sitePort + 90), API_URL: 'not a url' },
      logDir: DEPLOY.logDir,
      timeoutMs: 10_000,
    });
    await expect(attempt).rejects.toThrow(/exited before it was healthy/);
    const logged = readFileSync(path.join(DEPLOY.logDir, 'deploy-shell-unconfigured.log'), 'utf8');
    expect(logged).toContain('API_URL must be an http(s) URL');
    for (const name of ['FIREBASE_API_KEY', 'FIREBASE_PROJECT_ID', 'REMOTE_CATALOG_URL']) expect(logged).toContain(`${name} is required`);
  });
});
