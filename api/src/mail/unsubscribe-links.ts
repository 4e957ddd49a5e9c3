import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/env';
import { readUnsubscribeToken, signUnsubscribeToken, unsubscribeKey } from './unsubscribe-token';

/** Where a mail's unsubscribe link points: the api's one-click route (unsubscribe.controller.ts). */
export const UNSUBSCRIBE_PATH = '/mail/unsubscribe';

/** The unsubscribe links of optional mail: made for an address, and read back, with this site's key. */
@Injectable()
export class UnsubscribeLinks implements OnApplicationBootstrap {
  private readonly logger = new Logger('Mail');
  private readonly key: Buffer;
  private readonly derived: boolean;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    ({ key: this.key, derived: this.derived } = unsubscribeKey(config));
  }

  onApplicationBootstrap(): void {
    if (!this.derived) this.logger.warn('neither MAIL_UNSUBSCRIBE_SECRET nor RELEASE_DEPLOY_TOKEN is set: unsubscribe links work until this process restarts');
  }

  /** The one-click link for this address, on PUBLIC_API_URL (HTTPS in production, as RFC 8058 asks). */
  urlFor(address: string): string {
    return `${this.config.publicApiUrl}${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(signUnsubscribeToken(this.key, address))}`;
  }

  /** The address a token of this site unsubscribes, or null for anything else. */
  addressOf(token: string): string | null {
    return readUnsubscribeToken(this.key, token);
  }
}
