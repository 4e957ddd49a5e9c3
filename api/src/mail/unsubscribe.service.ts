import { BadRequestException, Injectable } from '@nestjs/common';
import { MailPreferencesRepository } from './mail-preferences.repository';
import { UnsubscribeLinks } from './unsubscribe-links';

export const UNSUBSCRIBE_INVALID = 'This unsubscribe link is not valid';

/** Optional mail's one-click unsubscribe: the link names its address, signed by this site. */
@Injectable()
export class UnsubscribeService {
  constructor(
    private readonly links: UnsubscribeLinks,
    private readonly preferences: MailPreferencesRepository,
  ) {}

  /** The address a link's token unsubscribes; a 400 for anything this site did not sign. */
  addressOf(token: unknown): string {
    const address = typeof token === 'string' ? this.links.addressOf(token) : null;
    if (address === null) throw new BadRequestException(UNSUBSCRIBE_INVALID);
    return address;
  }

  /** Records the opt-out (again: the same). Mandatory notices ignore it. */
  async optOut(token: unknown): Promise<void> {
    await this.preferences.setOptedOut(this.addressOf(token), true, new Date());
  }
}
