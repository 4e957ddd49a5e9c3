#!/usr/bin/env node
// Serves one front end's dist folder, as a CDN would: `node deploy/serve-static.mjs <dir> <port>
// [--shell] [--cors] [--host <host>] [--runtime-config <file>]`.
//   --shell (or its first name, --spa) this is the shell: unknown paths without a file extension
//           answer its document (client-side routes), made by deploy/shell-document.mjs
//   --cors  Access-Control-Allow-Origin: * (remotes: the shell fetches their manifests and chunks)
//   --runtime-config  serve this file as /runtime-config.json (per deployment; also
//           RUNTIME_CONFIG_FILE in the environment), instead of the one in the build
//   --releases <dir>  a remote's published releases (also RELEASES_DIR): /releases/<version>/...
//           is served from <dir>/<version>/ (`npm run release -- publish`, docs/decisions/0008).
//           A release's files never change, so all of them, its manifest too, are cached forever.
//   --frames-port <port>  a remote whose build renders frames (dist/server/frames.mjs) answers the
//           shell's server on this port too (also FRAMES_PORT; never the public one): deploy/frames.mjs.
//           It listens on 127.0.0.1 unless --frames-host / FRAMES_HOST names another address (compose:
//           the remote's address on its internal network), and answers only requests that carry
//           FRAMES_SECRET (required with the port); FRAMES_RENDER_TIMEOUT_MS bounds each render.
// The shell (--shell) composes a visit's first page when its build has dist/server/first-page.mjs and
// a remote's frames are configured (REMOTE_<NAME>_FRAMES_URL, FRAMES_SECRET, API_INTERNAL_URL:
// docs/decisions/0010), telling it the visitor's address (its api calls carry it in X-Forwarded-For);
// and it always inlines index.html's own style sheets (no round trip before the first paint).
// With SITE_ORIGIN (the site's public origin), the shell also sends an artifact's details document and
// a public collection's with the page's public metadata (tags and JSON-LD), serves /sitemap.xml and the
// files it lists from the api's answers, and names the sitemap in robots.txt (issue 28).
// Nothing under /server/ (the server builds) is ever served.
// Entry files (HTML, runtime-config.json, remoteEntry.js, mf-manifest.json) are revalidated on every
// load so a redeploy shows at once; content-hashed files are cached forever. Text is gzipped.
// Every response carries the security headers of deploy/security-headers.mjs; the shell's (--shell)
// Content-Security-Policy is built from the runtime config it serves. NODE_ENV=production adds HSTS.
import { createServer } from 'node:http';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createGzip, gzipSync } from 'node:zlib';
import { framesHandler, readRenderTimeout } from './frames.mjs';
import { securityHeaders } from './security-headers.mjs';
import { gzippedOnce, ShellDocument } from './shell-document.mjs';

const { values: options, positionals } = parseArgs({
  options: {
    shell: { type: 'boolean', default: false },
    // --shell's first name, as scripts and images still pass it.
    spa: { type: 'boolean', default: false },
    cors: { type: 'boolean', default: false },
    host: { type: 'string' },
    'runtime-config': { type: 'string' },
    releases: { type: 'string' },
    'frames-port': { type: 'string' },
    'frames-host': { type: 'string' },
  },
  allowPositionals: true,
});
const host = options.host;
const runtimeConfigArg = options['runtime-config'] ?? process.env.RUNTIME_CONFIG_FILE;
const runtimeConfig = runtimeConfigArg ? path.resolve(runtimeConfigArg) : undefined;
const releasesArg = options.releases ?? process.env.RELEASES_DIR;
const releasesRoot = releasesArg ? path.resolve(releasesArg) : undefined;
const framesPortArg = options['frames-port'] ?? process.env.FRAMES_PORT;
const framesHost = options['frames-host'] ?? (process.env.FRAMES_HOST || '127.0.0.1');
const [dirArg, portArg] = positionals;
if (!dirArg || !portArg) {
  console.error('usage: node deploy/serve-static.mjs <dir> <port> [--shell | --spa] [--cors] [--host <host>] [--runtime-config <file>] [--releases <dir>] [--frames-port <port>] [--frames-host <address>]');
  process.exit(2);
}
const root = path.resolve(dirArg);
const port = Number(portArg);
const isShell = options.shell || options.spa;
const { cors } = options;

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.webp': 'image/webp',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.map', '.svg', '.txt']);
const ENTRY_FILES = new Set(['index.html', 'runtime-config.json', 'remoteEntry.js', 'mf-manifest.json']);
// Rspack's output names: [name].[contenthash:10].ext (assets too).
const HASHED = /\.[0-9a-f]{8,}\.[a-z0-9]+$/i;

/** The gzip of files that never change (hashed names, releases), made once. */
const immutableGzips = new Map();
const production = process.env.NODE_ENV === 'production';
/** A remote's headers; the shell's follow its runtime config (shellDocument.headers()). */
const remoteHeaders = securityHeaders({ isShell: false, production });

/**
 * A sitemap file, streamed as the api answers (gzipped when the client takes it). A failure before
 * its first byte answers 503; a later one cuts the response, so the client sees it incomplete.
 */
async function sendSitemap(request, response, method, chunks) {
  const iterator = chunks[Symbol.asyncIterator]();
  let first;
  try {
    first = await iterator.next();
  } catch (error) {
    console.error(`sitemap not sent: ${error instanceof Error ? error.message : String(error)}`);
    response.writeHead(503, { 'Content-Type': 'text/plain; charset=utf-8', 'Retry-After': '60', 'Cache-Control': 'no-store' }).end('The sitemap is not available now.\n');
    return;
  }
  const gzip = /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
  response.writeHead(200, {
    'Content-Type': 'application/xml; charset=utf-8',
    'Cache-Control': 'no-cache',
    Vary: 'Accept-Encoding',
    ...(gzip ? { 'Content-Encoding': 'gzip' } : {}),
  });
  if (method === 'HEAD') {
    await iterator.return?.();
    response.end();
    return;
  }
  async function* all() {
    try {
      if (!first.done) yield first.value;
      for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
    } finally {
      await iterator.return?.();
    }
  }
  try {
    await pipeline(Readable.from(all()), ...(gzip ? [createGzip()] : []), response);
  } catch (error) {
    console.error(`sitemap cut: ${error instanceof Error ? error.message : String(error)}`);
    response.destroy();
  }
}

// A release's folder name: its version (libs/contracts/src/releases.ts RELEASE_VERSION_PATTERN).
const RELEASE_PATH = /^\/releases\/(\d{1,4}\.\d{1,4}\.\d{1,4}-[0-9a-f]{12})(\/.*)$/;
/** The server builds (dist/server/): run by this server, never sent. */
const SERVER_BUILD = /^\/server(\/|$)/i;
const IMMUTABLE = 'public, max-age=31536000, immutable';

function cacheControl(file) {
  if (releasesRoot && file.startsWith(releasesRoot + path.sep)) return IMMUTABLE;
  const name = path.basename(file);
  if (ENTRY_FILES.has(name) || name.endsWith('.html')) return 'no-cache';
  if (HASHED.test(name)) return IMMUTABLE;
  return 'no-cache';
}

async function findFile(urlPath, base = root) {
  let decoded;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  const file = path.join(base, path.normalize(decoded));
  // Never serve outside the folder (../ in the path), nor the server builds in it (checked on the
  // decoded, normalised path: /%73erver/… or /x/../server/… are the same file).
  if (file !== base && !file.startsWith(base + path.sep)) return null;
  if (SERVER_BUILD.test(`/${path.relative(base, file).split(path.sep).join('/')}`)) return null;
  try {
    const info = await stat(file);
    if (info.isFile()) return file;
    if (info.isDirectory()) {
      const index = path.join(file, 'index.html');
      if ((await stat(index).catch(() => null))?.isFile()) return index;
    }
  } catch {
    // missing: fall through
  }
  return null;
}

// The shell's document (index.html prepared, first pages composed): deploy/shell-document.mjs.
const shellDocument = isShell ? await ShellDocument.load({ root, runtimeConfigFile: runtimeConfig, production, findFile }) : undefined;

/** The headers every response carries: the security headers, and CORS for a remote (--cors). */
async function setCommonHeaders(response) {
  const headers = shellDocument ? await shellDocument.headers() : remoteHeaders;
  for (const [name, value] of Object.entries(headers)) response.setHeader(name, value);
  if (cors) {
    response.setHeader('Access-Control-Allow-Origin', '*');
    response.setHeader('Access-Control-Allow-Methods', 'GET, HEAD, OPTIONS');
  }
}

/** The request's path, or undefined when its target is not a URL. */
function pathnameOf(request) {
  try {
    return new URL(request.url ?? '/', 'http://localhost').pathname;
  } catch {
    return undefined;
  }
}

/**
 * The file a path is answered with: a release's file, the deployment's runtime config, a file of the
 * build, or (the shell) its document for a client-side route; null: none.
 */
async function fileFor(pathname) {
  const release = releasesRoot ? RELEASE_PATH.exec(pathname) : null;
  let file;
  if (release) file = await findFile(release[2], path.join(releasesRoot, release[1]));
  else file = runtimeConfig && pathname === '/runtime-config.json' ? runtimeConfig : await findFile(pathname);
  if (!file && isShell && path.extname(pathname) === '') file = await findFile('/index.html');
  return file;
}

/** No file for the path: 404, but a remote's root answers so health checks see it up (it has no page of its own). */
function sendNoFile(response, pathname, method) {
  if (pathname === '/') {
    response.writeHead(200, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-cache' });
    response.end(method === 'HEAD' ? undefined : `${path.basename(path.dirname(root))}: see /mf-manifest.json\n`);
    return;
  }
  response.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found\n');
}

/**
 * What a file is answered with: `body`, and `page` when the shell's document made it (its gzip is
 * kept with it while it stays the same).
 */
async function contentOf(file, request, method) {
  if (shellDocument?.isIndex(file)) {
    const { page, status } = await shellDocument.page(file, request, method);
    return { body: page.body, page, status };
  }
  const body = await readFile(file);
  if (shellDocument && file === path.join(root, 'robots.txt')) return { body: shellDocument.robotsTxt(body) };
  return { body };
}

/**
 * The body gzipped: a page's gzip is kept with it; hashed files and releases never change, so theirs
 * is made once; entry files may be redeployed, so theirs is made each time.
 */
function gzipped(file, body, page) {
  if (page) return gzippedOnce(page);
  const key = HASHED.test(file) || cacheControl(file) === IMMUTABLE ? file : null;
  let gz = key ? immutableGzips.get(key) : undefined;
  if (!gz) {
    gz = gzipSync(body, { level: 9 });
    if (key) immutableGzips.set(key, gz);
  }
  return gz;
}

async function handleRequest(request, response) {
  const method = request.method ?? 'GET';
  await setCommonHeaders(response);
  if (method === 'OPTIONS') {
    response.writeHead(204).end();
    return;
  }
  if (method !== 'GET' && method !== 'HEAD') {
    response.writeHead(405, { Allow: 'GET, HEAD, OPTIONS' }).end();
    return;
  }
  const pathname = pathnameOf(request);
  if (pathname === undefined) {
    response.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Bad request\n');
    return;
  }
  // The sitemap (issue 28), made from the api's answers; robots.txt names it.
  const sitemap = shellDocument?.sitemap(request);
  if (sitemap) {
    await sendSitemap(request, response, method, sitemap);
    return;
  }
  const file = await fileFor(pathname);
  if (!file) {
    sendNoFile(response, pathname, method);
    return;
  }
  const ext = path.extname(file).toLowerCase();
  const headers = {
    'Content-Type': TYPES[ext] ?? 'application/octet-stream',
    'Cache-Control': cacheControl(file),
  };
  let content;
  try {
    content = await contentOf(file, request, method);
  } catch {
    response.writeHead(500).end();
    return;
  }
  let { body } = content;
  if (COMPRESSIBLE.has(ext)) {
    headers.Vary = 'Accept-Encoding';
    if (/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) {
      body = gzipped(file, body, content.page);
      headers['Content-Encoding'] = 'gzip';
    }
  }
  headers['Content-Length'] = body.length;
  // The shell's document depends on the visit's cookies (the session hint and the theme).
  if (content.page) headers.Vary = headers.Vary ? `${headers.Vary}, Cookie` : 'Cookie';
  response.writeHead(content.status ?? 200, headers);
  response.end(method === 'HEAD' ? undefined : body);
}

const server = createServer(handleRequest);

// Read now, so that a configuration mistake stops the start-up instead of every later request.
if (shellDocument) {
  try {
    await shellDocument.readRuntimeConfig({ atStart: true });
  } catch (error) {
    console.error(`serve-static: ${error.message}`);
    process.exit(2);
  }
}

/** Where a server really listens, as a URL (every interface is named as such, not as localhost). */
function listening(address) {
  if (typeof address !== 'object' || address === null) return String(address);
  const name = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const everywhere = address.address === '::' || address.address === '0.0.0.0' ? ' (every interface)' : '';
  return `http://${name}:${address.port}${everywhere}`;
}

// A remote's frames, on their own port (docs/decisions/0010), checked before anything listens.
let framesServer;
if (framesPortArg && !isShell) {
  const framesPort = Number(framesPortArg);
  if (!Number.isInteger(framesPort) || framesPort <= 0 || framesPort > 65535) {
    console.error(`--frames-port / FRAMES_PORT must be a port number (got ${framesPortArg})`);
    process.exit(2);
  }
  let handler;
  try {
    handler = framesHandler({ root, releasesRoot, secret: process.env.FRAMES_SECRET, timeoutMs: readRenderTimeout(process.env.FRAMES_RENDER_TIMEOUT_MS), log: (line) => console.error(line) });
  } catch (error) {
    console.error(`serve-static: ${error.message}`);
    process.exit(2);
  }
  framesServer = createServer(handler);
  // Only the shell's server calls it, quickly: a client that trickles its request is cut off.
  framesServer.headersTimeout = 5_000;
  framesServer.requestTimeout = 10_000;
  framesServer.on('close', () => handler.close());
  framesServer.on('error', (error) => {
    console.error(`serve-static: the frames port could not listen on ${framesHost}:${framesPort}: ${error.message}`);
    process.exit(2);
  });
  framesServer.listen(framesPort, framesHost, () => console.log(`frames of ${root} on ${listening(framesServer.address())}`));
}

server.listen(port, host, () => {
  console.log(`serving ${root} on ${listening(server.address())}${isShell ? ' (SPA)' : ''}${cors ? ' (CORS)' : ''}`);
});

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    framesServer?.close();
    server.close(() => process.exit(0));
  });
}
