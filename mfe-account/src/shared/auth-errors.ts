/**
 * The identity provider's failures in words a person understands. The Auth Emulator and real
 * Firebase disagree on some codes (a wrong password is auth/wrong-password in the emulator and
 * auth/invalid-credential in production, where email enumeration protection hides which part was
 * wrong), so both spellings are listed.
 */
const WRONG_CREDENTIALS = 'The email or password is incorrect. Please check them and try again.';
const POPUP_CLOSED = 'The Google sign-in window was closed before signing in finished.';

const MESSAGES: Record<string, string> = {
  'auth/wrong-password': WRONG_CREDENTIALS,
  'auth/invalid-credential': WRONG_CREDENTIALS,
  'auth/invalid-login-credentials': WRONG_CREDENTIALS,
  'auth/user-not-found': WRONG_CREDENTIALS,
  'auth/invalid-password': 'That password is not valid. Please try another one.',
  'auth/missing-password': 'Please enter your password.',
  'auth/invalid-email': 'That email address is not valid.',
  'auth/missing-email': 'Please enter your email address.',
  'auth/email-already-in-use': 'An account with this email already exists. Try signing in instead.',
  'auth/email-already-exists': 'An account with this email already exists. Try signing in instead.',
  'auth/weak-password': 'That password is too weak. Use at least 6 characters with upper- and lowercase letters.',
  'auth/password-does-not-meet-requirements':
    'That password does not meet the requirements. Use at least 6 characters with upper- and lowercase letters.',
  'auth/user-disabled': 'This account has been disabled. Please contact support.',
  'auth/too-many-requests': 'Too many attempts. Please wait a few minutes and try again.',
  'auth/network-request-failed': 'Could not reach the sign-in service. Check your connection and try again.',
  'auth/timeout': 'The sign-in service took too long to answer. Please try again.',
  'auth/internal-error': 'The sign-in service had a problem. Please try again.',
  'auth/popup-closed-by-user': POPUP_CLOSED,
  'auth/user-cancelled': POPUP_CLOSED,
  'auth/cancelled-popup-request': 'Another sign-in window was already open. Please try again.',
  'auth/popup-blocked': 'Your browser blocked the Google sign-in window. Allow pop-ups for this site and try again.',
  'auth/account-exists-with-different-credential':
    'An account with this email already exists with another sign-in method. Sign in with email and password instead.',
  'auth/operation-not-allowed': 'This way of signing in is not enabled for Antiquarium.',
  'auth/unauthorized-domain': 'Signing in is not allowed from this web address.',
  'auth/invalid-api-key': 'The sign-in service is misconfigured. Please try again later.',
  'auth/app-not-authorized': 'The sign-in service is misconfigured. Please try again later.',
  'auth/user-token-expired': 'Your session has expired. Please sign in again.',
  'auth/requires-recent-login': 'Please sign in again to continue.',
  'auth/expired-action-code': 'This link has expired. Please request a new one.',
  'auth/invalid-action-code': 'This link is invalid or has already been used. Please request a new one.',
  'auth/quota-exceeded': 'The sign-in service is busy right now. Please try again later.',
};

const FALLBACK = 'Something went wrong. Please try again.';

/** 'auth/wrong-password' from a FirebaseError's `code`, or from its message "Firebase: … (auth/…)." */
export function authErrorCode(error: unknown): string | null {
  if (typeof error !== 'object' || error === null) return null;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && code.startsWith('auth/')) return code;
  if (typeof message === 'string') return /\((auth\/[a-z0-9-]+)\)/i.exec(message)?.[1]?.toLowerCase() ?? null;
  return null;
}

/** 'auth/some-new-problem' -> 'Some new problem.' for a code this list does not know yet. */
function sentenceFromCode(code: string): string {
  const words = code.slice('auth/'.length).replace(/-/g, ' ');
  return `${words.charAt(0).toUpperCase()}${words.slice(1)}.`;
}

/** Where a code means something else: a reset request has no password that could be wrong. */
const RESET_MESSAGES: Record<string, string> = {
  'auth/user-not-found': 'There is no account with this email address.',
};

/** The text of the toast shown for a failed sign-in, sign-up, Google sign-in or reset request. */
export function authErrorMessage(error: unknown, action: 'sign-in' | 'reset' = 'sign-in'): string {
  const code = authErrorCode(error);
  if (code) return (action === 'reset' ? RESET_MESSAGES[code] : undefined) ?? MESSAGES[code] ?? sentenceFromCode(code);
  // Not the provider's: e.g. 'The sign-in service is not ready yet.' from the auth store.
  if (error instanceof Error && error.message) return error.message.replace(/^Firebase:\s*/, '');
  return FALLBACK;
}

export function isPopupCancelled(error: unknown): boolean {
  const code = authErrorCode(error);
  return code === 'auth/popup-closed-by-user' || code === 'auth/cancelled-popup-request' || code === 'auth/user-cancelled';
}
