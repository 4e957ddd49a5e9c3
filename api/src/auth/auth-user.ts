/** The caller, as the verified ID token describes them. */
export interface AuthUser {
  uid: string;
  email?: string;
  name?: string;
  /** When the member signed in (the token's auth_time, in seconds): older sessions can be revoked. */
  authTime?: number;
  /** How the member signed in (the token's firebase.sign_in_provider: 'password', 'google.com', ...). */
  provider?: string;
  /** The token's email_verified claim: the member proved they own the address (Google accounts always have). */
  emailVerified?: boolean;
  /**
   * The custom claim `operator: true`, set by an administrator (firebase-admin setCustomUserClaims):
   * may read the release registry (docs/api.md "Releases"). Changing it stays with the deploy token.
   */
  operator?: boolean;
  /**
   * The custom claim `moderator: true` (set with `npm run roles -- grant moderator <email>`): may read
   * the notices' queue, decide on them and on appeals (docs/decisions/0012-moderation.md).
   */
  moderator?: boolean;
}
