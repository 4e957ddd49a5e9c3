import type { FirebaseWebConfig } from '@antiquarium/auth-store';
import { REMOTE_NAMES, type RemoteName } from '../remotes/remote-names';

/** /runtime-config.json, served beside the shell and written per deployment (never built in). */
export interface RuntimeConfig {
  apiUrl: string;
  authEmulatorUrl?: string;
  firebase: FirebaseWebConfig;
  /** Each remote's mf-manifest.json URL. */
  remotes: Record<RemoteName, string>;
}

export class RuntimeConfigError extends Error {
  override readonly name = 'RuntimeConfigError';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function url(value: unknown, field: string): string {
  if (typeof value !== 'string') throw new RuntimeConfigError(`runtime-config.json: ${field} must be a URL`);
  try {
    return new URL(value, window.location.href).toString().replace(/\/$/, '');
  } catch {
    throw new RuntimeConfigError(`runtime-config.json: ${field} must be a URL`);
  }
}

function text(value: unknown, field: string): string {
  if (typeof value !== 'string' || value.trim() === '') {
    throw new RuntimeConfigError(`runtime-config.json: ${field} is required`);
  }
  return value;
}

/**
 * Checks the file at start-up so a deployment mistake fails with a clear message instead of a blank
 * page. A small hand-written check on purpose: zod would add ~15 KB to every first visit for six
 * fields (docs/decisions/0004-antd-and-bundle-budget.md).
 */
export function parseRuntimeConfig(value: unknown): RuntimeConfig {
  if (!isRecord(value)) throw new RuntimeConfigError('runtime-config.json must hold an object');
  const { firebase, remotes } = value;
  if (!isRecord(firebase)) throw new RuntimeConfigError('runtime-config.json: firebase is required');
  if (!isRecord(remotes)) throw new RuntimeConfigError('runtime-config.json: remotes is required');
  const remoteUrls = {} as Record<RemoteName, string>;
  for (const name of REMOTE_NAMES) remoteUrls[name] = url(remotes[name], `remotes.${name}`);
  return {
    apiUrl: url(value.apiUrl, 'apiUrl'),
    authEmulatorUrl:
      value.authEmulatorUrl === undefined || value.authEmulatorUrl === ''
        ? undefined
        : url(value.authEmulatorUrl, 'authEmulatorUrl'),
    firebase: {
      apiKey: text(firebase.apiKey, 'firebase.apiKey'),
      authDomain: text(firebase.authDomain, 'firebase.authDomain'),
      projectId: text(firebase.projectId, 'firebase.projectId'),
    },
    remotes: remoteUrls,
  };
}

export async function loadRuntimeConfig(path = '/runtime-config.json'): Promise<RuntimeConfig> {
  const response = await fetch(path, { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new RuntimeConfigError(`${path} answered ${response.status}`);
  return parseRuntimeConfig(await response.json());
}
