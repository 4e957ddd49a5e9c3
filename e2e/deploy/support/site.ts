import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test as base } from '@playwright/test';
import { openImage, startContainer, type Build, type Container, type Image } from '../../../scripts/lib/containers.cjs';

/** Set by the deploy phase (scripts/deploy-phase.mjs). */
function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run this suite with node scripts/test.mjs --only=deploy`);
  return value;
}

/** The site's pieces, from the workspace description (workspace.json). */
interface WorkspacePiece {
  name: string;
  folder: string;
  role: 'host' | 'remote';
  urlVariable?: string;
  framesVariable?: string;
}
const WORKSPACE = JSON.parse(readFileSync(path.resolve(__dirname, '../../../workspace.json'), 'utf8')) as { frontEnds: WorkspacePiece[] };
export type FrontEnd = string;
export type Remote = string;
export const FRONT_ENDS: readonly FrontEnd[] = WORKSPACE.frontEnds.map((piece) => piece.name);
export const REMOTES: readonly Remote[] = WORKSPACE.frontEnds.filter((piece) => piece.role === 'remote').map((piece) => piece.name);

function pieceOf(name: FrontEnd): WorkspacePiece {
  const piece = WORKSPACE.frontEnds.find((candidate) => candidate.name === name);
  if (!piece) throw new Error(`workspace.json has no front end ${name}`);
  return piece;
}

/** Where a front end's build lands, relative to its image's folder. */
export function distOf(name: FrontEnd): string {
  return `${pieceOf(name).folder}/dist`;
}

/** A piece's image as the phase built it: its build (Dockerfile, target, build arguments) and folder. */
export interface ImageRecord {
  build: Build;
  dir: string;
  extraPath: string[];
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
  /** Where remotes that render frames answer the shell's server (docs/decisions/0010). */
  get framesPort(): number {
    return Number(required('DEPLOY_FRAMES_PORT'));
  },
  /** The secret the frames ports require of the shell's server (compose: FRAMES_SECRET), made per run. */
  get framesSecret(): string {
    return required('DEPLOY_FRAMES_SECRET');
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
  get deployToken(): string {
    return required('RELEASE_DEPLOY_TOKEN');
  },
};

/** Where a remote's container keeps its published releases (RELEASES_DIR, as a volume in compose). */
export function releasesDirOf(piece: Remote): string {
  return path.join(DEPLOY.workDir, 'release-store', piece);
}

export function image(piece: string): Image {
  const record = DEPLOY.images[piece];
  if (!record) throw new Error(`no image ${piece} in ${process.env['DEPLOY_IMAGES']}`);
  return openImage(record.build, record.dir, record.extraPath);
}

export function portOf(piece: FrontEnd): number {
  return DEPLOY.sitePort + FRONT_ENDS.indexOf(piece);
}

export function originOf(piece: FrontEnd): string {
  return `http://localhost:${portOf(piece)}`;
}

/** A remote's frames port (private: only the shell's server calls it), like compose's FRAMES_PORT. */
export function framesPortOf(piece: Remote): number {
  return DEPLOY.framesPort + FRONT_ENDS.indexOf(piece);
}

/** The remotes whose builds render frames (a server build beside the browser build). */
function rendersFrames(piece: Remote): boolean {
  return existsSync(path.join(image(piece).dir, distOf(piece), 'server/frames.mjs'));
}

/** The environment each container gets (as compose would give it), beside its image's ENV. */
export function containerEnv(piece: FrontEnd): Record<string, string> {
  const env: Record<string, string> = { PORT: String(portOf(piece)) };
  if (piece !== 'shell') {
    return { ...env, RELEASES_DIR: releasesDirOf(piece), ...(rendersFrames(piece) ? { FRAMES_PORT: String(framesPortOf(piece)), FRAMES_SECRET: DEPLOY.framesSecret } : {}) };
  }
  return {
    ...env,
    FRAMES_SECRET: DEPLOY.framesSecret,
    // The shell's server composes first pages with the remotes' frames, over the api's internal address.
    // Its budget is the one a deployment on a slow, shared host would set: the default 400 ms was
    // missed now and then on a 2-core CI machine busy with containers and builds (a plain page then,
    // which journeys that compare or expect a composed page would read as a change).
    FIRST_PAGE_TIMEOUT_MS: '5000',
    API_INTERNAL_URL: DEPLOY.apiUrls[0],
    ...Object.fromEntries(
      REMOTES.filter(rendersFrames).map((remote) => [pieceOf(remote).framesVariable ?? '', `http://127.0.0.1:${framesPortOf(remote)}`]),
    ),
    API_URL: DEPLOY.apiUrls[0],
    AUTH_EMULATOR_URL: DEPLOY.authEmulatorUrl,
    FIREBASE_API_KEY: 'demo-api-key',
    FIREBASE_AUTH_DOMAIN: 'demo-antiquarium.firebaseapp.com',
    FIREBASE_PROJECT_ID: 'demo-antiquarium',
    // Either form is accepted: a base URL, or (for the last remote) the manifest's own URL.
    ...Object.fromEntries(
      REMOTES.map((remote, index) => [pieceOf(remote).urlVariable, index === REMOTES.length - 1 ? `${originOf(remote)}/mf-manifest.json` : originOf(remote)]),
    ),
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

/** Every file of a deployed image (its served build and start scripts) with its SHA-256. */
export function fingerprint(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    const relative = path.relative(dir, file);
    if (relative.startsWith('.container')) continue; // the container's own /tmp and home
    files[relative] = createHash('sha256').update(readFileSync(file)).digest('hex');
  }
  return files;
}
