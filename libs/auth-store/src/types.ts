/** The signed-in user as every front end sees it. */
export interface AuthUser {
  uid: string;
  displayName: string | null;
  photoURL: string | null;
  email: string | null;
  /** The member opened the verification link (Google accounts come verified): writes need it. */
  emailVerified: boolean;
}

/** The Firebase web config of the runtime configuration (public values, not secrets). */
export interface FirebaseWebConfig {
  apiKey: string;
  authDomain: string;
  projectId: string;
}

export interface AuthConfig {
  firebase: FirebaseWebConfig;
  /** e.g. http://127.0.0.1:9099 in local mode: then the SDK talks to the Auth Emulator. */
  authEmulatorUrl?: string;
}

/** What the store needs from the identity provider; Firebase in the app, a fake in tests. */
export interface AuthBackend {
  currentUser(): AuthUser | null;
  onChange(listener: (user: AuthUser | null) => void): () => void;
  createUser(email: string, password: string): Promise<AuthUser>;
  /** Sets the name, and the photo when one is given (left out, the provider keeps none: initials show). */
  updateUserProfile(displayName: string, photoURL?: string): Promise<void>;
  signIn(email: string, password: string, remember: boolean): Promise<AuthUser>;
  signInWithGoogle(remember?: boolean): Promise<AuthUser>;
  resetPassword(email: string): Promise<void>;
  /** Mails the signed-in member the link that verifies their address. */
  sendVerificationEmail(): Promise<void>;
  /** Reads the signed-in member again (after they verified elsewhere) with a fresh ID token. */
  refreshUser(): Promise<AuthUser | null>;
  logOut(): Promise<void>;
  getIdToken(): Promise<string | null>;
}
