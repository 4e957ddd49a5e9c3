import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test as base } from '@playwright/test';
import { openImage, startContainer, type Container, type Image } from './containers.cjs';

/** Set by the deploy phase (e2e/deploy/phase.mjs). */
function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run this suite with node scripts/test.mjs --only=deploy`);
  return value;
}

export const FRONT_ENDS = ['shell', 'catalog', 'account', 'contribute'] as const;
export type FrontEnd = (typeof FRONT_ENDS)[number];
export const REMOTES = ['catalog', 'account', 'contribute'] as const;
export type Remote = (typeof REMOTES)[number];

interface ImageRecord {
  dockerfile: string;
  dir: string;
  extraPath: string[];
  buildDir?: string;
}

export const DEPLOY = {
  get images(): Record<string, ImageRecord> {
    return JSON.parse(readFileSync(required('DEPLOY_IMAGES'), 'utf8')) as Record<string, ImageRecord>;
  },
  get workDir(): string {
    return required('DEPLOY_WORK_DIR');
  },
  get logDir(): string {
    return required('DEPLOY_LOG_DIR');
  },
  get sitePort(): number {
    return Number(required('DEPLOY_SITE_PORT'));
  },
  get apiUrls(): [string, string] {
    return [required('API_URL'), required('API_URL_2')];
  },
  get authEmulatorUrl(): string {
    return required('AUTH_EMULATOR_URL');
  },
  get mongoUri(): string {
    return required('MONGODB_URI');
  },
};

export function image(piece: string): Image {
  const record = DEPLOY.images[piece];
  if (!record) throw new Error(`no image ${piece} in ${process.env['DEPLOY_IMAGES']}`);
  return openImage(record.dockerfile, record.dir, record.extraPath);
}

export function portOf(piece: FrontEnd): number {
  return DEPLOY.sitePort + FRONT_ENDS.indexOf(piece);
}

export function originOf(piece: FrontEnd): string {
  return `http://localhost:${portOf(piece)}`;
}

/** The environment each container gets (as compose would give it), beside its image's ENV. */
export function containerEnv(piece: FrontEnd): Record<string, string> {
  const env: Record<string, string> = { PORT: String(portOf(piece)) };
  if (piece !== 'shell') return env;
  return {
    ...env,
    API_URL: DEPLOY.apiUrls[0],
    AUTH_EMULATOR_URL: DEPLOY.authEmulatorUrl,
    FIREBASE_API_KEY: 'demo-api-key',
    FIREBASE_AUTH_DOMAIN: 'demo-antiquarium.firebaseapp.com',
    FIREBASE_PROJECT_ID: 'demo-antiquarium',
    REMOTE_CATALOG_URL: originOf('catalog'),
    REMOTE_ACCOUNT_URL: originOf('account'),
    // Either form is accepted: a base URL or the manifest's own URL.
    REMOTE_CONTRIBUTE_URL: `${originOf('contribute')}/mf-manifest.json`,
  };
}

/** The four front-end containers, each on its own port, stopped and redeployed by the specs. */
export class Site {
  private readonly running = new Map<FrontEnd, Container>();
  private readonly deployed = new Map<FrontEnd, Image>();

  imageOf(piece: FrontEnd): Image {
    return this.deployed.get(piece) ?? image(piece);
  }

  async start(piece: FrontEnd, deployed: Image = this.imageOf(piece)): Promise<void> {
    if (this.running.has(piece)) throw new Error(`${piece} is already running`);
    const container = await startContainer(deployed, { name: `deploy-${piece}`, env: containerEnv(piece), logDir: DEPLOY.logDir });
    this.running.set(piece, container);
    this.deployed.set(piece, deployed);
  }

  async stop(piece: FrontEnd): Promise<void> {
    const container = this.running.get(piece);
    if (!container) return;
    this.running.delete(piece);
    await container.stop(2000);
  }

  /** Replaces a piece's container by one of another image, on the same port. */
  async redeploy(piece: FrontEnd, next: Image): Promise<void> {
    await this.stop(piece);
    await this.start(piece, next);
  }

  async startAll(): Promise<void> {
    for (const piece of FRONT_ENDS) if (!this.running.has(piece)) await this.start(piece);
  }

  async stopAll(): Promise<void> {
    for (const piece of [...this.running.keys()].reverse()) await this.stop(piece);
  }

  /** Back to the images the phase built, all running: what every spec starts from. */
  async reset(): Promise<void> {
    for (const piece of FRONT_ENDS) {
      const original = image(piece);
      if (this.running.has(piece) && this.deployed.get(piece)?.dir === original.dir) continue;
      await this.stop(piece);
      await this.start(piece, original);
    }
  }
}

export const test = base.extend<{ site: Site }, { workerSite: Site }>({
  workerSite: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const site = new Site();
      try {
        await site.startAll();
        await use(site);
      } finally {
        await site.stopAll();
      }
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  site: async ({ workerSite }, use) => {
    await workerSite.reset();
    await use(workerSite);
  },
});

export { expect } from '@playwright/test';

export const deployPath = (...parts: string[]) => path.join(DEPLOY.workDir, ...parts);
