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
// Entry files (HTML, runtime-config.json, remoteEntry.js, mf-manifest.json) are revalidated on every
// load so a redeploy shows at once; content-hashed files are cached forever. Text is gzipped.
// Every response carries the security headers of deploy/security-headers.mjs; the shell's (--spa)
// Content-Security-Policy is built from the runtime config it serves. NODE_ENV=production adds HSTS.
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { securityHeaders } from './security-headers.mjs';

const { values: options, positionals } = parseArgs({
  options: {
    spa: { type: 'boolean', default: false },
    cors: { type: 'boolean', default: false },
    host: { type: 'string' },
    'runtime-config': { type: 'string' },
    releases: { type: 'string' },
  },
  allowPositionals: true,
});
const host = options.host;
const runtimeConfigArg = options['runtime-config'] ?? process.env.RUNTIME_CONFIG_FILE;
const runtimeConfig = runtimeConfigArg ? path.resolve(runtimeConfigArg) : undefined;
const releasesArg = options.releases ?? process.env.RELEASES_DIR;
const releasesRoot = releasesArg ? path.resolve(releasesArg) : undefined;
const [dirArg, portArg] = positionals;
if (!dirArg || !portArg) {
  console.error('usage: node deploy/serve-static.mjs <dir> <port> [--spa] [--cors] [--host <host>] [--runtime-config <file>] [--releases <dir>]');
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
let headerCache = { mtimeMs: -1, headers: securityHeaders({ isShell: spa, production }), routingUrl: undefined };
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
  return html.replace('</head>', `    ${link}\n  </head>`);
}

async function readRuntimeConfig() {
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
    headerCache = { mtimeMs, headers: securityHeaders({ runtimeConfig: config, isShell: true, production }), routingUrl: routingUrlOf(config) };
  }
}

// A release's folder name: its version (libs/contracts/src/releases.ts RELEASE_VERSION_PATTERN).
const RELEASE_PATH = /^\/releases\/(\d{1,4}\.\d{1,4}\.\d{1,4}-[0-9a-f]{12})(\/.*)$/;
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
  // Never serve outside the folder (../ in the path).
  if (file !== base && !file.startsWith(base + path.sep)) return null;
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
  const { pathname } = new URL(request.url ?? '/', 'http://localhost');
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
  try {
    body = await readFile(file);
  } catch {
    response.writeHead(500).end();
    return;
  }
  if (spa && path.basename(file) === 'index.html' && path.dirname(file) === root) body = Buffer.from(withRoutingPreload(body.toString('utf8')));
  if (COMPRESSIBLE.has(ext)) {
    headers.Vary = 'Accept-Encoding';
    if (/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) {
      // Hashed files and releases never change, so their gzip is computed once; entry files may be
      // redeployed.
      const key = HASHED.test(file) || cacheControl(file) === IMMUTABLE ? file : null;
      let gz = key ? gzipCache.get(key) : undefined;
      if (!gz) {
        gz = gzipSync(body, { level: 9 });
        if (key) gzipCache.set(key, gz);
      }
      body = gz;
      headers['Content-Encoding'] = 'gzip';
    }
  }
  headers['Content-Length'] = body.length;
  response.writeHead(200, headers);
  response.end(method === 'HEAD' ? undefined : body);
});

server.listen(port, host, () => {
  console.log(`serving ${root} on http://${host ?? 'localhost'}:${port}${spa ? ' (SPA)' : ''}${cors ? ' (CORS)' : ''}`);
});

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.close(() => process.exit(0)));
}
