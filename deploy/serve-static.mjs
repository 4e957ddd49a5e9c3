#!/usr/bin/env node
// Serves one front end's dist folder, as a CDN would: `node deploy/serve-static.mjs <dir> <port>
// [--spa] [--cors] [--host <host>] [--runtime-config <file>]`.
//   --spa   unknown paths without a file extension answer index.html (client-side routes)
//   --cors  Access-Control-Allow-Origin: * (remotes: the shell fetches their manifests and chunks)
//   --runtime-config  serve this file as /runtime-config.json (per deployment; also
//           RUNTIME_CONFIG_FILE in the environment), instead of the one in the build
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
  },
  allowPositionals: true,
});
const host = options.host;
const runtimeConfigArg = options['runtime-config'] ?? process.env.RUNTIME_CONFIG_FILE;
const runtimeConfig = runtimeConfigArg ? path.resolve(runtimeConfigArg) : undefined;
const [dirArg, portArg] = positionals;
if (!dirArg || !portArg) {
  console.error('usage: node deploy/serve-static.mjs <dir> <port> [--spa] [--cors] [--host <host>] [--runtime-config <file>]');
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
let headerCache = { mtimeMs: -1, headers: securityHeaders({ isShell: spa, production }) };
async function responseHeaders() {
  if (!spa) return headerCache.headers;
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
    headerCache = { mtimeMs, headers: securityHeaders({ runtimeConfig: config, isShell: true, production }) };
  }
  return headerCache.headers;
}

function cacheControl(file) {
  const name = path.basename(file);
  if (ENTRY_FILES.has(name) || name.endsWith('.html')) return 'no-cache';
  if (HASHED.test(name)) return 'public, max-age=31536000, immutable';
  return 'no-cache';
}

async function findFile(urlPath) {
  let decoded;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  const file = path.join(root, path.normalize(decoded));
  // Never serve outside the folder (../ in the path).
  if (file !== root && !file.startsWith(root + path.sep)) return null;
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
  let file = runtimeConfig && pathname === '/runtime-config.json' ? runtimeConfig : await findFile(pathname);
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
  if (COMPRESSIBLE.has(ext)) {
    headers.Vary = 'Accept-Encoding';
    if (/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) {
      // Hashed files never change, so their gzip is computed once; entry files may be redeployed.
      const key = HASHED.test(file) ? file : null;
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
