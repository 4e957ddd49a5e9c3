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

@Injectable()
export class TokenVerifier {
  private readonly app: App;
  private readonly auth: Auth;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    // A named app keeps this module independent of any default app another library may create.
    this.app = initializeApp({ projectId: config.firebaseProjectId }, `antiquarium-api-${process.pid}-${Date.now()}`);
    this.auth = getAuth(this.app);
  }

  async verify(token: string): Promise<AuthUser> {
    try {
      const decoded = await this.auth.verifyIdToken(token);
      return {
        uid: decoded.uid,
        email: typeof decoded.email === 'string' ? decoded.email : undefined,
        name: typeof decoded['name'] === 'string' ? (decoded['name'] as string) : undefined,
      };
    } catch (error) {
      const code = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
      if (REJECTED_TOKEN_CODES.has(code)) throw new UnauthorizedException('Your session is not valid, please sign in again');
      throw new ServiceUnavailableException('The sign-in service is unavailable, please try again shortly');
    }
  }

  async onModuleDestroy(): Promise<void> {
    await deleteApp(this.app);
  }
}
