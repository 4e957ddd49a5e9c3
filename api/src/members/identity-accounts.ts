import { Inject, Injectable, ServiceUnavailableException, type OnModuleDestroy } from '@nestjs/common';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getAuth, type Auth } from 'firebase-admin/auth';
import { APP_CONFIG, type AppConfig } from '../config/env';
import { VERIFY_TIMEOUT_MS } from '../auth/token-verifier';

/** The account section of a member's export: what the identity service holds about them. */
export interface IdentityAccount {
  uid: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
  photo: string | null;
  created: string | null;
  lastSignIn: string | null;
  signInMethods: string[];
}

const UNAVAILABLE = 'The sign-in service is unavailable, please try again shortly';

function errorCode(error: unknown): string {
  return typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
}

function iso(value: string | undefined): string | null {
  const ms = value ? Date.parse(value) : Number.NaN;
  return Number.isFinite(ms) ? new Date(ms).toISOString() : null;
}

/** The member's sign-in account in the identity service (firebase-admin; the Auth Emulator in development). */
@Injectable()
export class IdentityAccounts implements OnModuleDestroy {
  private readonly app: App;
  private readonly auth: Auth;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.app = initializeApp({ projectId: config.firebaseProjectId }, `antiquarium-members-${process.pid}-${Date.now()}`);
    this.auth = getAuth(this.app);
  }

  /** Gives up with a 503 when the identity service does not answer in time or fails. */
  private async bounded<T>(work: Promise<T>, accept: (code: string) => T | undefined = () => undefined): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new ServiceUnavailableException(UNAVAILABLE)), VERIFY_TIMEOUT_MS);
    });
    try {
      return await Promise.race([work, timeout]);
    } catch (error) {
      if (error instanceof ServiceUnavailableException) throw error;
      const accepted = accept(errorCode(error));
      if (accepted !== undefined) return accepted;
      throw new ServiceUnavailableException(UNAVAILABLE);
    } finally {
      clearTimeout(timer);
    }
  }

  /** The account as the identity service holds it now; null when it is gone. */
  async find(uid: string): Promise<IdentityAccount | null> {
    const record = await this.bounded<Awaited<ReturnType<Auth['getUser']>> | null>(this.auth.getUser(uid), (code) =>
      code === 'auth/user-not-found' ? null : undefined,
    );
    if (!record) return null;
    return {
      uid: record.uid,
      email: record.email ?? null,
      emailVerified: record.emailVerified,
      name: record.displayName ?? null,
      photo: record.photoURL ?? null,
      created: iso(record.metadata.creationTime),
      lastSignIn: iso(record.metadata.lastSignInTime),
      signInMethods: record.providerData.map((provider) => provider.providerId),
    };
  }

  /** Deletes the sign-in account; an account already gone counts as deleted (a retry). */
  async remove(uid: string): Promise<void> {
    await this.bounded<boolean>(
      this.auth.deleteUser(uid).then(() => true),
      (code) => (code === 'auth/user-not-found' ? true : undefined),
    );
  }

  async onModuleDestroy(): Promise<void> {
    await deleteApp(this.app);
  }
}
