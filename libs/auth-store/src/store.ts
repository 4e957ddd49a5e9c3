import { SESSION_HINT_COOKIE } from '@antiquarium/contracts/first-page';
import { create } from 'zustand';
import { hasPersistedSession, parsePersistedUser, persistedUserKey, readPersistedUser, readStoredClaims } from './persisted-session';
import type { AuthBackend, AuthConfig, AuthUser } from './types';

export interface AuthState {
  user: AuthUser | null;
  /** True at start and during any sign-in, sign-up, profile update or sign-out. */
  loading: boolean;
  /** Connects to the identity provider; the shell calls it once, right after the first render. */
  init(config: AuthConfig): Promise<void>;
  createUser(email: string, password: string): Promise<AuthUser>;
  updateUserProfile(displayName: string, photoURL?: string): Promise<void>;
  /** remember: keep the user across browser restarts (localStorage) or for this tab only. */
  signIn(email: string, password: string, remember?: boolean): Promise<AuthUser>;
  /** remember, when given, applies "Remember me" to the Google session too (as for signIn). */
  signInWithGoogle(remember?: boolean): Promise<AuthUser>;
  resetPassword(email: string): Promise<void>;
  /** Mails the signed-in member their verification link again. */
  sendVerificationEmail(): Promise<void>;
  /** Reads the member again, e.g. once they opened the verification link in another tab. */
  refreshUser(): Promise<void>;
  logOut(): Promise<void>;
  /**
   * The current user's ID token, or null for a visitor. For a user known from the stored session
   * (the SDK not loaded yet) it loads the SDK first: the first call that needs a token does.
   */
  getIdToken(): Promise<string | null>;
  /**
   * Whether the signed-in member's token carries the role's claim (`moderator: true`), read from the
   * stored session: for showing a link, never for access (the api decides).
   */
  hasRole(role: 'moderator' | 'operator'): boolean;
}

export type BackendLoader = (config: AuthConfig) => Promise<AuthBackend>;

export interface AuthStoreOptions {
  /** Whether a signed-in user may be stored in this browser (see persisted-session.ts). */
  hasSession?: (config: AuthConfig) => boolean;
  /** The user stored in this browser, read without the SDK, or null (see persisted-session.ts). */
  storedUser?: (config: AuthConfig) => AuthUser | null;
}

/**
 * Keeps SESSION_HINT_COOKIE as the store's user: 'member' while someone is signed in, gone when
 * nobody is. The shell's server reads it, so a composed page's top bar is a member's or a
 * visitor's in its first paint. It is no credential (the api reads only the ID token).
 */
export function writeSessionHint(member: boolean): void {
  if (typeof document === 'undefined') return;
  const secure = typeof location !== 'undefined' && location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = member
    ? `${SESSION_HINT_COOKIE}=member; Path=/; Max-Age=31536000; SameSite=Lax${secure}`
    : `${SESSION_HINT_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax${secure}`;
}

export function createAuthStore(loadBackend: BackendLoader, options: AuthStoreOptions = {}) {
  const store = createStore(loadBackend, options);
  let written: boolean | undefined;
  store.subscribe(({ user, loading }) => {
    if (loading || written === (user !== null)) return;
    written = user !== null;
    writeSessionHint(written);
  });
  return store;
}

function createStore(loadBackend: BackendLoader, options: AuthStoreOptions) {
  const hasSession = options.hasSession ?? ((config: AuthConfig) => hasPersistedSession(config.firebase.apiKey));
  const storedUser = options.storedUser ?? ((config: AuthConfig) => readPersistedUser(config.firebase.apiKey));
  let config: AuthConfig | undefined;
  let backend: Promise<AuthBackend> | undefined;
  let loaded: AuthBackend | undefined;

  return create<AuthState>()((set, get) => {
    function connect(): Promise<AuthBackend> {
      if (!config) return Promise.reject(new Error('The sign-in service is not ready yet.'));
      if (!backend) {
        backend = loadBackend(config).then((auth) => {
          loaded = auth;
          auth.onChange((user) => set({ user, loading: false }));
          return auth;
        });
        backend.catch(() => {
          // Without the provider nobody can be signed in: show the site as a visitor's, and let
          // the next action try again.
          backend = undefined;
          set({ user: null, loading: false });
        });
      }
      return backend;
    }

    /** Runs an action with `loading` on, and always ends with the provider's current user. */
    async function withLoading<T>(action: (auth: AuthBackend) => Promise<T>): Promise<T> {
      set({ loading: true });
      let auth: AuthBackend | undefined;
      try {
        auth = await connect();
        return await action(auth);
      } finally {
        set({ user: auth ? auth.currentUser() : null, loading: false });
      }
    }

    return {
      user: null,
      loading: true,
      init(next) {
        if (config) return connect().then(() => undefined);
        config = next;
        if (hasSession(next)) {
          // A returning member is shown at once from the session the SDK stored; the SDK (the
          // largest script of their visit) loads when a token is first needed or they act.
          const user = storedUser(next);
          if (!user) return connect().then(() => undefined);
          set({ user, loading: false });
          if (typeof window !== 'undefined') {
            const key = persistedUserKey(next.firebase.apiKey);
            const onStorage = (event: StorageEvent) => {
              if (event.key !== key) return;
              if (loaded || backend) {
                window.removeEventListener('storage', onStorage);
                return;
              }
              // Signed out, or another member signed in, in another tab before the SDK loaded here.
              set({ user: event.newValue === null ? null : parsePersistedUser(event.newValue) });
            };
            window.addEventListener('storage', onStorage);
          }
          return Promise.resolve();
        }
        // A visitor who has never signed in here: nothing to restore, so the SDK (the largest part
        // of a first visit) waits for the first sign-in, or for another tab to sign in.
        set({ user: null, loading: false });
        if (typeof window !== 'undefined') {
          const key = persistedUserKey(next.firebase.apiKey);
          const onStorage = (event: StorageEvent) => {
            if (event.key !== key || event.newValue === null) return;
            window.removeEventListener('storage', onStorage);
            void connect().catch(() => undefined);
          };
          window.addEventListener('storage', onStorage);
        }
        return Promise.resolve();
      },
      createUser: (email, password) => withLoading((auth) => auth.createUser(email, password)),
      updateUserProfile: (displayName, photoURL) =>
        withLoading((auth) => auth.updateUserProfile(displayName, photoURL)),
      signIn: (email, password, remember = true) =>
        withLoading((auth) => auth.signIn(email, password, remember)),
      signInWithGoogle: (remember) => withLoading((auth) => auth.signInWithGoogle(remember)),
      // Sending a reset email changes no auth state, so it leaves `loading` alone.
      resetPassword: async (email) => (await connect()).resetPassword(email),
      sendVerificationEmail: async () => (await connect()).sendVerificationEmail(),
      refreshUser: async () => {
        const user = await (await connect()).refreshUser();
        set({ user });
      },
      logOut: () => withLoading((auth) => auth.logOut()),
      getIdToken: async () => {
        if (loaded) return loaded.getIdToken();
        // Known from the stored session only: the SDK holds the token (and refreshes it).
        if (get().user) return (await connect()).getIdToken();
        return null;
      },
      hasRole: (role) => Boolean(config && get().user && readStoredClaims(config.firebase.apiKey)[role] === true),
    };
  });
}

/** The one store of the whole site (this package is a module-federation singleton). */
export const useAuthStore = createAuthStore(async (config) => {
  const { createFirebaseBackend } = await import('./firebase-backend');
  return createFirebaseBackend(config.firebase, config.authEmulatorUrl);
});
