// The workspace description (workspace.json) is the one list of the site's pieces and ports: what
// cannot read it (docker-compose.yml) must agree with it, and its port profiles must never collide.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'yaml';
import { RELEASE_REMOTES } from '../../libs/contracts/src/releases';

const ROOT = path.resolve(__dirname, '../..');

interface Piece {
  name: string;
  folder: string;
  role: 'host' | 'remote';
  urlVariable?: string;
  framesVariable?: string;
}
interface Workspace {
  api: { folder: string };
  frontEnds: Piece[];
  ports: Record<string, Record<string, number>>;
  spans: Record<string, number | 'frontEnds' | string>;
}

const workspace = JSON.parse(readFileSync(path.join(ROOT, 'workspace.json'), 'utf8')) as Workspace;
const remotes = workspace.frontEnds.filter((piece) => piece.role === 'remote');

interface ComposeService {
  build?: { context?: string; dockerfile?: string; target?: string; args?: Record<string, string> };
  environment?: Record<string, string>;
  ports?: string[];
  networks?: Record<string, { ipv4_address?: string; aliases?: string[] } | null>;
}
interface ComposeNetwork {
  internal?: boolean;
  ipam?: { config?: { subnet?: string }[] };
}
const compose = parse(readFileSync(path.join(ROOT, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
  services: Record<string, ComposeService>;
  networks?: Record<string, ComposeNetwork>;
};
/** The compose network of the first pages' traffic (the frames port, the shell's api calls). */
const PRIVATE = 'private';

test('one host, and every remote names the variable that tells the shell where it is', () => {
  expect(workspace.frontEnds.filter((piece) => piece.role === 'host')).toHaveLength(1);
  expect(remotes.length).toBeGreaterThan(0);
  for (const remote of remotes) {
    expect(remote.urlVariable).toMatch(/^REMOTE_[A-Z]+_URL$/);
    // And the one that tells the shell's server where its frames are (docs/decisions/0010).
    expect(remote.framesVariable).toBe(remote.urlVariable?.replace(/_URL$/, '_FRAMES_URL'));
  }
  expect(new Set(workspace.frontEnds.map((piece) => piece.name)).size).toBe(workspace.frontEnds.length);
});

/** The one Dockerfile of the site's images: a target per kind of piece, a remote's named by REMOTE. */
const DOCKERFILE = 'deploy/Dockerfile';

test.each(workspace.frontEnds.map((piece) => [piece.name, piece] as const))('%s has its folder, build, image and compose service', (_name, piece) => {
  for (const file of ['package.json', 'rspack.config.ts', 'src']) expect(existsSync(path.join(ROOT, piece.folder, file))).toBe(true);
  const expected = piece.role === 'host' ? { target: 'shell' } : { target: 'remote', args: { REMOTE: piece.folder } };
  expect(compose.services[piece.name]?.build).toEqual({ context: '.', dockerfile: DOCKERFILE, ...expected });
});

test('the api service is built from the one Dockerfile too', () => {
  expect(compose.services['api']?.build).toEqual({ context: '.', dockerfile: DOCKERFILE, target: 'api' });
});

test('the release registry takes exactly the remotes of the description, in its order', () => {
  // The api's schemas need the names at compile time, so the contracts keep a copy: this keeps it equal.
  expect([...RELEASE_REMOTES]).toEqual(remotes.map((remote) => remote.name));
});

test('the Dockerfile copies the package.json of every workspace package before `npm ci`', () => {
  const rootPackage = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { workspaces: string[] };
  const folders = rootPackage.workspaces.flatMap((pattern) =>
    pattern.endsWith('/*') ? readdirSync(path.join(ROOT, pattern.slice(0, -2))).map((name) => `${pattern.slice(0, -2)}/${name}`) : [pattern],
  ).filter((folder) => existsSync(path.join(ROOT, folder, 'package.json')));
  expect(folders).toEqual(expect.arrayContaining([workspace.api.folder, ...workspace.frontEnds.map((piece) => piece.folder)]));
  const text = readFileSync(path.join(ROOT, DOCKERFILE), 'utf8');
  const beforeInstall = text.slice(0, text.indexOf('RUN npm ci'));
  const missing = folders.filter((folder) => !beforeInstall.includes(`COPY ${folder}/package.json ${folder}/`));
  expect(missing).toEqual([]);
});

test('the shell service is given exactly the remotes of the description', () => {
  const shell = workspace.frontEnds.find((piece) => piece.role === 'host');
  const variables = Object.keys(compose.services[shell?.name ?? '']?.environment ?? {}).filter((name) => /^REMOTE_.*_URL$/.test(name) && !name.endsWith('_FRAMES_URL'));
  expect(variables.sort()).toEqual(remotes.map((remote) => remote.urlVariable).sort());
});

test('the shell service reaches each remote that renders frames on that remote\'s private frames port (docs/decisions/0010)', () => {
  const shell = workspace.frontEnds.find((piece) => piece.role === 'host');
  const environment = (compose.services[shell?.name ?? '']?.environment ?? {}) as Record<string, string>;
  const framed = remotes.filter((remote) => readFileSync(path.join(ROOT, remote.folder, 'rspack.config.ts'), 'utf8').includes("name: 'frames'"));
  expect(framed.map((remote) => remote.name)).toEqual(['catalog']);
  const framesVariables = Object.keys(environment).filter((name) => name.endsWith('_FRAMES_URL'));
  expect(framesVariables.sort()).toEqual(framed.map((remote) => remote.framesVariable).sort());
  const shellPrivate = compose.services[shell?.name ?? '']?.networks?.[PRIVATE];
  for (const remote of framed) {
    const service = compose.services[remote.name] as ComposeService;
    const port = String(service.environment?.FRAMES_PORT);
    const onPrivate = service.networks?.[PRIVATE];
    // The default (after ${VAR:-…}) names the remote's alias on the private network and its frames
    // port, never published; the port listens on the remote's private address only.
    const alias = onPrivate?.aliases?.[0] ?? '';
    expect(environment[remote.framesVariable ?? '']).toContain(`:-http://${alias}:${port}}`);
    expect(service.environment?.FRAMES_HOST).toBe(onPrivate?.ipv4_address);
    expect((service.ports ?? []).some((mapping) => mapping.endsWith(`:${port}`))).toBe(false);
    // The shared secret comes from the environment (required there), the same variable on both sides.
    expect(service.environment?.FRAMES_SECRET).toMatch(/^\$\{FRAMES_SECRET:\?/);
  }
  expect(environment.FRAMES_SECRET).toMatch(/^\$\{FRAMES_SECRET:\?/);
  // The api is reached on the private network, and believes the shell's X-Forwarded-For there only.
  const api = compose.services['api'] as ComposeService;
  expect(environment.API_INTERNAL_URL).toContain(`:-http://${api.networks?.[PRIVATE]?.aliases?.[0]}:3000}`);
  expect(shellPrivate?.ipv4_address).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
  expect(api.environment?.TRUSTED_PROXY).toBe(`\${TRUSTED_PROXY:-${shellPrivate?.ipv4_address}}`);
});

test('the private network is internal, and holds only the shell, the remotes that render frames and the api', () => {
  expect(compose.networks?.[PRIVATE]?.internal).toBe(true);
  const subnet = compose.networks?.[PRIVATE]?.ipam?.config?.[0]?.subnet ?? '';
  const prefix = subnet.replace(/\.0\/24$/, '.');
  expect(subnet).toMatch(/^\d+\.\d+\.\d+\.0\/24$/);
  const members = Object.entries(compose.services).filter(([, service]) => service.networks?.[PRIVATE] !== undefined);
  expect(members.map(([name]) => name).sort()).toEqual(['api', 'catalog', 'shell']);
  for (const [name, service] of members) {
    const address = service.networks?.[PRIVATE]?.ipv4_address;
    if (address) expect([name, address.startsWith(prefix)]).toEqual([name, true]);
    // Still on the default network too: its public port is published there.
    expect([name, service.networks && 'default' in service.networks]).toEqual([name, true]);
  }
});

test('the runtime config written for a deployment lists every remote of the description', () => {
  const out = path.join(mkdtempSync(path.join(os.tmpdir(), 'workspace-test-')), 'runtime-config.json');
  const env: Record<string, string> = {
    PATH: process.env['PATH'] ?? '',
    API_URL: 'https://api.example.org',
    FIREBASE_API_KEY: 'key',
    FIREBASE_AUTH_DOMAIN: 'example.firebaseapp.com',
    FIREBASE_PROJECT_ID: 'example',
  };
  for (const remote of remotes) env[remote.urlVariable ?? ''] = `https://${remote.name}.example.org`;
  execFileSync(process.execPath, [path.join(ROOT, 'deploy/runtime-config.mjs'), out], { env, stdio: 'ignore' });
  const config = JSON.parse(readFileSync(out, 'utf8')) as { remotes: Record<string, string> };
  expect(config.remotes).toEqual(Object.fromEntries(remotes.map((remote) => [remote.name, `https://${remote.name}.example.org/mf-manifest.json`])));
});

test('no two port profiles share a port (so start, test, deploy, bench and soak can run side by side)', () => {
  const owner = new Map<number, string>();
  const clashes: string[] = [];
  for (const [profile, ports] of Object.entries(workspace.ports)) {
    for (const [name, first] of Object.entries(ports)) {
      const span = workspace.spans[`${profile}.${name}`] ?? workspace.spans[name] ?? 1;
      const count = span === 'frontEnds' ? workspace.frontEnds.length : Number(span);
      for (let port = first; port < first + count; port += 1) {
        const label = `${profile}.${name}`;
        const previous = owner.get(port);
        if (previous && previous.split('.')[0] !== profile) clashes.push(`${port}: ${previous} and ${label}`);
        owner.set(port, label);
      }
    }
  }
  expect(clashes).toEqual([]);
});
