/** The account screens: never a destination after signing in (it would loop back to a form). */
const ACCOUNT_FORMS = ['/login', '/register', '/forgot-password'];

/** What the account screens keep in `location.state`: where the visitor was sent from. */
export interface ReturnState {
  from?: unknown;
}

/**
 * Where to go after signing in or registering: `location.state.from` (a Location set by the shell's
 * RequireAuth, or a path), or '/'. Only paths of this site are accepted ('//evil.example' is not).
 */
export function returnPath(state: unknown): string {
  const from = typeof state === 'object' && state !== null ? (state as ReturnState).from : undefined;
  let path: string | undefined;
  if (typeof from === 'string') {
    path = from;
  } else if (typeof from === 'object' && from !== null) {
    const { pathname, search, hash } = from as { pathname?: unknown; search?: unknown; hash?: unknown };
    if (typeof pathname === 'string') {
      path = pathname + (typeof search === 'string' ? search : '') + (typeof hash === 'string' ? hash : '');
    }
  }
  if (!path || !path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return '/';
  const pathname = path.split(/[?#]/)[0] ?? path;
  if (ACCOUNT_FORMS.includes(pathname.replace(/\/+$/, ''))) return '/';
  return path;
}

/** The state to carry between login, register and forgot password, so the return path survives. */
export function carriedState(state: unknown): ReturnState | undefined {
  const from = typeof state === 'object' && state !== null ? (state as ReturnState).from : undefined;
  return from === undefined ? undefined : { from };
}

/** Why the sign-in is asked, for a destination a visitor cannot see signed out (issue 32). */
export const SIGN_IN_REASONS = {
  artifactDetails: "Sign in to see this artifact's full details.",
} as const;

/** The reason to show on the sign-in screens for this return path, if it has one. */
export function signInReason(path: string): string | null {
  const pathname = path.split(/[?#]/)[0] ?? path;
  return /^\/artifacts\/[^/]+\/?$/.test(pathname) ? SIGN_IN_REASONS.artifactDetails : null;
}
