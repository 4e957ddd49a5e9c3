import { hasPersistedSession, persistedUserKey, readPersistedUser } from './persisted-session';
import { createAuthStore } from './store';
import type { AuthBackend, AuthConfig, AuthUser } from './types';

// Firebase cannot run inside jest; a small in-memory provider plays its part. The real SDK is
// exercised by the browser journeys against the Auth Emulator.
function fakeBackend(initial: AuthUser | null = null) {
  let current = initial;
  const listeners = new Set<(user: AuthUser | null) => void>();
  const emit = () => listeners.forEach((listener) => listener(current));
  const backend: AuthBackend = {
    currentUser: () => current,
    onChange: (listener) => {
      listeners.add(listener);
      queueMicrotask(() => listener(current));
      return () => listeners.delete(listener);
    },
    createUser: async (email) => {
      current = { uid: 'new', displayName: null, photoURL: null, email, emailVerified: false };
      emit();
      return current;
    },
    updateUserProfile: async (displayName, photoURL) => {
      if (!current) throw new Error('no user');
      // As the provider does: a photo left out keeps the one there was (none, for a new member).
      current = { ...current, displayName, photoURL: photoURL ?? current.photoURL };
    },
    signIn: jest.fn(async (email: string, password: string) => {
      if (password !== 'Secret1') throw new Error('Firebase: Error (auth/wrong-password).');
      current = { uid: 'u1', displayName: 'Ada', photoURL: null, email, emailVerified: true };
      emit();
      return current;
    }),
    signInWithGoogle: jest.fn(async () => {
      throw new Error('Firebase: Error (auth/popup-closed-by-user).');
    }),
    resetPassword: jest.fn(async () => undefined),
    sendVerificationEmail: jest.fn(async () => undefined),
    // The provider's copy of the member changes when they open the link (see `verifyElsewhere`).
    refreshUser: async () => current,
    logOut: async () => {
      current = null;
      emit();
    },
    getIdToken: async () => (current ? `token-of-${current.uid}` : null),
  };
  return Object.assign(backend, {
    verifyElsewhere: () => {
      if (current) current = { ...current, emailVerified: true };
    },
  });
}

const config: AuthConfig = {
  firebase: { apiKey: 'demo-api-key', authDomain: 'demo.firebaseapp.com', projectId: 'demo' },
  authEmulatorUrl: 'http://127.0.0.1:9099',
};

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

test('starts loading; a returning user is restored from the provider', async () => {
  const ada = { uid: 'u1', displayName: 'Ada', photoURL: null, email: 'ada@example.com', emailVerified: true };
  const load = jest.fn(async () => fakeBackend(ada));
  const store = createAuthStore(load, { hasSession: () => true });
  expect(store.getState()).toMatchObject({ user: null, loading: true });
  await store.getState().init(config);
  await Promise.resolve();
  expect(load).toHaveBeenCalledWith(config);
  expect(store.getState()).toMatchObject({ user: ada, loading: false });
  await expect(store.getState().getIdToken()).resolves.toBe('token-of-u1');
});

test('a first-time visitor is signed out at once, without downloading the SDK', async () => {
  const load = jest.fn(async () => fakeBackend());
  const store = createAuthStore(load, { hasSession: () => false });
  await store.getState().init(config);
  expect(store.getState()).toMatchObject({ user: null, loading: false });
  expect(load).not.toHaveBeenCalled();
  await expect(store.getState().getIdToken()).resolves.toBeNull();

  // The first sign-in brings the SDK in.
  const signedIn = await store.getState().signIn('ada@example.com', 'Secret1', false);
  expect(load).toHaveBeenCalledTimes(1);
  expect(signedIn.email).toBe('ada@example.com');
  expect(store.getState()).toMatchObject({ user: { email: 'ada@example.com', emailVerified: true }, loading: false });
});

test('loading is on during a sign-in, and off again when it fails', async () => {
  const backend = fakeBackend();
  const store = createAuthStore(async () => backend, { hasSession: () => false });
  await store.getState().init(config);
  const during: boolean[] = [];
  const unsubscribe = store.subscribe((state) => during.push(state.loading));
  await expect(store.getState().signIn('ada@example.com', 'wrong')).rejects.toThrow('auth/wrong-password');
  unsubscribe();
  expect(during[0]).toBe(true);
  expect(store.getState()).toMatchObject({ user: null, loading: false });
  expect(backend.signIn).toHaveBeenCalledWith('ada@example.com', 'wrong', true);
});

test('Remember me reaches the provider for a Google sign-in too', async () => {
  const backend = fakeBackend();
  const store = createAuthStore(async () => backend, { hasSession: () => false });
  await store.getState().init(config);
  await expect(store.getState().signInWithGoogle(false)).rejects.toThrow('auth/popup-closed-by-user');
  expect(backend.signInWithGoogle).toHaveBeenCalledWith(false);
  expect(store.getState()).toMatchObject({ user: null, loading: false });
});

test('sign-up then profile update shows the new name; logout clears the user', async () => {
  const store = createAuthStore(async () => fakeBackend(), { hasSession: () => false });
  await store.getState().init(config);
  await store.getState().createUser('new@example.com', 'Secret1');
  await store.getState().updateUserProfile('New Explorer', 'https://example.org/me.png');
  expect(store.getState().user).toMatchObject({
    email: 'new@example.com',
    displayName: 'New Explorer',
    photoURL: 'https://example.org/me.png',
  });
  await store.getState().logOut();
  expect(store.getState()).toMatchObject({ user: null, loading: false });
});

test('the session hint cookie follows the member: set at sign-in, gone at sign-out, none while loading', async () => {
  const hint = () => /(?:^|;\s*)aq_session=([^;]*)/.exec(document.cookie)?.[1];
  const store = createAuthStore(async () => fakeBackend(), { hasSession: () => false });
  expect(hint()).toBeUndefined();
  await store.getState().init(config);
  expect(hint()).toBeUndefined();
  await store.getState().signIn('ada@example.com', 'Secret1');
  expect(hint()).toBe('member');
  await store.getState().logOut();
  expect(hint()).toBeUndefined();
});

test('sign-up without a photo: the name is set and the photo stays none (the initials show)', async () => {
  const store = createAuthStore(async () => fakeBackend(), { hasSession: () => false });
  await store.getState().init(config);
  await store.getState().createUser('new@example.com', 'Secret1');
  await store.getState().updateUserProfile('New Explorer');
  expect(store.getState().user).toMatchObject({ displayName: 'New Explorer', photoURL: null });
});

test('a provider that fails to load leaves a usable, signed-out site', async () => {
  const store = createAuthStore(
    async () => {
      throw new Error('chunk failed');
    },
    { hasSession: () => true },
  );
  await expect(store.getState().init(config)).rejects.toThrow('chunk failed');
  expect(store.getState()).toMatchObject({ user: null, loading: false });
  await expect(store.getState().resetPassword('ada@example.com')).rejects.toThrow('chunk failed');
});

test('the stored Firebase session is found in localStorage or sessionStorage', () => {
  expect(persistedUserKey('demo-api-key')).toBe('firebase:authUser:demo-api-key:[DEFAULT]');
  expect(hasPersistedSession('demo-api-key')).toBe(false);
  sessionStorage.setItem('firebase:authUser:demo-api-key:[DEFAULT]', '{}');
  expect(hasPersistedSession('demo-api-key')).toBe(true);
  sessionStorage.clear();
  localStorage.setItem('firebase:authUser:demo-api-key:[DEFAULT]', '{}');
  expect(hasPersistedSession('demo-api-key')).toBe(true);
  expect(hasPersistedSession('another-key')).toBe(false);
});

test('a new member starts unverified; refreshUser shows the verification they made in their mailbox', async () => {
  const backend = fakeBackend();
  const store = createAuthStore(async () => backend, { hasSession: () => true });
  await store.getState().init(config);
  await store.getState().createUser('new@example.com', 'Secret1');
  await store.getState().sendVerificationEmail();
  expect(backend.sendVerificationEmail).toHaveBeenCalledTimes(1);
  expect(store.getState().user).toMatchObject({ email: 'new@example.com', emailVerified: false });
  backend.verifyElsewhere();
  // Nothing tells the page by itself (the provider fires no event for it) until it asks again.
  expect(store.getState().user?.emailVerified).toBe(false);
  await store.getState().refreshUser();
  expect(store.getState().user?.emailVerified).toBe(true);
});

describe('a returning member is shown from the stored session; the SDK loads when first needed', () => {
  const KEY = 'firebase:authUser:demo-api-key:[DEFAULT]';
  // The SDK's own stored form (more fields than the site reads; tokens are the SDK's business).
  const stored = (fields: Record<string, unknown>) =>
    JSON.stringify({ isAnonymous: false, providerData: [], stsTokenManager: { refreshToken: 'r', accessToken: 'a', expirationTime: 1 }, ...fields });
  const grace = { uid: 'u7', displayName: 'Grace', photoURL: 'https://example.com/g.png', email: 'grace@example.com', emailVerified: true };

  test('the stored user is read from localStorage or sessionStorage, fields the SDK left out as null', () => {
    expect(readPersistedUser('demo-api-key')).toBeNull();
    sessionStorage.setItem(KEY, stored({ uid: 'u2', email: 'tab@example.com', emailVerified: false }));
    expect(readPersistedUser('demo-api-key')).toEqual({ uid: 'u2', displayName: null, photoURL: null, email: 'tab@example.com', emailVerified: false });
    localStorage.setItem(KEY, stored(grace));
    expect(readPersistedUser('demo-api-key')).toEqual(grace);
    for (const broken of ['not json', 'null', '{}', stored({ uid: 42 }), stored({ uid: '' })]) {
      localStorage.setItem(KEY, broken);
      sessionStorage.clear();
      expect(readPersistedUser('demo-api-key')).toBeNull();
    }
  });

  test('hasRole reads the claim of the stored token, without the SDK; nothing for a visitor or a broken token', async () => {
    const token = (claims: Record<string, unknown>) => `h.${btoa(JSON.stringify(claims)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_')}.s`;
    const withToken = (accessToken: string) => JSON.stringify({ ...JSON.parse(stored(grace)), stsTokenManager: { refreshToken: 'r', accessToken, expirationTime: 1 } });
    const load = jest.fn(async () => fakeBackend(grace));
    const store = createAuthStore(load);
    expect(store.getState().hasRole('moderator')).toBe(false);
    localStorage.setItem(KEY, withToken(token({ sub: 'u7', moderator: true, name: 'Grâce ü?' })));
    await store.getState().init(config);
    expect(store.getState().hasRole('moderator')).toBe(true);
    expect(store.getState().hasRole('operator')).toBe(false);
    expect(load).not.toHaveBeenCalled();
    for (const broken of [token({ moderator: 'true' }), 'no-dots', 'h.%%%.s', token({ operator: true })]) {
      localStorage.setItem(KEY, withToken(broken));
      expect([broken, store.getState().hasRole('moderator')]).toEqual([broken, false]);
    }
    localStorage.setItem(KEY, withToken(token({ moderator: true })));
    store.setState({ user: null });
    expect(store.getState().hasRole('moderator')).toBe(false);
  });

  test('init shows the member at once without the SDK; the first token loads it, once', async () => {
    localStorage.setItem(KEY, stored(grace));
    const load = jest.fn(async () => fakeBackend(grace));
    const store = createAuthStore(load);
    await store.getState().init(config);
    expect(store.getState()).toMatchObject({ user: grace, loading: false });
    expect(load).not.toHaveBeenCalled();
    const [first, second] = await Promise.all([store.getState().getIdToken(), store.getState().getIdToken()]);
    expect([first, second]).toEqual(['token-of-u7', 'token-of-u7']);
    expect(load).toHaveBeenCalledTimes(1);
  });

  test('what the SDK then says wins: a session it no longer accepts signs the member out', async () => {
    localStorage.setItem(KEY, stored(grace));
    const store = createAuthStore(async () => fakeBackend(null));
    await store.getState().init(config);
    expect(store.getState().user).toEqual(grace);
    await expect(store.getState().getIdToken()).resolves.toBeNull();
    await Promise.resolve();
    expect(store.getState()).toMatchObject({ user: null, loading: false });
  });

  test('an action (log out) loads the SDK and acts through it', async () => {
    localStorage.setItem(KEY, stored(grace));
    const load = jest.fn(async () => fakeBackend(grace));
    const store = createAuthStore(load);
    await store.getState().init(config);
    await store.getState().logOut();
    expect(load).toHaveBeenCalledTimes(1);
    expect(store.getState()).toMatchObject({ user: null, loading: false });
  });

  test('signing out in another tab before the SDK loaded here signs this tab out too', async () => {
    localStorage.setItem(KEY, stored(grace));
    const load = jest.fn(async () => fakeBackend(grace));
    const store = createAuthStore(load);
    await store.getState().init(config);
    window.dispatchEvent(new StorageEvent('storage', { key: KEY, oldValue: stored(grace), newValue: null }));
    expect(store.getState().user).toBeNull();
    await expect(store.getState().getIdToken()).resolves.toBeNull();
    expect(load).not.toHaveBeenCalled();
  });

  test('a stored session it cannot read is left to the SDK, as before', async () => {
    localStorage.setItem(KEY, 'not json');
    const load = jest.fn(async () => fakeBackend(grace));
    const store = createAuthStore(load);
    expect(store.getState().loading).toBe(true);
    await store.getState().init(config);
    expect(load).toHaveBeenCalledTimes(1);
    await Promise.resolve();
    expect(store.getState()).toMatchObject({ user: grace, loading: false });
  });
});
