import { randomUUID } from 'node:crypto';
import { AUTH_EMULATOR_URL, FIREBASE_PROJECT_ID } from './env';

const IDENTITY = `${AUTH_EMULATOR_URL}/identitytoolkit.googleapis.com/v1`;

export interface TestUser {
  uid: string;
  email: string;
  password: string;
  name: string;
  token: string;
}

async function identity<T>(path: string, body: unknown): Promise<T> {
  const response = await fetch(`${IDENTITY}/${path}?key=demo-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`emulator ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** Changes an account as an administrator would (the emulator's owner credential). */
export async function adminUpdate(uid: string, fields: Record<string, unknown>): Promise<void> {
  const response = await fetch(`${AUTH_EMULATOR_URL}/identitytoolkit.googleapis.com/v1/projects/${FIREBASE_PROJECT_ID}/accounts:update`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
    body: JSON.stringify({ localId: uid, ...fields }),
  });
  if (!response.ok) throw new Error(`emulator accounts:update: ${response.status} ${await response.text()}`);
}

/**
 * A display name no other member holds: the api refuses a write under a name that reads like another
 * contributor's (409), so a journey that adds under a fixed name could run only once per database
 * (not on its retry, nor with E2E_REPEAT).
 */
export function uniqueName(base: string): string {
  return `${base} ${randomUUID().slice(0, 6)}`;
}

/**
 * A fresh account in the Auth Emulator, with a display name and a verified email (as after opening
 * the verification link: writes need it), and an ID token carrying both.
 */
export async function createUser(name = `Explorer ${randomUUID().slice(0, 6)}`): Promise<TestUser> {
  const email = `e2e-${randomUUID()}@test.antiquarium.example`;
  const password = 'Secret-123';
  const created = await identity<{ idToken: string; localId: string }>('accounts:signUp', { email, password, returnSecureToken: true });
  await identity('accounts:update', { idToken: created.idToken, displayName: name, returnSecureToken: true });
  await adminUpdate(created.localId, { emailVerified: true });
  const signedIn = await identity<{ idToken: string }>('accounts:signInWithPassword', { email, password, returnSecureToken: true });
  return { uid: created.localId, email, password, name, token: signedIn.idToken };
}

/** The user with these custom claims (e.g. `{ moderator: true }`) and a fresh token that carries them. */
export async function withClaims(user: TestUser, claims: Record<string, unknown>): Promise<TestUser> {
  await adminUpdate(user.uid, { customAttributes: JSON.stringify(claims) });
  const signedIn = await identity<{ idToken: string }>('accounts:signInWithPassword', { email: user.email, password: user.password, returnSecureToken: true });
  return { ...user, token: signedIn.idToken };
}
