// FerretDB and the api as the resilience tests start them: their own instances on their own ports
// (the `resilience` profile of workspace.json), never the shared ones of `npm start`.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { mongo } from 'mongoose';
import { assertPortFree, portAnswers, spawnProcess, waitUntil, type Proc } from './processes';

export const ROOT = path.resolve(__dirname, '../../../..');
const FERRETDB_BIN = path.join(ROOT, '.tools/bin/ferretdb');
const API_MAIN = path.join(ROOT, 'api/dist/main.js');
const PROTOTYPE_GUARD = path.join(__dirname, 'prototype-guard.cjs');

/** The runner's Auth Emulator (scripts/test.mjs starts it once for every phase). */
export const AUTH_EMULATOR_HOST = process.env['FIREBASE_AUTH_EMULATOR_HOST'] ?? '127.0.0.1:9099';
export const PROJECT_ID = 'demo-antiquarium';
/**
 * scripts/test.mjs shifts every test port by TEST_PORT_OFFSET so that two runs can share a machine;
 * these tests follow. Each spec takes its own slot of the ranges (FerretDB, its debug address, api,
 * proxy: 50, 50, 100 and 100 ports from workspace.json's `resilience` profile).
 */
export const PORT_OFFSET = Number(process.env['TEST_PORT_OFFSET'] ?? 0);
const RANGES = (JSON.parse(readFileSync(path.join(ROOT, 'workspace.json'), 'utf8')) as { ports: { resilience: Record<'ferret' | 'ferretDebug' | 'api' | 'proxy', number> } }).ports
  .resilience;
const FERRET_SLOTS = RANGES.ferretDebug - RANGES.ferret;

/** The ports of a spec's slot n (its FerretDB, api and proxy), shifted by the runner's offset. */
export function resiliencePorts(slot: number) {
  return { ferret: RANGES.ferret + slot + PORT_OFFSET, api: RANGES.api + slot + PORT_OFFSET, proxy: RANGES.proxy + slot + PORT_OFFSET };
}

export interface FerretDb {
  proc: Proc;
  port: number;
  dataDir: string;
  uri: string;
}

/**
 * FerretDB with the SQLite handler, data in dataDir (the flags of scripts/lib/services.mjs), or with
 * the PostgreSQL handler on the database `postgresUrl` names (FerretDB's state still in dataDir). Its
 * debug address is port + the range's size so two instances never share one. Start it again with the same port
 * and folder to bring the same data back.
 */
export async function startFerretDb({
  port,
  dataDir,
  postgresUrl,
  logLevel = 'warn',
}: {
  port: number;
  dataDir: string;
  postgresUrl?: string;
  logLevel?: 'warn' | 'info';
}): Promise<FerretDb> {
  const slot = port - PORT_OFFSET - RANGES.ferret;
  if (slot < 0 || slot >= FERRET_SLOTS) throw new Error(`FerretDB port ${port} is outside the resilience range (workspace.json)`);
  await assertPortFree(port, 'FerretDB');
  await assertPortFree(port + FERRET_SLOTS, 'FerretDB debug address');
  mkdirSync(dataDir, { recursive: true });
  const proc = spawnProcess(
    `ferretdb-${port}`,
    FERRETDB_BIN,
    [
      ...(postgresUrl ? ['--handler=postgresql', `--postgresql-url=${postgresUrl}`] : ['--handler=sqlite', `--sqlite-url=file:${dataDir}/`]),
      `--listen-addr=127.0.0.1:${port}`,
      `--debug-addr=127.0.0.1:${port + FERRET_SLOTS}`,
      `--state-dir=${dataDir}`,
      '--telemetry=disable',
      `--log-level=${logLevel}`,
    ],
    { cwd: dataDir },
  );
  await waitUntil(`FerretDB on ${port}`, () => portAnswers(port), 30_000, proc);
  return { proc, port, dataDir, uri: `mongodb://127.0.0.1:${port}/antiquarium_resilience` };
}

export interface Api {
  proc: Proc;
  port: number;
  url: string;
}

/** `node api/dist/main.js` on its own port, waiting until GET /health answers. */
export async function startApi({
  port,
  mongoUri,
  authEmulatorHost = AUTH_EMULATOR_HOST,
  env = {},
  name = `api-${port}`,
  prototypeReport,
}: {
  port: number;
  mongoUri: string;
  authEmulatorHost?: string;
  env?: Record<string, string>;
  name?: string;
  /** A file the api writes, as it exits, with the keys its built-in prototypes gained (prototype-guard.cjs). */
  prototypeReport?: string;
}): Promise<Api> {
  if (port - PORT_OFFSET < RANGES.api || port - PORT_OFFSET >= RANGES.api + 100) throw new Error(`api port ${port} is outside the resilience range (workspace.json)`);
  await assertPortFree(port, 'api');
  const args = prototypeReport ? ['--require', PROTOTYPE_GUARD, API_MAIN] : [API_MAIN];
  const proc = spawnProcess(name, process.execPath, args, {
    cwd: ROOT,
    env: {
      ...(prototypeReport ? { PROTOTYPE_GUARD_REPORT: prototypeReport } : {}),
      NODE_ENV: 'test',
      PORT: String(port),
      MONGODB_URI: mongoUri,
      FIREBASE_PROJECT_ID: PROJECT_ID,
      FIREBASE_AUTH_EMULATOR_HOST: authEmulatorHost,
      // The tests send far more than a person would; the limits themselves are proven by the api suite.
      WRITE_RATE_LIMIT: '1000000',
      CLIENT_RATE_LIMIT: '1000000000',
      FAILED_AUTH_RATE_LIMIT: '1000000',
      SWAGGER: 'off',
      ...env,
    },
  });
  const url = `http://127.0.0.1:${port}`;
  await waitUntil(
    `the api on ${port}`,
    async () => (await fetch(`${url}/health`, { signal: AbortSignal.timeout(2000) })).ok,
    60_000,
    proc,
    200,
  );
  return { proc, port, url };
}

/** A driver connection of the test's own, to look at (and tamper with) what the api stored. */
export async function connect(uri: string): Promise<mongo.MongoClient> {
  const client = new mongo.MongoClient(uri, { serverSelectionTimeoutMS: 5000 });
  await client.connect();
  return client;
}

/** An empty PostgreSQL database of the machine's server for FerretDB's PostgreSQL handler (dropped first). */
export function freshPostgresDatabase(name: string): string {
  const psql = ['-h', '127.0.0.1', '-U', 'postgres', '-v', 'ON_ERROR_STOP=1', '-q'];
  for (const sql of [`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`, `CREATE DATABASE ${name}`]) {
    const result = spawnSync('psql', [...psql, '-c', sql], { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`psql ${sql}: ${result.stderr || result.error?.message}`);
  }
  return `postgres://postgres@127.0.0.1:5432/${name}`;
}
