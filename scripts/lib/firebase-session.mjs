// A returning user's stored Firebase session, made through the Auth Emulator's REST api: the
// localStorage entry the SDK reads at start-up, so that a page loads signed in without a sign-in.
// Used by scripts/bundle-size.mjs and the bench's signed-in Lighthouse run.

/**
 * Signs the account in (or up, the first time) and returns `{ key, value }` for localStorage.
 * `config`: the site's runtime-config.json (its firebase.apiKey and authEmulatorUrl).
 */
export async function firebaseSession(config, { email, password, displayName }) {
  const emulator = config.authEmulatorUrl;
  const { apiKey } = config.firebase;
  if (!emulator) throw new Error('a stored session needs authEmulatorUrl in runtime-config.json');
  const call = (method) =>
    fetch(`${emulator}/identitytoolkit.googleapis.com/v1/accounts:${method}?key=${apiKey}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password, returnSecureToken: true, displayName }),
    });
  let response = await call('signInWithPassword');
  if (!response.ok) response = await call('signUp');
  if (!response.ok) throw new Error(`Auth Emulator answered ${response.status}`);
  const account = await response.json();
  const now = Date.now();
  // The shape the SDK persists (UserImpl.toJSON); read back by UserImpl._fromJSON.
  const user = {
    uid: account.localId,
    email,
    emailVerified: false,
    displayName,
    isAnonymous: false,
    providerData: [{ providerId: 'password', uid: email, displayName: null, email, phoneNumber: null, photoURL: null }],
    stsTokenManager: {
      refreshToken: account.refreshToken,
      accessToken: account.idToken,
      expirationTime: now + Number(account.expiresIn ?? 3600) * 1000,
    },
    createdAt: String(now),
    lastLoginAt: String(now),
    apiKey,
    appName: '[DEFAULT]',
  };
  return { key: `firebase:authUser:${apiKey}:[DEFAULT]`, value: JSON.stringify(user) };
}

/** One call of the Auth Emulator's identity api (`method`: 'accounts:signUp', 'projects/<id>/accounts:update', ...). */
export async function emulatorCall(emulatorUrl, apiKey, method, body, headers = {}) {
  const response = await fetch(`${emulatorUrl}/identitytoolkit.googleapis.com/v1/${method}?key=${apiKey}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`Auth Emulator ${method} answered ${response.status}`);
  return response.json();
}

/** Marks the account's email verified, as an administrator would (the emulator's owner credential): writes need it. */
export function verifyEmail(emulatorUrl, { apiKey, projectId }, uid) {
  return emulatorCall(emulatorUrl, apiKey, `projects/${projectId}/accounts:update`, { localId: uid, emailVerified: true }, { Authorization: 'Bearer owner' });
}

/**
 * An account with a verified email, signed in through the Auth Emulator (signed up and verified the
 * first time): `{ uid, idToken }`. `firebase`: the project's `{ apiKey, projectId }`.
 */
export async function verifiedAccount(emulatorUrl, firebase, { email, password, displayName }) {
  const signIn = () => emulatorCall(emulatorUrl, firebase.apiKey, 'accounts:signInWithPassword', { email, password, returnSecureToken: true });
  let account = await signIn().catch(() => null);
  if (!account) {
    const created = await emulatorCall(emulatorUrl, firebase.apiKey, 'accounts:signUp', { email, password, displayName, returnSecureToken: true });
    await verifyEmail(emulatorUrl, firebase, created.localId);
    // A token issued after the change carries email_verified.
    account = await signIn();
  }
  return { uid: account.localId, idToken: account.idToken };
}

/** The api's calls as the member whose token this is: `call(method, path, body?)` answers the JSON, or throws on a status that is not 2xx. */
export function memberApi(apiUrl, idToken) {
  const base = apiUrl.replace(/\/+$/, '');
  return async (method, path, body) => {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: { Authorization: `Bearer ${idToken}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${(await response.text()).slice(0, 200)}`);
    return response.json();
  };
}
