import type { AuthUser } from './types';

/** How every stored user's key starts, whatever the app's API key (the shell's intent starter looks for it). */
export const PERSISTED_USER_KEY_PREFIX = 'firebase:authUser:';

/**
 * Whether the Firebase SDK could have a signed-in user to restore in this browser. The SDK keeps
 * its user under `firebase:authUser:<apiKey>:<appName>` in localStorage or sessionStorage (the two
 * persistences this store configures; no IndexedDB), so when neither holds that key the visitor is
 * certainly signed out and the SDK need not be downloaded yet.
 */
export function persistedUserKey(apiKey: string, appName = '[DEFAULT]'): string {
  return `${PERSISTED_USER_KEY_PREFIX}${apiKey}:${appName}`;
}

export function hasPersistedSession(apiKey: string): boolean {
  const key = persistedUserKey(apiKey);
  try {
    return window.localStorage.getItem(key) !== null || window.sessionStorage.getItem(key) !== null;
  } catch {
    // Storage blocked (privacy settings): we cannot tell, so let the SDK decide.
    return true;
  }
}

/**
 * The signed-in user the SDK stored in this browser, read without the SDK: its JSON holds the same
 * fields the site shows (uid, name, photo, email, verified). Null when none is stored, storage is
 * blocked, or what is stored is not a user we can read (then the SDK decides).
 */
export function readPersistedUser(apiKey: string): AuthUser | null {
  const key = persistedUserKey(apiKey);
  let text: string | null;
  try {
    text = window.localStorage.getItem(key) ?? window.sessionStorage.getItem(key);
  } catch {
    return null;
  }
  return text === null ? null : parsePersistedUser(text);
}

/** A stored user's JSON as the site's AuthUser, or null if it is not one. */
export function parsePersistedUser(text: string): AuthUser | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const stored = value as Record<string, unknown>;
  const textOf = (field: unknown) => (typeof field === 'string' && field !== '' ? field : null);
  const uid = textOf(stored['uid']);
  if (uid === null) return null;
  return {
    uid,
    displayName: textOf(stored['displayName']),
    photoURL: textOf(stored['photoURL']),
    email: textOf(stored['email']),
    emailVerified: stored['emailVerified'] === true,
  };
}

/**
 * The custom claims (`moderator`, `operator`) of the ID token the SDK stored with its user, read
 * without the SDK. For choosing which links to show only: the api checks every token itself.
 * Empty when nothing readable is stored.
 */
export function readStoredClaims(apiKey: string): Record<string, unknown> {
  const key = persistedUserKey(apiKey);
  let text: string | null;
  try {
    text = window.localStorage.getItem(key) ?? window.sessionStorage.getItem(key);
  } catch {
    return {};
  }
  return text === null ? {} : claimsOfStoredUser(text);
}

/** The payload of a stored user's ID token (stsTokenManager.accessToken), or {} if it is not one. */
export function claimsOfStoredUser(text: string): Record<string, unknown> {
  try {
    const stored = JSON.parse(text) as { stsTokenManager?: { accessToken?: unknown } };
    const token = stored?.stsTokenManager?.accessToken;
    if (typeof token !== 'string') return {};
    const payload = token.split('.')[1] ?? '';
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(payload.length / 4) * 4, '='));
    const claims = JSON.parse(json) as unknown;
    return typeof claims === 'object' && claims !== null && !Array.isArray(claims) ? (claims as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
