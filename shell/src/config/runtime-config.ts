import type { FirebaseWebConfig } from '@antiquarium/auth-store';
import { isRecord } from '@antiquarium/contracts/releases';
import { REMOTE_NAMES, type RemoteName } from './remote-names';

/** /runtime-config.json, served beside the shell and written per deployment (never built in). */
export interface RuntimeConfig {
  apiUrl: string;
  authEmulatorUrl?: string;
  firebase: FirebaseWebConfig;
  /** Each remote's mf-manifest.json URL: the release used when the registry names none. */
  remotes: Record<RemoteName, string>;
  /** Share of page loads, 0-1, that report remote loads to the release registry (optional, default 1). */
  telemetrySampleRate: number;
}

export class RuntimeConfigError extends Error {
  override readonly name = 'RuntimeConfigError';
}

function url(value: unknown, field: string, base: string): string {
  if (typeof value !== 'string') throw new RuntimeConfigError(`runtime-config.json: ${field} must be a URL`);
  try {
    return new URL(value, base).toString().replace(/\/$/, '');
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
export function parseRuntimeConfig(value: unknown, base = window.location.href): RuntimeConfig {
  if (!isRecord(value)) throw new RuntimeConfigError('runtime-config.json must hold an object');
  const { firebase, remotes } = value;
  if (!isRecord(firebase)) throw new RuntimeConfigError('runtime-config.json: firebase is required');
  if (!isRecord(remotes)) throw new RuntimeConfigError('runtime-config.json: remotes is required');
  const remoteUrls = {} as Record<RemoteName, string>;
  for (const name of REMOTE_NAMES) remoteUrls[name] = url(remotes[name], `remotes.${name}`, base);
  return {
    apiUrl: url(value.apiUrl, 'apiUrl', base),
    authEmulatorUrl:
      value.authEmulatorUrl === undefined || value.authEmulatorUrl === ''
        ? undefined
        : url(value.authEmulatorUrl, 'authEmulatorUrl', base),
    firebase: {
      apiKey: text(firebase.apiKey, 'firebase.apiKey'),
      authDomain: text(firebase.authDomain, 'firebase.authDomain'),
      projectId: text(firebase.projectId, 'firebase.projectId'),
    },
    remotes: remoteUrls,
    telemetrySampleRate: sampleRate(value.telemetrySampleRate),
  };
}

function sampleRate(value: unknown): number {
  if (value === undefined) return 1;
  if (typeof value !== 'number' || !(value >= 0 && value <= 1)) {
    throw new RuntimeConfigError('runtime-config.json: telemetrySampleRate must be a number from 0 to 1');
  }
  return value;
}

export async function loadRuntimeConfig(path = '/runtime-config.json'): Promise<RuntimeConfig> {
  const response = await fetch(path, { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new RuntimeConfigError(`${path} answered ${response.status}`);
  return parseRuntimeConfig(await response.json());
}
