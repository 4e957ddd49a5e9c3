import { authErrorCode, authErrorMessage, isPopupCancelled } from './auth-errors';

/** What the Firebase SDK throws: a FirebaseError with a code and "Firebase: Error (code)." */
function firebaseError(code: string) {
  return Object.assign(new Error(`Firebase: Error (${code}).`), { name: 'FirebaseError', code });
}

const WRONG = 'The email or password is incorrect. Please check them and try again.';

test('a wrong password reads the same from the emulator and from real Firebase', () => {
  expect(authErrorMessage(firebaseError('auth/wrong-password'))).toBe(WRONG); // Auth Emulator
  expect(authErrorMessage(firebaseError('auth/invalid-credential'))).toBe(WRONG); // production
  expect(authErrorMessage(firebaseError('auth/invalid-login-credentials'))).toBe(WRONG); // older SDKs
  expect(authErrorMessage(firebaseError('auth/user-not-found'))).toBe(WRONG);
});

test('the common failures of each screen are in plain words', () => {
  expect(authErrorMessage(firebaseError('auth/email-already-in-use'))).toBe(
    'An account with this email already exists. Try signing in instead.',
  );
  expect(authErrorMessage(firebaseError('auth/invalid-email'))).toBe('That email address is not valid.');
  expect(authErrorMessage(firebaseError('auth/too-many-requests'))).toBe('Too many attempts. Please wait a few minutes and try again.');
  expect(authErrorMessage(firebaseError('auth/network-request-failed'))).toBe(
    'Could not reach the sign-in service. Check your connection and try again.',
  );
  expect(authErrorMessage(firebaseError('auth/popup-blocked'))).toMatch(/^Your browser blocked the Google sign-in window/);
  expect(authErrorMessage(firebaseError('auth/weak-password'))).toMatch(/^That password is too weak/);
});

test('a reset request for an unknown email says so, instead of blaming a password', () => {
  expect(authErrorMessage(firebaseError('auth/user-not-found'), 'reset')).toBe('There is no account with this email address.');
  expect(authErrorMessage(firebaseError('auth/invalid-email'), 'reset')).toBe('That email address is not valid.');
});

test('the code is found in the message when the error lost its code property', () => {
  const plain = new Error('Firebase: Error (auth/wrong-password).');
  expect(authErrorCode(plain)).toBe('auth/wrong-password');
  expect(authErrorMessage(plain)).toBe(WRONG);
});

test('an unknown code still becomes a sentence; other errors keep their own message', () => {
  expect(authErrorMessage(firebaseError('auth/some-brand-new-problem'))).toBe('Some brand new problem.');
  expect(authErrorMessage(new Error('The sign-in service is not ready yet.'))).toBe('The sign-in service is not ready yet.');
  expect(authErrorMessage('boom')).toBe('Something went wrong. Please try again.');
  expect(authErrorMessage(null)).toBe('Something went wrong. Please try again.');
});

test('a Google popup closed by the user is recognised as a cancellation', () => {
  expect(isPopupCancelled(firebaseError('auth/popup-closed-by-user'))).toBe(true);
  expect(isPopupCancelled(firebaseError('auth/cancelled-popup-request'))).toBe(true);
  expect(isPopupCancelled(firebaseError('auth/popup-blocked'))).toBe(false);
  expect(authErrorMessage(firebaseError('auth/popup-closed-by-user'))).toBe(
    'The Google sign-in window was closed before signing in finished.',
  );
});
