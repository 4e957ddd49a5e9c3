import { initializeApp, type FirebaseOptions } from 'firebase/app';
import {
  GoogleAuthProvider,
  browserLocalPersistence,
  browserPopupRedirectResolver,
  browserSessionPersistence,
  connectAuthEmulator,
  createUserWithEmailAndPassword,
  initializeAuth,
  onAuthStateChanged,
  sendEmailVerification,
  sendPasswordResetEmail,
  setPersistence,
  signInWithEmailAndPassword,
  signInWithPopup,
  signOut,
  updateProfile,
  type User,
} from 'firebase/auth';
import { profileUpdate } from './profile';
import type { AuthBackend, AuthUser, FirebaseWebConfig } from './types';

function toAuthUser(user: User | null): AuthUser | null {
  if (!user) return null;
  return { uid: user.uid, displayName: user.displayName, photoURL: user.photoURL, email: user.email, emailVerified: user.emailVerified };
}

/**
 * Loaded in its own chunk when first needed (store.ts imports it lazily): the Firebase SDK is the
 * largest piece of a visit and nothing on screen needs it to paint.
 */
export async function createFirebaseBackend(config: FirebaseWebConfig, emulatorUrl?: string): Promise<AuthBackend> {
  const options: FirebaseOptions = {
    apiKey: config.apiKey,
    authDomain: config.authDomain,
    projectId: config.projectId,
  };
  const app = initializeApp(options);
  // initializeAuth instead of getAuth: getAuth would pull in every persistence (IndexedDB included)
  // and the redirect resolver whether used or not. localStorage first ("Remember me"), then
  // sessionStorage, where a user who did not tick it is kept for the tab only.
  const auth = initializeAuth(app, {
    persistence: [browserLocalPersistence, browserSessionPersistence],
    popupRedirectResolver: browserPopupRedirectResolver,
  });
  if (emulatorUrl) connectAuthEmulator(auth, emulatorUrl, { disableWarnings: true });
  // Ready once the stored user is restored: the store may ask for a token at once (a member shown
  // from the stored session, whose first call loads the SDK), and currentUser is null until then.
  await auth.authStateReady();

  return {
    currentUser: () => toAuthUser(auth.currentUser),
    onChange: (listener) => onAuthStateChanged(auth, (user) => listener(toAuthUser(user))),
    createUser: async (email, password) => {
      const credential = await createUserWithEmailAndPassword(auth, email, password);
      return toAuthUser(credential.user) as AuthUser;
    },
    updateUserProfile: async (displayName, photoURL) => {
      const user = auth.currentUser;
      if (!user) throw new Error('Sign in before updating your profile.');
      await updateProfile(user, profileUpdate(displayName, photoURL));
      // updateProfile changes the object in place and fires no auth event, so re-read it.
      await user.reload();
      // The ID token minted at sign-up carries no name, and the profile update brings no new one:
      // ask for a fresh token now, so the first write already carries the new name.
      await user.getIdToken(true);
    },
    signIn: async (email, password, remember) => {
      await setPersistence(auth, remember ? browserLocalPersistence : browserSessionPersistence);
      const credential = await signInWithEmailAndPassword(auth, email, password);
      return toAuthUser(credential.user) as AuthUser;
    },
    signInWithGoogle: async (remember) => {
      const credential = await signInWithPopup(auth, new GoogleAuthProvider());
      // After the popup, not before: nothing may delay opening it past the click (popup blockers).
      // setPersistence moves the signed-in user to the chosen storage.
      if (remember !== undefined) {
        await setPersistence(auth, remember ? browserLocalPersistence : browserSessionPersistence);
      }
      return toAuthUser(credential.user) as AuthUser;
    },
    resetPassword: (email) => sendPasswordResetEmail(auth, email),
    sendVerificationEmail: async () => {
      if (!auth.currentUser) throw new Error('Sign in before asking for a verification link.');
      await sendEmailVerification(auth.currentUser);
    },
    refreshUser: async () => {
      const user = auth.currentUser;
      if (!user) return null;
      await user.reload();
      // The token keeps the email_verified it was minted with: take a new one for the next write.
      await user.getIdToken(true);
      return toAuthUser(auth.currentUser);
    },
    logOut: () => signOut(auth),
    getIdToken: async () => (auth.currentUser ? auth.currentUser.getIdToken() : null),
  };
}
