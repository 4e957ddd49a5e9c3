// `npm run soak`: five minutes of mixed reads and writes at 50 connections against a real api on
// FerretDB, on loopback. Prints errors and the api's resident memory at start, middle and end.
//   node scripts/soak.mjs [--minutes 5] [--connections 50] [--out bench-results/soak-latest.json]
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { verifiedAccount } from './lib/firebase-session.mjs';
import { log, onInterrupt, stopAll } from './lib/processes.mjs';
import { NO_RATE_LIMITS, PROJECT_ID, ROOT, ensureFerretDb, seed, startApi, startAuthEmulator, startFerretDb } from './lib/services.mjs';
import { portsOf } from './lib/workspace.mjs';

const { values: args } = parseArgs({
  options: {
    minutes: { type: 'string', default: '5' },
    connections: { type: 'string', default: '50' },
    out: { type: 'string', default: 'bench-results/soak-latest.json' },
  },
});
const minutes = Number(args.minutes);
const connections = Number(args.connections);
const out = path.resolve(ROOT, args.out);
const PORTS = portsOf('soak');
const work = mkdtempSync(path.join(os.tmpdir(), 'antiquarium-soak-'));
const LOGS = path.join(work, 'logs');
const API = `http://127.0.0.1:${PORTS.api}`;
const AUTH = `http://127.0.0.1:${PORTS.auth}`;

function rssMiB(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round((kb / 1024) * 10) / 10;
}

async function makeUser(index) {
  const email = `soak-${index}-${Date.now()}@soak.antiquarium.test`;
  const { idToken } = await verifiedAccount(AUTH, { apiKey: 'demo-api-key', projectId: PROJECT_ID }, { email, password: 'Soak-1234' });
  return idToken;
}

const TYPES = ['Tools', 'Weapons', 'Documents', 'Writings', 'Others'];

function artifactBody(n) {
  return {
    name: `Soak Lamp ${n}`,
    image: `${API}/media/soak.webp`,
    type: TYPES[n % TYPES.length],
    context: 'Soak test',
    shortDescription: 'Made by the soak test.',
    createdAt: 'AD 100',
    discoveredAt: '1900',
    discoveredBy: 'The soak',
    location: 'Loopback',
  };
}

async function main() {
  onInterrupt(async () => {
    await stopAll();
    process.exit(130);
  });
  await ensureFerretDb();
  await startFerretDb({ port: PORTS.mongo, dataDir: path.join(work, 'ferretdb'), debugPort: PORTS.debug, logDir: LOGS });
  await startAuthEmulator({ port: PORTS.auth, hubPort: PORTS.hub, loggingPort: PORTS.logging, workDir: path.join(work, 'emulator'), logDir: LOGS });
  const mongoUri = `mongodb://127.0.0.1:${PORTS.mongo}/antiquarium`;
  const photosDir = path.join(work, 'photos');
  await seed({ mongoUri, authEmulatorPort: PORTS.auth, apiUrl: API, photosDir });
  const api = await startApi({
    port: PORTS.api,
    mongoUri,
    authEmulatorPort: PORTS.auth,
    logDir: LOGS,
    env: { NODE_ENV: 'test', ...NO_RATE_LIMITS, PHOTOS_DIR: photosDir, PUBLIC_API_URL: API },
  });
  const pid = api.child.pid;
  const tokens = await Promise.all(Array.from({ length: 10 }, (_, index) => makeUser(index)));
  const ids = (await (await fetch(`${API}/artifacts?limit=100`)).json()).map((artifact) => artifact._id);

  const stats = { requests: 0, errors: 0, byStatus: {}, samples: [] };
  const durationMs = minutes * 60_000;
  const started = Date.now();
  const sample = (label) => {
    const entry = { label, atSeconds: Math.round((Date.now() - started) / 1000), rssMiB: rssMiB(pid) };
    stats.samples.push(entry);
    log(`${label}: ${entry.rssMiB} MiB resident after ${entry.atSeconds} s, ${stats.requests} requests, ${stats.errors} errors`);
  };
  sample('start');
  const sampler = setInterval(() => sample('sample'), 30_000);
  setTimeout(() => sample('middle'), durationMs / 2);

  let created = 0;
  async function request(method, url, token, body) {
    const headers = {};
    if (token) headers.authorization = `Bearer ${token}`;
    if (body) headers['content-type'] = 'application/json';
    let status = 0;
    let json;
    try {
      const response = await fetch(`${API}${url}`, { method, headers, body: body ? JSON.stringify(body) : undefined });
      status = response.status;
      json = await response.json().catch(() => undefined);
    } catch {
      status = 0;
    }
    stats.requests += 1;
    stats.byStatus[status] = (stats.byStatus[status] ?? 0) + 1;
    // Every answer of this mix is expected to succeed: any other status is an error.
    if (status < 200 || status >= 300) stats.errors += 1;
    return json;
  }

  async function worker(index) {
    const token = tokens[index % tokens.length];
    const mine = [];
    let n = 0;
    while (Date.now() - started < durationMs) {
      n += 1;
      const roll = (index * 7 + n * 13) % 100;
      const id = ids[(index + n) % ids.length];
      if (roll < 20) await request('GET', '/artifacts?limit=8&sort=likes');
      else if (roll < 35) await request('GET', `/artifacts?page=${1 + (n % 3)}&type=${TYPES[n % 5]}&sort=latest`);
      else if (roll < 50) await request('GET', `/artifacts/${id}`, token);
      else if (roll < 60) await request('GET', '/artifacts?search=stone');
      else if (roll < 67) await request('GET', '/contributors/top');
      else if (roll < 82) await request('PATCH', `/artifacts/toggle-like/${id}`, token);
      else if (roll < 90) {
        const answer = await request('POST', '/artifacts', token, artifactBody((created += 1)));
        if (answer?.insertedId) mine.push(answer.insertedId);
      } else if (roll < 95 && mine.length > 0) {
        await request('PATCH', `/artifacts/${mine[mine.length - 1]}`, token, { location: `Shelf ${n}` });
      } else if (mine.length > 0) {
        await request('DELETE', `/artifacts/${mine.shift()}`, token);
      } else {
        await request('GET', '/liked-artifacts', token);
      }
    }
  }

  await Promise.all(Array.from({ length: connections }, (_, index) => worker(index)));
  clearInterval(sampler);
  sample('end');
  const report = {
    when: new Date().toISOString(),
    machine: { cores: os.cpus().length, memoryGiB: Math.round(os.totalmem() / 2 ** 30), node: process.version },
    minutes,
    connections,
    requests: stats.requests,
    requestsPerSecond: Math.round(stats.requests / (durationMs / 1000)),
    errors: stats.errors,
    byStatus: stats.byStatus,
    memory: stats.samples,
  };
  mkdirSync(path.dirname(out), { recursive: true });
  writeFileSync(out, `${JSON.stringify(report, null, 2)}\n`);
  console.log(JSON.stringify({ requests: report.requests, requestsPerSecond: report.requestsPerSecond, errors: report.errors, byStatus: report.byStatus }));
  console.log(`report: ${out}`);
  return report.errors === 0;
}

main().then(
  async (ok) => {
    await stopAll();
    rmSync(work, { recursive: true, force: true });
    process.exit(ok ? 0 : 1);
  },
  async (error) => {
    console.error(`[antiquarium] soak failed: ${error.message}`);
    await stopAll();
    process.exit(1);
  },
);
