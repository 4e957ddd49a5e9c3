import { ForbiddenException, Injectable } from '@nestjs/common';
import type { MailPreferences } from '@antiquarium/contracts';
import type { AuthUser } from '../auth/auth-user';
import { MailPreferencesRepository } from './mail-preferences.repository';

export const NO_MAIL_ADDRESS = 'Your account has no email address, so it receives no mail';

/**
 * A member's choice about optional mail, from their account (`/me/mail-preferences`): the same
 * `mail_preferences` row as the one-click unsubscribe, keyed by the address of their verified token.
 * Mandatory notices ignore it (outbox.ts).
 */
@Injectable()
export class MemberMailPreferences {
  constructor(private readonly preferences: MailPreferencesRepository) {}

  private addressOf(user: AuthUser): string {
    if (!user.email) throw new ForbiddenException(NO_MAIL_ADDRESS);
    return user.email;
  }

  async of(user: AuthUser): Promise<MailPreferences> {
    return { optionalMail: !(await this.preferences.optedOut(this.addressOf(user))) };
  }

  /** Records the choice (again: the same) and answers it. */
  async set(user: AuthUser, choice: MailPreferences): Promise<MailPreferences> {
    await this.preferences.setOptedOut(this.addressOf(user), !choice.optionalMail, new Date());
    return { optionalMail: choice.optionalMail };
  }
}
