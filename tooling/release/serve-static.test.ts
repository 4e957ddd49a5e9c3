// deploy/serve-static.mjs as the remotes' and the shell's containers run it: published releases at
// /releases/<version>/ cached forever, nothing outside them reachable, and the shell's index.html
// preloading the registry's routing from the api its runtime config names.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const SERVER = path.resolve(__dirname, '../../deploy/serve-static.mjs');
const VERSION = '0.1.0-0123456789ab';
const servers: ChildProcess[] = [];

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}

async function serve(args: string[]): Promise<string> {
  const port = await freePort();
  const child = spawn(process.execPath, [SERVER, args[0] as string, String(port), '--host', '127.0.0.1', ...args.slice(1)], { stdio: 'pipe' });
  servers.push(child);
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => chunk.toString().includes('serving') && resolve());
    child.once('exit', (code) => reject(new Error(`serve-static exited ${code}`)));
  });
  return `http://127.0.0.1:${port}`;
}

function folder(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'serve-static-'));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
  return dir;
}

afterAll(() => {
  for (const child of servers) child.kill();
});

test('a remote serves its releases at /releases/<version>/, immutable, beside its own build, and nothing outside them', async () => {
  const dist = folder({ 'mf-manifest.json': '{"name":"catalog","build":"image"}', 'secret.txt': 'not a release' });
  const releases = folder({ [`${VERSION}/mf-manifest.json`]: '{"name":"catalog","build":"release"}' });
  const origin = await serve([dist, '--cors', '--releases', releases]);

  const own = await fetch(`${origin}/mf-manifest.json`);
  expect(await own.json()).toEqual({ name: 'catalog', build: 'image' });
  expect(own.headers.get('cache-control')).toBe('no-cache');

  const release = await fetch(`${origin}/releases/${VERSION}/mf-manifest.json`);
  expect(await release.json()).toEqual({ name: 'catalog', build: 'release' });
  expect(release.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  expect(release.headers.get('access-control-allow-origin')).toBe('*');

  expect((await fetch(`${origin}/releases/0.1.0-ffffffffffff/mf-manifest.json`)).status).toBe(404);
  expect((await fetch(`${origin}/releases/${VERSION}/..%2f..%2f${path.basename(dist)}%2fsecret.txt`)).status).toBe(404);
  expect((await fetch(`${origin}/releases/not-a-version/mf-manifest.json`)).status).toBe(404);
});

test('the shell\'s index.html preloads the routing of the api its runtime config names', async () => {
  const dist = folder({ 'index.html': '<html><head><title>x</title>\n  </head><body></body></html>' });
  const config = path.join(folder({}), 'runtime-config.json');
  writeFileSync(config, JSON.stringify({ apiUrl: 'https://api.example.org/' }));
  const origin = await serve([dist, '--spa', '--runtime-config', config]);
  const html = await (await fetch(`${origin}/all-artifacts`)).text();
  expect(html).toContain('<link rel="preload" href="https://api.example.org/releases/routing" as="fetch" crossorigin="anonymous" />');

  const quoted = path.join(folder({}), 'runtime-config.json');
  writeFileSync(quoted, JSON.stringify({ apiUrl: 'https://api.example.org/"><script>alert(1)</script>' }));
  const other = await serve([dist, '--spa', '--runtime-config', quoted]);
  expect(await (await fetch(`${other}/`)).text()).not.toContain('<script>');
});
