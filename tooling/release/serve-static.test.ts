// deploy/serve-static.mjs as the remotes' and the shell's containers run it: published releases at
// /releases/<version>/ cached forever, nothing outside them reachable, and the shell's index.html
// preloading the registry's routing from the api its runtime config names. Then the first pages of
// docs/decisions/0010: a remote's frames on a port of their own (deploy/frames.mjs: loopback by
// default, a shared secret, bounded bodies, lists and render times, hostile bodies generated), the
// shell's style sheets inline and its document composed by its server build.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';

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

function start(args: string[], port: number, env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, [SERVER, args[0] as string, String(port), '--host', '127.0.0.1', ...args.slice(1)], {
    stdio: 'pipe',
    env: { ...process.env, ...env },
  });
  servers.push(child);
  return child;
}

/** Starts the server and waits until its stdout has said every one of `ready` (its ports listen). */
async function serve(args: string[], { env = {}, ready = ['serving'] }: { env?: Record<string, string>; ready?: string[] } = {}): Promise<string> {
  const port = await freePort();
  const child = start(args, port, env);
  let output = '';
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (ready.every((line) => output.includes(line))) resolve();
    });
    child.once('exit', (code) => reject(new Error(`serve-static exited ${code}`)));
  });
  return `http://127.0.0.1:${port}`;
}

/** Starts the server expecting it to refuse: its exit code and what it printed on stderr. */
async function refusal(args: string[], env: Record<string, string> = {}): Promise<{ code: number | null; stderr: string }> {
  const child = start(args, await freePort(), env);
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, stderr })));
}

function folder(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'serve-static-'));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
  return dir;
}

/** The status of a request whose target is sent exactly as written (fetch would normalise it). */
function rawStatus(origin: string, target: string, method = 'GET', headers: Record<string, string> = {}): Promise<number> {
  const { hostname, port } = new URL(origin);
  const extra = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`).join('');
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () => socket.end(`${method} ${target} HTTP/1.1\r\nHost: ${hostname}\r\n${extra}Content-Length: 0\r\nConnection: close\r\n\r\n`));
    let text = '';
    socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
    socket.on('end', () => resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0)));
    socket.on('error', reject);
  });
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

test('--shell is --spa by its clearer name: client-side routes answer the shell\'s document', async () => {
  const dist = folder({ 'index.html': '<html><head><title>shell</title></head><body></body></html>' });
  const origin = await serve([dist, '--shell']);
  expect(await (await fetch(`${origin}/all-artifacts`)).text()).toContain('<title>shell</title>');
  expect((await fetch(`${origin}/missing.js`)).status).toBe(404);
});

test("the shell's index.html is prepared once, and again when it is redeployed", async () => {
  const dist = folder({ 'index.html': '<html><head><title>one</title><link href="/main.css" rel="stylesheet"></head><body><div id="root"></div></body></html>', 'main.css': 'body { color: red; }' });
  const origin = await serve([dist, '--spa']);
  for (const encoding of ['gzip', 'identity', 'gzip']) {
    const html = await (await fetch(`${origin}/all-artifacts`, { headers: { 'Accept-Encoding': encoding } })).text();
    expect(html).toContain('<title>one</title><style>body { color: red; }</style>');
  }
  // A new deployment writes index.html again (a new time, another length): it is served as it is now.
  writeFileSync(path.join(dist, 'index.html'), '<html><head><title>two, redeployed</title></head><body><div id="root"></div></body></html>');
  const later = new Date(Date.now() + 5_000);
  utimesSync(path.join(dist, 'index.html'), later, later);
  for (const encoding of ['gzip', 'identity']) {
    const html = await (await fetch(`${origin}/`, { headers: { 'Accept-Encoding': encoding } })).text();
    expect(html).toContain('<title>two, redeployed</title>');
  }
});

// A remote's build with a server build framing ./Home (./Boom's renderer fails, ./Spin's never ends,
// ./Exit's ends the thread it runs on), and a release of it framing ./Home with its own markup.
const REMOTE_DIST = {
  'mf-manifest.json': JSON.stringify({ name: 'catalog', exposes: [{ path: './Home', assets: { css: { sync: ['home.css'] } } }] }),
  'home.css': '.home { color: teal; }',
  'server/frames.mjs': `export function renderFrame({ module, url, apiUrl, answers }) {
    if (module === './Boom') throw new Error('boom');
    if (module === './Spin') for (;;);
    if (module === './Exit') process.exit(1);
    return module === './Home' ? \`<p>\${module} \${url} \${apiUrl} \${JSON.stringify(answers)}</p>\` : undefined;
  }`,
};
const RELEASE = {
  [`${VERSION}/mf-manifest.json`]: JSON.stringify({ name: 'catalog', exposes: [{ path: './Home', assets: { css: { sync: [] } } }] }),
  [`${VERSION}/server/frames.mjs`]: `export const renderFrame = ({ module, url }) => (module === './Home' ? \`<p>release \${url}</p>\` : undefined);`,
};
const FRAME = { module: './Home', url: '/all-artifacts?page=2', apiUrl: 'https://api.example.org', answers: { key: 'answer' } };
/** The deployment's FRAMES_SECRET, as the shell's server sends it. */
const SECRET = 'frames-secret-of-this-test-run-0123456789';
const WITH_SECRET = { FRAMES_SECRET: SECRET };

/** A frame request; `secret` null: sent without one. */
function post(url: string, body: unknown, secret: string | null = SECRET): Promise<Response> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (secret !== null) headers['X-Frames-Secret'] = secret;
  return fetch(url, { method: 'POST', headers, body: typeof body === 'string' ? body : JSON.stringify(body) });
}

test('a remote answers POST /frames on its frames port with the frame\'s html and its style sheets', async () => {
  const framesPort = await freePort();
  await serve([folder(REMOTE_DIST), '--frames-port', String(framesPort)], { env: WITH_SECRET, ready: ['serving', 'frames of'] });
  const frames = `http://127.0.0.1:${framesPort}`;

  const frame = await post(`${frames}/frames`, FRAME);
  expect(frame.status).toBe(200);
  expect(frame.headers.get('cache-control')).toBe('no-store');
  expect(await frame.json()).toEqual({
    html: '<p>./Home /all-artifacts?page=2 https://api.example.org {"key":"answer"}</p>',
    css: ['.home { color: teal; }'],
  });

  // A module the remote does not frame, and one whose renderer fails (the server keeps answering).
  expect((await post(`${frames}/frames`, { ...FRAME, module: './Nope' })).status).toBe(404);
  expect((await post(`${frames}/frames`, { ...FRAME, module: './Boom' })).status).toBe(500);
  expect((await post(`${frames}/frames`, FRAME)).status).toBe(200);

  // Frames are asked for with POST, and only at /frames (the frames port serves no files).
  const get = await fetch(`${frames}/frames`, { headers: { 'X-Frames-Secret': SECRET } });
  expect(get.status).toBe(405);
  expect(get.headers.get('allow')).toBe('POST');
  expect((await fetch(`${frames}/mf-manifest.json`, { headers: { 'X-Frames-Secret': SECRET } })).status).toBe(404);
  // A remote without --releases has no release frames.
  expect((await post(`${frames}/releases/${VERSION}/frames`, FRAME)).status).toBe(404);
});

test('a frame request the server cannot read answers 400 with the reason', async () => {
  const framesPort = await freePort();
  await serve([folder(REMOTE_DIST)], { env: { FRAMES_PORT: String(framesPort), ...WITH_SECRET }, ready: ['serving', 'frames of'] });
  const frames = `http://127.0.0.1:${framesPort}/frames`;

  const bad: [unknown, RegExp][] = [
    ['{"module":', /JSON/],
    [[FRAME], /object/],
    [{ url: '/', apiUrl: FRAME.apiUrl, answers: {} }, /module/],
    [{ ...FRAME, module: 'Home' }, /module/],
    [{ ...FRAME, url: undefined }, /url/],
    [{ ...FRAME, url: 'all-artifacts' }, /url/],
    [{ ...FRAME, url: '//evil.example.org/' }, /url/],
    [{ ...FRAME, apiUrl: 'ftp://api.example.org' }, /apiUrl/],
    [{ ...FRAME, apiUrl: '/api' }, /apiUrl/],
    [{ ...FRAME, answers: undefined }, /answers/],
    // Lists longer than a page of the api, objects as wide, nesting deeper than any answer, too many answers.
    [{ ...FRAME, answers: { list: { status: 200, headers: {}, body: { items: Array.from({ length: 101 }, (_, index) => ({ _id: String(index) })) } } } }, /more than 100 entries/],
    [{ ...FRAME, answers: { wide: { status: 200, headers: {}, body: Object.fromEntries(Array.from({ length: 101 }, (_, index) => [`k${index}`, index])) } } }, /more than 100 entries/],
    [{ ...FRAME, answers: { deep: JSON.parse(`${'['.repeat(40)}${']'.repeat(40)}`) as unknown } }, /nested more than 32/],
    [`{"module":"./Home","url":"/","apiUrl":"https://api.example.org","answers":${'{"a":'.repeat(20000)}1${'}'.repeat(20001)}`, /nested more than 32/],
    [{ ...FRAME, answers: Object.fromEntries(Array.from({ length: 17 }, (_, index) => [`call${index}`, {}])) }, /at most 16 answers/],
  ];
  for (const [body, reason] of bad) {
    const response = await post(frames, body);
    expect({ body, status: response.status }).toEqual({ body, status: 400 });
    expect((await response.json()).message).toMatch(reason);
  }
  // A body over 256 KiB is refused as too large, whether its length is declared or not.
  const big = JSON.stringify({ ...FRAME, answers: { big: 'x'.repeat(300 * 1024) } });
  const declared = await post(frames, big);
  expect(declared.status).toBe(413);
  expect((await declared.json()).message).toMatch(/over 262144 bytes/);
  const streamed = await fetch(frames, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Frames-Secret': SECRET },
    body: new Blob([big]).stream(),
    duplex: 'half',
  } as RequestInit);
  expect(streamed.status).toBe(413);
  // The frames port still renders.
  expect((await post(frames, FRAME)).status).toBe(200);
});

test('the frames port answers only the shell\'s server: the deployment\'s secret, required at start-up', async () => {
  const framesPort = await freePort();
  await serve([folder(REMOTE_DIST), '--frames-port', String(framesPort)], { env: WITH_SECRET, ready: ['serving', 'frames of'] });
  const frames = `http://127.0.0.1:${framesPort}/frames`;

  const without = await post(frames, FRAME, null);
  expect(without.status).toBe(401);
  expect((await without.json()).message).toMatch(/secret/);
  expect((await post(frames, FRAME, '')).status).toBe(401);
  expect((await post(frames, FRAME, `${SECRET}x`)).status).toBe(403);
  expect((await post(frames, FRAME, SECRET.slice(0, -1))).status).toBe(403);
  // Nothing is read or rendered for a stranger: not even the route or the body's size is told.
  expect((await post(`http://127.0.0.1:${framesPort}/anything`, FRAME, null)).status).toBe(401);
  expect((await post(frames, 'x'.repeat(300 * 1024), null)).status).toBe(401);
  expect((await post(frames, FRAME)).status).toBe(200);

  // A frames port without a secret, or with a weak one, is not started.
  const dist = folder(REMOTE_DIST);
  const missing = await refusal([dist, '--frames-port', String(await freePort())]);
  expect(missing.code).toBe(2);
  expect(missing.stderr).toContain('FRAMES_SECRET must be set');
  const short = await refusal([dist, '--frames-port', String(await freePort())], { FRAMES_SECRET: 'short' });
  expect(short.code).toBe(2);
  expect(short.stderr).toContain('FRAMES_SECRET must be 32 to 512 printable ASCII characters');
  expect(short.stderr).not.toContain('short');
  const timeout = await refusal([dist, '--frames-port', String(await freePort())], { ...WITH_SECRET, FRAMES_RENDER_TIMEOUT_MS: 'soon' });
  expect(timeout.code).toBe(2);
  expect(timeout.stderr).toContain('FRAMES_RENDER_TIMEOUT_MS');
});

/** The machine's first address that is not loopback (the frames port must not answer there by default). */
function outsideAddress(): string | undefined {
  return Object.values(os.networkInterfaces())
    .flat()
    .find((entry) => entry?.family === 'IPv4' && !entry.internal)?.address;
}

test('the frames port listens on 127.0.0.1 unless FRAMES_HOST says otherwise, and the log names where', async () => {
  const outside = outsideAddress();
  const dist = folder(REMOTE_DIST);
  const framesPort = await freePort();
  const lines: string[] = [];
  const child = start([dist, '--frames-port', String(framesPort)], await freePort(), WITH_SECRET);
  await new Promise<void>((resolve) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      lines.push(chunk.toString());
      if (lines.join('').includes('frames of')) resolve();
    });
  });
  expect(lines.join('')).toContain(`frames of ${dist} on http://127.0.0.1:${framesPort}\n`);
  expect((await post(`http://127.0.0.1:${framesPort}/frames`, FRAME)).status).toBe(200);
  // This machine has another address: nothing answers the frames port there.
  expect(outside).toBeDefined();
  await expect(post(`http://${outside}:${framesPort}/frames`, FRAME)).rejects.toThrow();

  const everywhere = await freePort();
  const other = start([dist, '--frames-port', String(everywhere)], await freePort(), { ...WITH_SECRET, FRAMES_HOST: '0.0.0.0' });
  let said = '';
  await new Promise<void>((resolve) => {
    other.stdout?.on('data', (chunk: Buffer) => {
      said += chunk.toString();
      if (said.includes('frames of')) resolve();
    });
  });
  expect(said).toContain(`on http://0.0.0.0:${everywhere} (every interface)`);
  expect((await post(`http://${outside}:${everywhere}/frames`, FRAME)).status).toBe(200);
});

test('a render that does not end within FRAMES_RENDER_TIMEOUT_MS is stopped and answered 503; the public port answers meanwhile', async () => {
  const framesPort = await freePort();
  const origin = await serve([folder(REMOTE_DIST), '--frames-port', String(framesPort)], { env: { ...WITH_SECRET, FRAMES_RENDER_TIMEOUT_MS: '300' }, ready: ['serving', 'frames of'] });
  const frames = `http://127.0.0.1:${framesPort}/frames`;
  expect((await post(frames, FRAME)).status).toBe(200);

  const started = Date.now();
  const spinning = post(frames, { ...FRAME, module: './Spin' });
  // While that render runs, the public port serves as usual (it never waits for a render).
  const manifest = await fetch(`${origin}/mf-manifest.json`, { signal: AbortSignal.timeout(2_000) });
  expect(manifest.status).toBe(200);
  const stopped = await spinning;
  expect(stopped.status).toBe(503);
  expect((await stopped.json()).message).toMatch(/not rendered within 300 ms/);
  expect(Date.now() - started).toBeLessThan(5_000);
  // A fresh worker renders the next frames.
  expect((await post(frames, FRAME)).status).toBe(200);

  // A renderer that ends its thread takes down that worker only.
  expect((await post(frames, { ...FRAME, module: './Exit' })).status).toBe(503);
  expect((await post(frames, FRAME)).status).toBe(200);
});

test('hostile frame requests (generated) are answered 4xx at once, never end the server, and never hold the public port', async () => {
  const framesPort = await freePort();
  const origin = await serve([folder(REMOTE_DIST), '--frames-port', String(framesPort)], { env: { ...WITH_SECRET, FRAMES_RENDER_TIMEOUT_MS: '300' }, ready: ['serving', 'frames of'] });
  const frames = `http://127.0.0.1:${framesPort}`;

  const text = fc.string({ unit: 'binary', maxLength: 40 });
  const deep = fc.integer({ min: 1, max: 60_000 }).map((depth) => `${'['.repeat(depth)}${']'.repeat(depth)}`);
  const long = fc.integer({ min: 0, max: 3_000 }).map((length) => Array.from({ length }, (_, index) => ({ _id: String(index), name: 'n' })));
  const huge = fc.integer({ min: 200 * 1024, max: 400 * 1024 }).map((size) => 'x'.repeat(size));
  const answers = fc.oneof(
    { weight: 4, arbitrary: fc.dictionary(text, fc.jsonValue({ maxDepth: 4 }), { maxKeys: 20 }) },
    { weight: 1, arbitrary: long.map((items) => ({ list: { status: 200, headers: {}, body: { items } } })) },
    { weight: 1, arbitrary: huge.map((big) => ({ big })) },
    { weight: 1, arbitrary: fc.jsonValue() },
  );
  // Mostly well-formed fields (so that bodies reach the renderer, ./Spin's too), some hostile, some missing.
  const field = <T, U>(good: fc.Arbitrary<T>, bad: fc.Arbitrary<U>) => fc.oneof({ weight: 8, arbitrary: good }, { weight: 1, arbitrary: bad }, { weight: 1, arbitrary: text });
  const frameShaped = fc
    .tuple(
      fc.record({
        module: field(fc.constantFrom('./Home', './Spin', './Nope'), fc.constantFrom('Home', '../x', './Exit')),
        url: field(fc.constantFrom('/', '/all-artifacts?page=2'), fc.constantFrom('//evil.example', 'x', 42)),
        apiUrl: field(fc.constant('https://api.example.org'), fc.constantFrom('ftp://x', null)),
        answers,
      }),
      fc.oneof({ weight: 4, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: fc.constantFrom('module', 'url', 'apiUrl', 'answers') }),
    )
    .map(([frame, dropped]) => JSON.stringify(Object.fromEntries(Object.entries(frame).filter(([key]) => key !== dropped))));
  const body = fc.oneof(
    { weight: 6, arbitrary: frameShaped },
    { weight: 2, arbitrary: fc.jsonValue().map((value) => JSON.stringify(value) ?? 'null') },
    { weight: 1, arbitrary: deep },
    { weight: 1, arbitrary: huge },
    { weight: 1, arbitrary: fc.uint8Array({ maxLength: 2_000 }).map((bytes) => Buffer.from(bytes).toString('latin1')) },
  );
  const secret = fc.oneof({ weight: 6, arbitrary: fc.constant(SECRET) }, { weight: 1, arbitrary: fc.constantFrom(null, '', `${SECRET}!`, 'x'.repeat(40)) });
  const target = fc.oneof({ weight: 6, arbitrary: fc.constant('/frames') }, { weight: 1, arbitrary: fc.constantFrom(`/releases/${VERSION}/frames`, '/', '/frames/x', '/server/frames.mjs') });

  const statuses = new Map<number, number>();
  await fc.assert(
    fc.asyncProperty(body, secret, target, async (sent, given, where) => {
      const started = Date.now();
      const [answer, publicAnswer] = await Promise.all([
        post(`${frames}${where}`, sent, given).then(async (response) => ({ status: response.status, text: await response.text(), ms: Date.now() - started })),
        fetch(`${origin}/mf-manifest.json`, { signal: AbortSignal.timeout(3_000) }).then((response) => ({ status: response.status, ms: Date.now() - started })),
      ]);
      statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
      // The public port kept answering while the frames port dealt with it.
      expect(publicAnswer.status).toBe(200);
      expect(publicAnswer.ms).toBeLessThan(2_000);
      // Answered at once (a render that would not end is stopped at its deadline), always with a reason.
      expect(answer.ms).toBeLessThan(3_000);
      expect(JSON.parse(answer.text)).toEqual(answer.status === 200 ? { html: expect.any(String), css: ['.home { color: teal; }'] } : { message: expect.any(String) });
      if (given !== SECRET) expect([401, 403]).toContain(answer.status);
      else if (answer.status === 200) expect(JSON.parse(sent)).toMatchObject({ module: './Home' });
      else if (answer.status >= 500) expect([sent, answer.status]).toEqual([expect.stringMatching(/"\.\/(Spin|Exit)"/), 503]);
      else expect([400, 404, 405, 413]).toContain(answer.status);
    }),
    { numRuns: Number(process.env['FC_RUNS'] ?? 200), ...(process.env['FC_SEED'] ? { seed: Number(process.env['FC_SEED']) } : {}) },
  );
  if (process.env['FC_REPORT']) console.log(Object.fromEntries(statuses));
  // Still up, still rendering; and the generator reached the refusals it was meant to.
  expect((await post(`${frames}/frames`, FRAME)).status).toBe(200);
  for (const status of [200, 400, 401, 413, 503]) expect(statuses.get(status)).toBeGreaterThan(0);
}, 180_000);

test('a release\'s frames are rendered by that release\'s own server build', async () => {
  const framesPort = await freePort();
  await serve([folder(REMOTE_DIST), '--releases', folder(RELEASE), '--frames-port', String(framesPort)], { env: WITH_SECRET, ready: ['serving', 'frames of'] });
  const frames = `http://127.0.0.1:${framesPort}`;

  expect(await (await post(`${frames}/releases/${VERSION}/frames`, FRAME)).json()).toEqual({ html: '<p>release /all-artifacts?page=2</p>', css: [] });
  expect((await (await post(`${frames}/frames`, FRAME)).json()).html).toContain('./Home /all-artifacts?page=2');
  expect((await post(`${frames}/releases/0.1.0-ffffffffffff/frames`, FRAME)).status).toBe(404);
  expect((await post(`${frames}/releases/not-a-version/frames`, FRAME)).status).toBe(404);
});

test('past KEPT_RENDERERS builds a fresh worker renders (modules cannot be unloaded), and loads a build it had dropped again', async () => {
  // Nine releases whose renderers count the frames rendered on their thread (globalThis is the worker's).
  const versions = Array.from({ length: 9 }, (_, index) => `0.1.${index + 1}-0123456789ab`);
  const releases: Record<string, string> = {};
  for (const version of versions) {
    releases[`${version}/mf-manifest.json`] = JSON.stringify({ name: 'catalog', exposes: [{ path: './Home', assets: { css: { sync: [] } } }] });
    releases[`${version}/server/frames.mjs`] = `export const renderFrame = () => \`<p>${version} \${(globalThis.rendered = (globalThis.rendered ?? 0) + 1)}</p>\`;`;
  }
  const framesPort = await freePort();
  await serve([folder(REMOTE_DIST), '--releases', folder(releases), '--frames-port', String(framesPort)], { env: WITH_SECRET, ready: ['serving', 'frames of'] });
  const render = async (version: string) => ((await (await post(`http://127.0.0.1:${framesPort}/releases/${version}/frames`, FRAME)).json()) as { html: string }).html;
  // Seven are rendered by the worker the remote started with, which holds its own build too: eight kept.
  for (const [index, version] of versions.slice(0, 7).entries()) expect(await render(version)).toBe(`<p>${version} ${index + 1}</p>`);
  // The ninth build is one too many: a fresh worker, whose first frame it is.
  expect(await render(versions[7] as string)).toBe(`<p>${versions[7]} 1</p>`);
  // The first release is loaded again on it.
  expect(await render(versions[0] as string)).toBe(`<p>${versions[0]} 2</p>`);
});

test("a build whose renderer failed to load is loaded again by a fresh worker (after RELOAD_AFTER_MS; meanwhile 503)", async () => {
  const releases = folder({
    [`${VERSION}/mf-manifest.json`]: JSON.stringify({ name: 'catalog', exposes: [{ path: './Home', assets: { css: { sync: [] } } }] }),
    // As if the release were still being copied when it was first asked for.
    [`${VERSION}/server/frames.mjs`]: "throw new Error('half copied');",
  });
  const framesPort = await freePort();
  await serve([folder(REMOTE_DIST), '--releases', releases, '--frames-port', String(framesPort)], { env: WITH_SECRET, ready: ['serving', 'frames of'] });
  const url = `http://127.0.0.1:${framesPort}/releases/${VERSION}/frames`;
  expect((await post(url, FRAME)).status).toBe(500);
  writeFileSync(path.join(releases, VERSION, 'server', 'frames.mjs'), RELEASE[`${VERSION}/server/frames.mjs`] as string);
  // Asked again until it renders: refused at once (503) until the reload, never the failed import again.
  const statuses: number[] = [];
  const deadline = Date.now() + 20_000;
  let answer: Response;
  do {
    answer = await post(url, FRAME);
    statuses.push(answer.status);
  } while (answer.status === 503 && Date.now() < deadline);
  expect(new Set(statuses.slice(0, -1))).toEqual(new Set(statuses.length > 1 ? [503] : []));
  expect(answer.status).toBe(200);
  expect(await answer.json()).toEqual({ html: '<p>release /all-artifacts?page=2</p>', css: [] });
  // The remote's own build still renders.
  expect((await post(`http://127.0.0.1:${framesPort}/frames`, FRAME)).status).toBe(200);
}, 60_000);

test('the public port renders no frames and never sends the server builds', async () => {
  const framesPort = await freePort();
  const origin = await serve([folder(REMOTE_DIST), '--releases', folder(RELEASE), '--frames-port', String(framesPort)], { env: WITH_SECRET, ready: ['serving', 'frames of'] });

  expect((await post(`${origin}/frames`, FRAME)).status).toBe(405);
  expect((await fetch(`${origin}/frames`)).status).toBe(404);
  expect((await post(`${origin}/releases/${VERSION}/frames`, FRAME)).status).toBe(405);
  expect((await fetch(`${origin}/server/frames.mjs`)).status).toBe(404);
  expect((await fetch(`${origin}/server/`)).status).toBe(404);
  expect((await fetch(`${origin}/releases/${VERSION}/server/frames.mjs`)).status).toBe(404);
  // Nor under another spelling of the same path (checked after decoding and normalising).
  for (const spelling of ['/server%2fframes.mjs', '/%73erver/frames.mjs', '/x%2f..%2fserver/frames.mjs', '/.//server/frames.mjs', '/SERVER/frames.mjs', `/releases/${VERSION}/server%2fframes.mjs`]) {
    expect([spelling, await rawStatus(origin, spelling)]).toEqual([spelling, 404]);
  }
  // A request target the URL parser refuses is answered 400 (it once took the whole process down).
  expect(await rawStatus(origin, '//[')).toBe(400);
  expect(await rawStatus(`http://127.0.0.1:${framesPort}`, '//[', 'POST', { 'X-Frames-Secret': SECRET })).toBe(400);
  // The rest of the build and of the release is served as before.
  expect((await fetch(`${origin}/home.css`)).status).toBe(200);
  expect((await fetch(`${origin}/releases/${VERSION}/mf-manifest.json`)).status).toBe(200);
});

test('a frames port that is not a port number stops the remote at start-up', async () => {
  const dist = folder(REMOTE_DIST);
  expect((await refusal([dist, '--frames-port', 'abc'])).code).toBe(2);
  const fromEnv = await refusal([dist], { FRAMES_PORT: '70000', ...WITH_SECRET });
  expect(fromEnv.code).toBe(2);
  expect(fromEnv.stderr).toContain('FRAMES_PORT');
});

test('the shell\'s index.html has its own style sheets inline', async () => {
  const dist = folder({
    'index.html': '<html><head><title>x</title><link href="/main.css" rel="stylesheet"><link href="/closing.css" rel="stylesheet"></head><body><div id="root"></div></body></html>',
    'main.css': 'body { margin: 0; }',
    // A style sheet that could close the <style> element stays a link.
    'closing.css': 'a::after { content: "</style>"; }',
  });
  const origin = await serve([dist, '--spa']);
  for (const route of ['/', '/some/route']) {
    const html = await (await fetch(`${origin}${route}`)).text();
    expect(html).toContain('<style>body { margin: 0; }</style>');
    expect(html).not.toContain('<link href="/main.css" rel="stylesheet">');
    expect(html).toContain('<link href="/closing.css" rel="stylesheet">');
  }
  // The style sheet itself is still served.
  expect(await (await fetch(`${origin}/main.css`)).text()).toBe('body { margin: 0; }');
});

// The shell's build with a server build composing the pages under /composed.
const SHELL_INDEX = '<html><head><title>x</title></head><body><div id="root"></div></body></html>';
const COMPOSER = `export const inlineScriptHashes = ['sha256-c3RhcnRlcg==', 'not a hash'];
export function createFirstPageServer({ runtimeConfig, env, log }) {
  return {
    frames: { catalog: 'http://x' },
    compose: async (url, indexHtml, visitor) => {
      if (url.startsWith('/failing')) throw new Error('the composer broke');
      if (url.startsWith('/throwing')) return JSON.parse('not json');
      return url.startsWith('/composed') ? indexHtml.replace('<div id="root"></div>', \`<div id="root">COMPOSED \${url} \${runtimeConfig.apiUrl} for \${visitor.address} via \${visitor.forwardedFor}</div>\`) : undefined;
    },
  };
}`;

test('the shell sends the document its server build composes, and index.html when it composes none or fails', async () => {
  const dist = folder({ 'index.html': SHELL_INDEX, 'server/first-page.mjs': COMPOSER, 'runtime-config.json': JSON.stringify({ apiUrl: 'https://api.example.org' }) });
  const origin = await serve([dist, '--spa'], { ready: ['composing first pages with frames of catalog (http://x)', 'serving'] });

  const composed = await fetch(`${origin}/composed?page=2`);
  expect(composed.headers.get('content-type')).toBe('text/html; charset=utf-8');
  // The inline script the server build declares is allowed by its hash, and nothing else inline.
  const scripts = /script-src ([^;]+)/.exec(composed.headers.get('content-security-policy') ?? '')?.[1]?.split(' ') ?? [];
  expect(scripts).toContain("'sha256-c3RhcnRlcg=='");
  expect(scripts.filter((source) => source.startsWith("'") && source !== "'self'")).toEqual(["'sha256-c3RhcnRlcg=='"]);
  const document = await composed.text();
  // The composer is told who asks: the connection's address and the X-Forwarded-For it came with.
  expect(document).toContain('<div id="root">COMPOSED /composed?page=2 https://api.example.org for 127.0.0.1 via undefined</div>');
  const forwarded = await (await fetch(`${origin}/composed`, { headers: { 'X-Forwarded-For': '203.0.113.7' } })).text();
  expect(forwarded).toMatch(/COMPOSED \/composed https:\/\/api\.example\.org for (::ffff:)?127\.0\.0\.1 via 203\.0\.113\.7</);
  // The document is index.html as the shell serves it (here: with the routing preload).
  expect(document).toContain('href="https://api.example.org/releases/routing"');

  const plain = await (await fetch(`${origin}/other`)).text();
  expect(plain).toContain('<div id="root"></div>');
  expect(plain).not.toContain('COMPOSED');

  // A composition that fails (its promise rejected) sends the plain page too, never a 500.
  for (const route of ['/failing', '/throwing?x=1']) {
    const failed = await fetch(`${origin}${route}`);
    expect(failed.status).toBe(200);
    expect(await failed.text()).toBe(plain);
  }

  // HEAD is answered with the plain index.html's headers: nothing is composed for it.
  const head = await fetch(`${origin}/composed`, { method: 'HEAD', headers: { 'Accept-Encoding': 'identity' } });
  const plainLength = (await fetch(`${origin}/other`, { headers: { 'Accept-Encoding': 'identity' } })).headers.get('content-length');
  expect(head.headers.get('content-length')).toBe(plainLength);
  expect((await fetch(`${origin}/composed`, { headers: { 'Accept-Encoding': 'identity' } })).headers.get('content-length')).not.toBe(plainLength);

  // The server build itself is never sent.
  expect((await fetch(`${origin}/server/first-page.mjs`)).status).toBe(404);
});

test('a first-page configuration the shell\'s server build refuses stops the shell at start-up', async () => {
  const refusing = `export function createFirstPageServer() {
    throw new Error('REMOTE_CATALOG_FRAMES_URL must be an absolute http(s) URL (got "x")');
  }`;
  const dist = folder({ 'index.html': SHELL_INDEX, 'server/first-page.mjs': refusing });
  const config = path.join(folder({}), 'runtime-config.json');
  writeFileSync(config, JSON.stringify({ apiUrl: 'https://api.example.org' }));

  const { code, stderr } = await refusal([dist, '--spa', '--runtime-config', config]);
  expect(code).toBe(2);
  expect(stderr).toContain('REMOTE_CATALOG_FRAMES_URL must be an absolute http(s) URL');
});
