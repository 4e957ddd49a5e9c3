// The package's public door (its package.json points here).
export { createAuthStore, useAuthStore, type AuthState, type AuthStoreOptions, type BackendLoader } from './store';
export { hasPersistedSession, persistedUserKey, PERSISTED_USER_KEY_PREFIX } from './persisted-session';
export { profileUpdate } from './profile';
export type { AuthBackend, AuthConfig, AuthUser, FirebaseWebConfig } from './types';
