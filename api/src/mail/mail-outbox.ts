import { Inject, Injectable } from '@nestjs/common';
import { isEmailAddress } from '@antiquarium/contracts/validation';
import { APP_CONFIG, type AppConfig } from '../config/env';
import { MailDelivery } from './mail-delivery';
import { MailOutboxRepository } from './mail-outbox.repository';
import { renderMail } from './mail-template';
import { Outbox, type MailRequest } from './outbox';
import { UnsubscribeLinks } from './unsubscribe-links';

const DAY_MS = 86_400_000;

/**
 * The Outbox port (outbox.ts): renders the mail with the site's origin and, for optional mail, an
 * unsubscribe link signed for its recipient; stores it due at once; wakes the worker. It never
 * talks to the mail server, so a request that enqueues never waits on it.
 */
@Injectable()
export class MailOutbox extends Outbox {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly repository: MailOutboxRepository,
    private readonly delivery: MailDelivery,
    private readonly links: UnsubscribeLinks,
  ) {
    super();
  }

  async enqueue(mail: MailRequest): Promise<string | null> {
    // The callers pass validated addresses; this keeps anything else out of the To header.
    if (!isEmailAddress(mail.to)) throw new Error(`mail ${mail.kind}: the recipient is not one plain address`);
    const now = new Date();
    if (mail.dailyCapPerAddress !== undefined && (await this.repository.countSince(mail.kind, mail.to, new Date(now.getTime() - DAY_MS))) >= mail.dailyCapPerAddress) return null;
    const unsubscribeUrl = mail.mandatory ? undefined : this.links.urlFor(mail.to);
    const rendered = renderMail(mail, { siteOrigin: this.config.siteOrigin, unsubscribeUrl });
    const id = await this.repository.insert({ ...rendered, to: mail.to, recipientUid: mail.recipientUid, kind: mail.kind, mandatory: mail.mandatory }, now);
    this.delivery.kick();
    return id.toHexString();
  }
}
