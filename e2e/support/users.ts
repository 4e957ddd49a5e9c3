import { randomUUID } from 'node:crypto';
import { AUTH_EMULATOR_URL } from './env';

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

/** A fresh account in the Auth Emulator, with a display name, and an ID token carrying it. */
export async function createUser(name = `Explorer ${randomUUID().slice(0, 6)}`): Promise<TestUser> {
  const email = `e2e-${randomUUID()}@test.antiquarium.example`;
  const password = 'Secret-123';
  const created = await identity<{ idToken: string; localId: string }>('accounts:signUp', { email, password, returnSecureToken: true });
  await identity('accounts:update', { idToken: created.idToken, displayName: name, returnSecureToken: true });
  const signedIn = await identity<{ idToken: string }>('accounts:signInWithPassword', { email, password, returnSecureToken: true });
  return { uid: created.localId, email, password, name, token: signedIn.idToken };
}
