#!/usr/bin/env node
// Serves one front end's dist folder, as a CDN would: `node deploy/serve-static.mjs <dir> <port>
// [--spa] [--cors] [--host <host>] [--runtime-config <file>]`.
//   --spa   unknown paths without a file extension answer index.html (client-side routes)
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
// The shell (--spa) composes a visit's first page when its build has dist/server/first-page.mjs and
// a remote's frames are configured (REMOTE_<NAME>_FRAMES_URL, FRAMES_SECRET, API_INTERNAL_URL:
// docs/decisions/0010), telling it the visitor's address (its api calls carry it in X-Forwarded-For);
// and it always inlines index.html's own style sheets (no round trip before the first paint).
// With SITE_ORIGIN (the site's public origin), the shell also sends an artifact's details document and
// a public collection's with the page's public metadata (tags and JSON-LD), serves /sitemap.xml and the
// files it lists from the api's answers, and names the sitemap in robots.txt (issue 28).
// Nothing under /server/ (the server builds) is ever served.
// Entry files (HTML, runtime-config.json, remoteEntry.js, mf-manifest.json) are revalidated on every
// load so a redeploy shows at once; content-hashed files are cached forever. Text is gzipped.
// Every response carries the security headers of deploy/security-headers.mjs; the shell's (--spa)
// Content-Security-Policy is built from the runtime config it serves. NODE_ENV=production adds HSTS.
import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { createGzip, gzipSync } from 'node:zlib';
import { framesHandler, readRenderTimeout } from './frames.mjs';
import { securityHeaders } from './security-headers.mjs';

const { values: options, positionals } = parseArgs({
  options: {
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
  console.error('usage: node deploy/serve-static.mjs <dir> <port> [--spa] [--cors] [--host <host>] [--runtime-config <file>] [--releases <dir>] [--frames-port <port>] [--frames-host <address>]');
  process.exit(2);
}
const root = path.resolve(dirArg);
const port = Number(portArg);
const { spa, cors } = options;

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

const gzipCache = new Map();
const production = process.env.NODE_ENV === 'production';

// The runtime config is written before the server starts, but a deployment may rewrite it in place:
// re-read it when its modification time changes.
let headerCache = { mtimeMs: -1, headers: securityHeaders({ isShell: spa, production }), routingUrl: undefined, firstPage: undefined, share: undefined };
async function responseHeaders() {
  if (!spa) return headerCache.headers;
  await readRuntimeConfig();
  return headerCache.headers;
}

/**
 * The release registry's routing URL (docs/decisions/0008), from the runtime config's apiUrl: the
 * shell's index.html preloads it, so the routing downloads in parallel with the runtime config and
 * the shell's code instead of after them.
 */
function routingUrlOf(config) {
  if (typeof config?.apiUrl !== 'string') return undefined;
  try {
    const url = new URL(`${config.apiUrl.replace(/\/+$/, '')}/releases/routing`, 'http://localhost');
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
    return config.apiUrl.startsWith('/') ? `${url.pathname}` : url.href;
  } catch {
    return undefined;
  }
}

const escapeAttribute = (value) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The shell's index.html with the routing preload in its head. */
function withRoutingPreload(html) {
  const url = headerCache.routingUrl;
  if (!url) return html;
  const link = `<link rel="preload" href="${escapeAttribute(url)}" as="fetch" crossorigin="anonymous" />`;
  return html.replace('</head>', () => `    ${link}\n  </head>`);
}

async function readRuntimeConfig({ atStart = false } = {}) {
  const file = runtimeConfig ?? path.join(root, 'runtime-config.json');
  const info = await stat(file).catch(() => null);
  const mtimeMs = info?.mtimeMs ?? 0;
  if (mtimeMs !== headerCache.mtimeMs) {
    let config;
    try {
      config = JSON.parse(await readFile(file, 'utf8'));
    } catch {
      config = undefined;
    }
    headerCache = {
      mtimeMs,
      // The composed documents' inline starter is allowed by its hash (docs/decisions/0011).
      headers: securityHeaders({ runtimeConfig: config, isShell: true, production, scriptHashes: firstPageModule?.inlineScriptHashes ?? [] }),
      routingUrl: routingUrlOf(config),
      firstPage: await firstPageServerFor(config).catch((error) => {
        // At start-up the server refuses to run with it; later (a config rewritten in place) the
        // pages go out plain and the log says why.
        if (atStart) throw error;
        console.error(`not composing first pages: ${error.message}`);
        return undefined;
      }),
      share: sharePagesFor(config, atStart),
    };
  }
}

// The shell's server build (docs/decisions/0010), if it has one: composes a visit's first page.
const firstPageModule = spa && existsSync(path.join(root, 'server', 'first-page.mjs')) ? await import(pathToFileURL(path.join(root, 'server', 'first-page.mjs')).href) : undefined;

/**
 * The composer for this runtime config, or undefined without a server build or a config. A
 * configuration mistake (a malformed REMOTE_*_FRAMES_URL, say) stops the server at start-up.
 */
async function firstPageServerFor(config) {
  if (!firstPageModule || !config) return undefined;
  const composer = firstPageModule.createFirstPageServer({ runtimeConfig: config, env: process.env, log: (line) => console.log(line) });
  const names = Object.entries(composer.frames).map(([name, url]) => `${name} (${url})`);
  console.log(names.length ? `composing first pages with frames of ${names.join(', ')}` : 'composing no first pages: no REMOTE_*_FRAMES_URL');
  return composer;
}

/**
 * The share pages and sitemap (issue 28: shell/src/server/share-pages.ts), or undefined without a
 * server build or a config. A configuration mistake (a malformed SITE_ORIGIN) stops the start-up.
 */
function sharePagesFor(config, atStart) {
  if (!firstPageModule?.createSharePages || !config) return undefined;
  try {
    const share = firstPageModule.createSharePages({ runtimeConfig: config, env: process.env, log: (line) => console.log(line) });
    console.log(share.origin ? `share tags and sitemap for ${share.origin}` : 'no share tags nor sitemap: no SITE_ORIGIN');
    return share;
  } catch (error) {
    if (atStart) throw error;
    console.error(`no share tags nor sitemap: ${error.message}`);
    return undefined;
  }
}

/** A details or collection document with its page's metadata (undefined: the plain page). */
async function shareDocument(share, url, indexHtml, visitor) {
  try {
    return await share?.document(url, indexHtml, visitor);
  } catch (error) {
    console.error(`share tags left out: ${error instanceof Error ? error.message : String(error)}`);
    return undefined;
  }
}

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

/** index.html's own style sheets, put inline: the first paint waits for no request of its own. */
const styleSheets = new Map();
async function withInlineStyles(html) {
  const links = [...html.matchAll(/<link href="(\/[\w.-]+\.css)" rel="stylesheet">/g)];
  let out = html;
  for (const [tag, href] of links) {
    const file = await findFile(href);
    if (!file) continue;
    if (!styleSheets.has(file)) styleSheets.set(file, await readFile(file, 'utf8'));
    const css = styleSheets.get(file);
    if (/<\/style/i.test(css)) continue;
    out = out.replace(tag, () => `<style>${css}</style>`);
  }
  return out;
}

/**
 * index.html as this server sends it (the routing preload, inline style sheets), made again only when
 * the file or the runtime config has changed, not on every visit.
 */
let servedIndexCache = { key: '', html: '', body: Buffer.alloc(0), gzip: undefined };
async function servedIndex(file) {
  const { mtimeMs, size } = await stat(file);
  const key = `${mtimeMs}:${size}:${headerCache.mtimeMs}`;
  if (servedIndexCache.key !== key) {
    const html = await withInlineStyles(withRoutingPreload(await readFile(file, 'utf8')));
    servedIndexCache = { key, html, body: Buffer.from(html), gzip: undefined };
  }
  return servedIndexCache;
}

/** The composer's document for a visit, or undefined (the plain page) when it has none or fails. */
async function composeFirstPage(firstPage, url, indexHtml, visitor) {
  try {
    return await firstPage?.compose(url, indexHtml, visitor);
  } catch (error) {
    console.error(`first page sent plain: the composer failed (${error instanceof Error ? error.message : String(error)})`);
    return undefined;
  }
}

/**
 * A composed document as sent. The composer hands the same document to every visit of a URL while
 * it keeps it (FIRST_PAGE_CACHE_MS): the last few are kept here with their gzip.
 */
const composedPages = new Map();
function composedPage(html) {
  let page = composedPages.get(html);
  if (!page) {
    page = { body: Buffer.from(html), gzip: undefined };
    composedPages.set(html, page);
    while (composedPages.size > 16) composedPages.delete(composedPages.keys().next().value);
  }
  return page;
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

const server = createServer(async (request, response) => {
  const method = request.method ?? 'GET';
  for (const [name, value] of Object.entries(await responseHeaders())) response.setHeader(name, value);
  if (cors) {
    response.setHeader('Access-Control-Allow-Origin', '*');
    response.setHeader('Access-Control-Allow-Methods', 'GET, HEAD, OPTIONS');
  }
  if (method === 'OPTIONS') {
    response.writeHead(204).end();
    return;
  }
  if (method !== 'GET' && method !== 'HEAD') {
    response.writeHead(405, { Allow: 'GET, HEAD, OPTIONS' }).end();
    return;
  }
  let pathname;
  try {
    ({ pathname } = new URL(request.url ?? '/', 'http://localhost'));
  } catch {
    response.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Bad request\n');
    return;
  }
  // The sitemap (issue 28), made from the api's answers; robots.txt names it.
  const sitemap = spa ? headerCache.share?.sitemap(request.url ?? '/', { address: request.socket.remoteAddress, forwardedFor: request.headers['x-forwarded-for'] }) : undefined;
  if (sitemap) {
    await sendSitemap(request, response, method, sitemap);
    return;
  }
  const release = releasesRoot ? RELEASE_PATH.exec(pathname) : null;
  let file;
  if (release) file = await findFile(release[2], path.join(releasesRoot, release[1]));
  else file = runtimeConfig && pathname === '/runtime-config.json' ? runtimeConfig : await findFile(pathname);
  if (!file && spa && path.extname(pathname) === '') file = await findFile('/index.html');
  if (!file) {
    if (pathname === '/') {
      // A remote has no page of its own; answer its root so health checks see it up.
      response.writeHead(200, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-cache' });
      response.end(method === 'HEAD' ? undefined : `${path.basename(path.dirname(root))}: see /mf-manifest.json\n`);
      return;
    }
    response.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found\n');
    return;
  }
  const ext = path.extname(file).toLowerCase();
  const headers = {
    'Content-Type': TYPES[ext] ?? 'application/octet-stream',
    'Cache-Control': cacheControl(file),
  };
  let body;
  // The page as sent, when it is made here (index.html): its gzip is kept while it stays the same.
  let page;
  try {
    if (spa && path.basename(file) === 'index.html' && path.dirname(file) === root) {
      const index = await servedIndex(file);
      // The visitor's address (and the proxies' before it) travels with the composition's api calls.
      const visitor = { address: request.socket.remoteAddress, forwardedFor: request.headers['x-forwarded-for'] };
      // A composition that fails sends the plain page, as one that composes nothing does.
      // A details or public collection document carries its page's metadata (issue 28): a public
      // collection's composed page carries it too.
      let composed;
      if (method === 'GET') {
        const framed = await composeFirstPage(headerCache.firstPage, request.url ?? '/', index.html, visitor);
        composed = (await shareDocument(headerCache.share, request.url ?? '/', framed ?? index.html, visitor)) ?? framed;
      }
      page = composed === undefined ? index : composedPage(composed);
      body = page.body;
    } else {
      body = await readFile(file);
      // robots.txt names the sitemap (an absolute URL, as the protocol asks) where there is one.
      if (spa && file === path.join(root, 'robots.txt') && headerCache.share?.origin) body = Buffer.concat([body, Buffer.from(`\nSitemap: ${headerCache.share.origin}/sitemap.xml\n`)]);
    }
  } catch {
    response.writeHead(500).end();
    return;
  }
  if (COMPRESSIBLE.has(ext)) {
    headers.Vary = 'Accept-Encoding';
    if (/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) {
      // Hashed files and releases never change, so their gzip is computed once; entry files may be
      // redeployed.
      const key = HASHED.test(file) || cacheControl(file) === IMMUTABLE ? file : null;
      let gz = page ? page.gzip : key ? gzipCache.get(key) : undefined;
      if (!gz) {
        gz = gzipSync(body, { level: 9 });
        if (key) gzipCache.set(key, gz);
        if (page) page.gzip = gz;
      }
      body = gz;
      headers['Content-Encoding'] = 'gzip';
    }
  }
  headers['Content-Length'] = body.length;
  response.writeHead(200, headers);
  response.end(method === 'HEAD' ? undefined : body);
});

// Read now, so that a configuration mistake stops the start-up instead of every later request.
if (spa) {
  try {
    await readRuntimeConfig({ atStart: true });
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
if (framesPortArg && !spa) {
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
  console.log(`serving ${root} on ${listening(server.address())}${spa ? ' (SPA)' : ''}${cors ? ' (CORS)' : ''}`);
});

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    framesServer?.close();
    server.close(() => process.exit(0));
  });
}
