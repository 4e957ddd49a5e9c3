// The release command's settings and its calls to the api's release registry (scripts/release.mjs).
import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { REMOTES, portsOf } from '../lib/workspace.mjs';
import { ReleaseError } from './release-files.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export function remoteOf(name) {
  const remote = REMOTES.find((piece) => piece.name === name);
  if (!remote) throw new ReleaseError(`no remote ${JSON.stringify(name)}: one of ${REMOTES.map((piece) => piece.name).join(', ')}`);
  return remote;
}

function localToken() {
  const file = path.join(ROOT, 'data/release-deploy-token');
  return existsSync(file) ? readFileSync(file, 'utf8').trim() : undefined;
}

export function settings(env = process.env) {
  const start = portsOf('start');
  return {
    apiUrl: (env.RELEASE_API_URL ?? `http://127.0.0.1:${start.api}`).replace(/\/+$/, ''),
    // Locally, `npm start` keeps its api's credential in data/ (never in the repository).
    token: env.RELEASE_DEPLOY_TOKEN || (env.RELEASE_API_URL ? undefined : localToken()),
    env,
    releasesDir: path.resolve(env.RELEASES_DIR ?? path.join(ROOT, '.releases')),
    shell: env.RELEASE_SHELL_URL?.replace(/\/+$/, ''),
    baseUrl(remote) {
      const fromEnv = env[remote.urlVariable]?.trim().replace(/\/(mf-manifest\.json)?$/, '');
      if (fromEnv) return fromEnv;
      return `http://localhost:${start.site + REMOTES.indexOf(remote) + 1}`;
    },
  };
}

/** A call to the registry: its answer's status and body; a failure (not 2xx) is a ReleaseError. */
export async function api(config, method, route, body) {
  return (await apiCall(config, method, route, body)).data;
}

export async function apiCall(config, method, route, body) {
  const headers = { Accept: 'application/json' };
  if (config.token) headers.Authorization = `Bearer ${config.token}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  let response;
  try {
    response = await fetch(`${config.apiUrl}${route}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(15_000),
    });
  } catch (error) {
    throw new ReleaseError(`the api at ${config.apiUrl} cannot be reached: ${error.message}`);
  }
  const text = await response.text();
  let data;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    data = text;
  }
  if (!response.ok) {
    const message = data?.message ?? text;
    const error = new ReleaseError(`${method} ${route}: ${response.status} ${Array.isArray(message) ? message.join('; ') : message}`);
    error.status = response.status;
    throw error;
  }
  return { status: response.status, data };
}

export function needToken(config) {
  if (!config.token) throw new ReleaseError('RELEASE_DEPLOY_TOKEN is not set: every change to the registry needs the deploy credential');
}

/** Who the audit log names: --by, else the person running the command (git author, OS user). */
export function who(options, env = process.env) {
  let user;
  try {
    user = os.userInfo().username;
  } catch {
    user = undefined; // no passwd entry (some containers)
  }
  const name = [options.by, env.GIT_AUTHOR_NAME, user, env.USER, env.USERNAME].map((value) => value?.trim()).find(Boolean) ?? 'release command';
  return name.slice(0, 100);
}
