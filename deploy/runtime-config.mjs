#!/usr/bin/env node
// Writes the shell's /runtime-config.json from the environment: the shell container's start command
// runs this before the static server, so one image serves any deployment (never built in).
//
//   node deploy/runtime-config.mjs <out-file>
//
// API_URL                  the api, as the browser reaches it
// AUTH_EMULATOR_URL        optional: the Firebase Auth Emulator (local demo only)
// FIREBASE_API_KEY, FIREBASE_AUTH_DOMAIN, FIREBASE_PROJECT_ID   the Firebase web config (public)
// REMOTE_<NAME>_URL        where each remote is deployed (the names: workspace.json's urlVariable):
//                          its base URL (mf-manifest.json is appended) or its manifest's URL (*.json)
// TELEMETRY_SAMPLE_RATE    optional: the share of page loads, 0-1, that report remote loads to the release
//                          registry (POST /releases/telemetry); the shell's default is 1 (every load)
// URLs are absolute http(s) or start with '/' (same origin, e.g. behind one reverse proxy).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

// The remotes and the variable that names each one's address: the workspace description.
const { frontEnds } = JSON.parse(readFileSync(new URL('../workspace.json', import.meta.url), 'utf8'));
const REMOTES = frontEnds.filter((piece) => piece.role === 'remote');

const problems = [];

function url(name, { optional = false } = {}) {
  const value = (process.env[name] ?? '').trim();
  if (value === '') {
    if (!optional) problems.push(`${name} is required`);
    return undefined;
  }
  if (value.startsWith('/')) return value.replace(/\/$/, '') || '/';
  try {
    const parsed = new URL(value);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new Error('not http(s)');
    return value.replace(/\/$/, '');
  } catch {
    problems.push(`${name} must be an http(s) URL or a path starting with '/' (got ${JSON.stringify(value)})`);
    return undefined;
  }
}

function text(name) {
  const value = (process.env[name] ?? '').trim();
  if (value === '') problems.push(`${name} is required`);
  return value;
}

function rate(name) {
  const value = (process.env[name] ?? '').trim();
  if (value === '') return undefined;
  const parsed = Number(value);
  if (!/^\d*\.?\d+$/.test(value) || !(parsed >= 0 && parsed <= 1)) {
    problems.push(`${name} must be a number from 0 to 1 (got ${JSON.stringify(value)})`);
    return undefined;
  }
  return parsed;
}

function manifest(name) {
  const base = url(name);
  if (base === undefined) return undefined;
  return base.endsWith('.json') ? base : `${base === '/' ? '' : base}/mf-manifest.json`;
}

const out = process.argv[2];
if (!out) {
  console.error('usage: node deploy/runtime-config.mjs <out-file>');
  process.exit(2);
}

const config = {
  apiUrl: url('API_URL'),
  authEmulatorUrl: url('AUTH_EMULATOR_URL', { optional: true }),
  firebase: {
    apiKey: text('FIREBASE_API_KEY'),
    authDomain: text('FIREBASE_AUTH_DOMAIN'),
    projectId: text('FIREBASE_PROJECT_ID'),
  },
  remotes: Object.fromEntries(REMOTES.map((remote) => [remote.name, manifest(remote.urlVariable)])),
  telemetrySampleRate: rate('TELEMETRY_SAMPLE_RATE'),
};

if (problems.length > 0) {
  console.error(`runtime-config: cannot write ${out}:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
mkdirSync(path.dirname(path.resolve(out)), { recursive: true });
writeFileSync(out, `${JSON.stringify(config, null, 2)}\n`);
console.log(`runtime-config: ${out} written (api ${config.apiUrl}; remotes ${Object.values(config.remotes).join(', ')})`);
