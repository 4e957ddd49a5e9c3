/**
 * Whether the Firebase SDK could have a signed-in user to restore in this browser. The SDK keeps
 * its user under `firebase:authUser:<apiKey>:<appName>` in localStorage or sessionStorage (the two
 * persistences this store configures; no IndexedDB), so when neither holds that key the visitor is
 * certainly signed out and the SDK need not be downloaded yet.
 */
export function persistedUserKey(apiKey: string, appName = '[DEFAULT]'): string {
  return `firebase:authUser:${apiKey}:${appName}`;
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
