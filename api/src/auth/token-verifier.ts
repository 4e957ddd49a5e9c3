import { Inject, Injectable, ServiceUnavailableException, UnauthorizedException } from '@nestjs/common';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getAuth, type Auth } from 'firebase-admin/auth';
import { APP_CONFIG, type AppConfig } from '../config/env';
import type { AuthUser } from './auth-user';

// Codes that mean "this token is not acceptable": anything else (network, quota, key fetch) means
// the identity service could not be asked, which is a 503 so that clients do not sign people out.
const REJECTED_TOKEN_CODES = new Set([
  'auth/argument-error',
  'auth/invalid-argument',
  'auth/id-token-expired',
  'auth/id-token-revoked',
  'auth/invalid-id-token',
  'auth/user-disabled',
  'auth/user-not-found',
  'auth/project-not-found',
]);

// firebase-admin reports a failure to fetch Google's public keys as auth/argument-error too, with
// the fetch error as the message (utils/jwt.js, KEY_FETCH_ERROR): that is an outage, not a bad token.
const KEY_FETCH_FAILURE = /^(Error while making request|Error fetching (public keys|Json Web Keys))/;

/**
 * An answer from the identity service is normally a few milliseconds away. firebase-admin waits 25 s
 * per attempt and retries timeouts, so an identity service that accepts connections but does not
 * answer would hold requests for minutes: give up sooner and answer 503.
 */
export const VERIFY_TIMEOUT_MS = 4000;

const UNAVAILABLE_MESSAGE = 'The sign-in service is unavailable, please try again shortly';

// The name and email claims end up stored as an artifact's adderName and adderEmail. A display name
// is whatever the user typed into their profile: keep it to one clean line of text. Control
// characters (NUL among them, which some MongoDB-protocol servers cannot store) never belong there.
const NAME_LIMIT = 120;
const EMAIL_LIMIT = 320;
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARS = /[\u0000-\u001F\u007F]/g;

export function cleanName(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const oneLine = value.replace(CONTROL_CHARS, ' ').replace(/\s+/g, ' ').trim();
  // Cut at code points, not UTF-16 units, so no surrogate pair is split.
  return Array.from(oneLine).slice(0, NAME_LIMIT).join('').trim() || undefined;
}

export function cleanEmail(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length === 0 || value.length > EMAIL_LIMIT) return undefined;
  return value.search(CONTROL_CHARS) >= 0 ? undefined : value;
}

function errorCode(error: unknown): string {
  return typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
}

/** True when the identity service looked at the token and refused it (401); false when it could not be asked (503). */
export function isRejectedToken(error: unknown): boolean {
  if (!REJECTED_TOKEN_CODES.has(errorCode(error))) return false;
  const message = error instanceof Error ? error.message : '';
  return !KEY_FETCH_FAILURE.test(message);
}

export interface MemberAccount {
  disabled: boolean;
  /** Sessions that began before this moment were revoked (signed out everywhere). */
  tokensValidAfterMs?: number;
  name?: string;
  /** The address was verified (by its link, or by Google for a Google account). */
  emailVerified: boolean;
}

@Injectable()
export class TokenVerifier {
  private readonly app: App;
  private readonly auth: Auth;
  /** Overridable in unit tests only. */
  timeoutMs = VERIFY_TIMEOUT_MS;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    // A named app keeps this module independent of any default app another library may create.
    this.app = initializeApp({ projectId: config.firebaseProjectId }, `antiquarium-api-${process.pid}-${Date.now()}`);
    this.auth = getAuth(this.app);
  }

  /** Gives up with a 503 when the identity service takes longer than `timeoutMs`. */
  private async bounded<T>(work: Promise<T>): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new ServiceUnavailableException(UNAVAILABLE_MESSAGE)), this.timeoutMs);
    });
    try {
      return await Promise.race([work, timeout]);
    } catch (error) {
      if (error instanceof ServiceUnavailableException) throw error;
      if (isRejectedToken(error)) throw new UnauthorizedException('Your session is not valid, please sign in again');
      throw new ServiceUnavailableException(UNAVAILABLE_MESSAGE);
    } finally {
      clearTimeout(timer);
    }
  }

  async verify(token: string): Promise<AuthUser> {
    // With the Auth Emulator, verifyIdToken also looks the user up in the emulator on every call
    // (firebase-admin lib/auth/base-auth.js), so an emulator that is down is seen here too.
    const decoded = await this.bounded(this.auth.verifyIdToken(token));
    const authTime = typeof decoded.auth_time === 'number' ? decoded.auth_time : undefined;
    const provider = typeof decoded.firebase?.sign_in_provider === 'string' ? decoded.firebase.sign_in_provider : undefined;
    const emailVerified = decoded.email_verified === true;
    const user: AuthUser = { uid: decoded.uid, email: cleanEmail(decoded.email), name: cleanName(decoded['name']), authTime, provider, emailVerified };
    // Only `true` counts, from a verified token: only an administrator can set it (with the Auth
    // Emulator, which production refuses, tokens are unsigned and anyone could).
    if (decoded['operator'] === true) user.operator = true;
    if (decoded['moderator'] === true) user.moderator = true;
    return user;
  }

  /** The member's account as the identity service holds it now (401 when it is gone). */
  async account(uid: string): Promise<MemberAccount> {
    const record = await this.bounded(this.auth.getUser(uid));
    const validSince = record.tokensValidAfterTime ? Date.parse(record.tokensValidAfterTime) : Number.NaN;
    return {
      disabled: record.disabled,
      tokensValidAfterMs: Number.isFinite(validSince) ? validSince : undefined,
      name: cleanName(record.displayName),
      emailVerified: record.emailVerified,
    };
  }

  async onModuleDestroy(): Promise<void> {
    await deleteApp(this.app);
  }
}
