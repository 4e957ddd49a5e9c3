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
