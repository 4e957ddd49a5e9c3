import { randomBytes } from 'node:crypto';
import { AUTH_EMULATOR_HOST, FIREBASE_PROJECT_ID } from './env';

export interface TestUser {
  uid: string;
  email: string;
  /** The display name the token carries; null for a user who never set one. */
  name: string | null;
  password: string;
  token: string;
}

const IDENTITY = `http://${AUTH_EMULATOR_HOST}/identitytoolkit.googleapis.com/v1`;
const API_KEY = 'demo-api-key';

/** Users made by the current test file, removed from the emulator after it (see setup.ts). */
export const createdUsers: TestUser[] = [];

let counter = 0;

/** A short random tag, unique per run, usable as a search word (letters and digits only). */
export function uniqueTag(prefix = 'qa'): string {
  return `${prefix}${randomBytes(6).toString('hex')}`;
}

async function identity<T>(method: string, body: unknown): Promise<T> {
  const response = await fetch(`${IDENTITY}/${method}?key=${API_KEY}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`Auth Emulator ${method} answered ${response.status}: ${text}`);
  return JSON.parse(text) as T;
}

interface TokenAnswer {
  localId: string;
  email: string;
  idToken?: string;
}

/**
 * A new user in the Auth Emulator with a real ID token. With a name, the display name is set; unless
 * `verified: false`, the email is verified as its link would (writes need it); the token is issued
 * after both, so it carries the `name` and `email_verified` claims the api reads.
 */
export async function createUser(
  options: { name?: string | null; email?: string; password?: string; verified?: boolean } = {},
): Promise<TestUser> {
  counter += 1;
  const email = options.email ?? `${uniqueTag('user')}-${counter}@test.antiquarium.example`;
  const password = options.password ?? `Secret-${randomBytes(4).toString('hex')}A`;
  // Every file counts its users from 1 into one database per suite, and the api refuses a name that
  // reads like another member's (409): a 4-hex suffix met its twin in one CI run, 12 hex digits do not.
  const name = options.name === undefined ? `Test User ${counter} ${randomBytes(6).toString('hex')}` : options.name;

  const signUp = await identity<TokenAnswer>('accounts:signUp', { email, password, returnSecureToken: true });
  let token = signUp.idToken;
  if (!token) throw new Error('Auth Emulator signUp gave no idToken');
  if (name !== null) await identity<TokenAnswer>('accounts:update', { idToken: token, displayName: name, returnSecureToken: true });
  if (options.verified !== false) await adminUpdate(signUp.localId, { emailVerified: true });
  if (name !== null || options.verified !== false) {
    // The emulator answers an update without a new token: sign in again to get one with the changes.
    token = (await identity<TokenAnswer>('accounts:signInWithPassword', { email, password, returnSecureToken: true })).idToken;
    if (!token) throw new Error('Auth Emulator gave no idToken after the profile update');
  }
  const user: TestUser = { uid: signUp.localId, email, name, password, token };
  createdUsers.push(user);
  return user;
}

/** Changes an account as an administrator would (the emulator's owner credential). */
export async function adminUpdate(uid: string, fields: Record<string, unknown>): Promise<void> {
  const response = await fetch(`http://${AUTH_EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/projects/${FIREBASE_PROJECT_ID}/accounts:update`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
    body: JSON.stringify({ localId: uid, ...fields }),
  });
  if (!response.ok) throw new Error(`Auth Emulator accounts:update answered ${response.status}: ${await response.text()}`);
}

export async function createUsers(count: number): Promise<TestUser[]> {
  const users: TestUser[] = [];
  for (let i = 0; i < count; i += 1) users.push(await createUser());
  return users;
}

export async function deleteUser(user: TestUser): Promise<void> {
  await identity('accounts:delete', { idToken: user.token }).catch(() => undefined);
}

/** The claims of a JWT, read without any check (to build forged variants of a real token). */
export function decodeClaims(token: string): Record<string, unknown> {
  const payload = token.split('.')[1] ?? '';
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
}

/** An unsigned (`alg: none`) JWT: the format the emulator issues, and what a forger would send. */
export function unsignedToken(claims: Record<string, unknown>): string {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${encode({ alg: 'none', typ: 'JWT' })}.${encode(claims)}.`;
}

/** Claims of a well-formed ID token for the user, as the emulator would issue them now. */
export function tokenClaims(user: TestUser, project = FIREBASE_PROJECT_ID, issuedAt = Math.floor(Date.now() / 1000)) {
  return {
    ...(user.name !== null ? { name: user.name } : {}),
    email: user.email,
    email_verified: false,
    auth_time: issuedAt,
    user_id: user.uid,
    firebase: { identities: { email: [user.email] }, sign_in_provider: 'password' },
    iat: issuedAt,
    exp: issuedAt + 3600,
    aud: project,
    iss: `https://securetoken.google.com/${project}`,
    sub: user.uid,
  };
}

/** Tokens that must be refused, each wrong in one way only. */
export const forgedTokens = {
  garbage: () => 'this-is-not-a-token',
  malformedJwt: () => 'eyJhbGciOiJub25lIn0.bm90IGpzb24.',
  /** Unsigned, unexpired, for a real user, but issued for another Firebase project. */
  otherProject: (user: TestUser) => unsignedToken(tokenClaims(user, 'demo-some-other-project')),
  /** Unsigned, for the right project and a real user, but expired an hour ago. */
  expired: (user: TestUser) => unsignedToken(tokenClaims(user, FIREBASE_PROJECT_ID, Math.floor(Date.now() / 1000) - 7200)),
  /** The control: right project, unexpired, real user (what the emulator itself issues). */
  wellFormed: (user: TestUser) => unsignedToken(tokenClaims(user)),
};

/** Sets a member's display name the way a profile update does, and returns a token issued after it. */
export async function renameUser(user: TestUser, name: string): Promise<TestUser> {
  await identity('accounts:update', { idToken: user.token, displayName: name, returnSecureToken: true });
  const signedIn = await identity<TokenAnswer>('accounts:signInWithPassword', { email: user.email, password: user.password, returnSecureToken: true });
  if (!signedIn.idToken) throw new Error('Auth Emulator gave no idToken after the rename');
  return { ...user, name, token: signedIn.idToken };
}

/** Sets the display name but keeps the token minted before it (as right after sign-up): it carries no name. */
export async function nameAfterToken(user: TestUser, name: string): Promise<void> {
  await identity('accounts:update', { idToken: user.token, displayName: name, returnSecureToken: true });
}

/** Disables the account as an administrator would (the emulator's owner credential). */
export function disableUser(user: TestUser): Promise<void> {
  return adminUpdate(user.uid, { disableUser: true });
}

/** An anonymous sign-in (no email, no password): a real ID token whose provider is 'anonymous'. */
export async function anonymousToken(): Promise<string> {
  const answer = await identity<TokenAnswer>('accounts:signUp', { returnSecureToken: true });
  if (!answer.idToken) throw new Error('Auth Emulator gave no idToken for an anonymous sign-up');
  return answer.idToken;
}

/**
 * A Google sign-in through the emulator (signInWithIdp with the emulator's unsigned Google ID token,
 * as its fake Google page produces): the token's provider is google.com and its email verified.
 */
export async function googleToken(name: string): Promise<string> {
  const googleIdToken = JSON.stringify({ sub: uniqueTag('g'), email: `${uniqueTag('google')}@gmail.example`, email_verified: true, name });
  const answer = await identity<TokenAnswer & { localId: string }>('accounts:signInWithIdp', {
    postBody: `id_token=${encodeURIComponent(googleIdToken)}&providerId=google.com`,
    requestUri: 'http://localhost',
    returnSecureToken: true,
    returnIdpCredential: true,
  });
  if (!answer.idToken) throw new Error('Auth Emulator gave no idToken for a Google sign-in');
  return answer.idToken;
}

/**
 * Gives the member the custom claim `operator: true` as an administrator does (firebase-admin's
 * setCustomUserClaims, against the emulator: FIREBASE_AUTH_EMULATOR_HOST is set for the tests), and
 * returns them with a token issued after it, which carries the claim.
 */
export async function grantOperator(user: TestUser): Promise<TestUser> {
  return grantClaims(user, { operator: true });
}

/** The same for the `moderator` custom claim (docs/decisions/0012-moderation.md). */
export async function grantModerator(user: TestUser): Promise<TestUser> {
  return grantClaims(user, { moderator: true });
}

/** Sets the member's custom claims (replacing any) and returns them with a token that carries them. */
export async function grantClaims(user: TestUser, claims: Record<string, unknown>): Promise<TestUser> {
  // Loaded here, not for every spec file that signs users in.
  const { deleteApp, initializeApp } = await import('firebase-admin/app');
  const { getAuth } = await import('firebase-admin/auth');
  const app = initializeApp({ projectId: FIREBASE_PROJECT_ID }, `antiquarium-test-admin-${Date.now()}-${randomBytes(3).toString('hex')}`);
  try {
    await getAuth(app).setCustomUserClaims(user.uid, claims);
  } finally {
    await deleteApp(app);
  }
  const signedIn = await identity<TokenAnswer>('accounts:signInWithPassword', { email: user.email, password: user.password, returnSecureToken: true });
  if (!signedIn.idToken) throw new Error('Auth Emulator gave no idToken after the claim was set');
  return { ...user, token: signedIn.idToken };
}
