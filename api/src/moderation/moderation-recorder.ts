import { Inject, Injectable } from '@nestjs/common';
import { Outbox, type MailRequest } from '../mail/outbox';
import { AuditLog } from './audit-log';
import { MODERATION_CLOCK, type Clock } from './moderation-clock';

/** What every moderation act leaves behind, at the moderation clock's time: its audit entry and the mails it owes. */
@Injectable()
export class ModerationRecorder {
  constructor(
    private readonly audits: AuditLog,
    private readonly outbox: Outbox,
    @Inject(MODERATION_CLOCK) private readonly clock: Clock,
  ) {}

  now(): Date {
    return this.clock();
  }

  async log(actorUid: string, action: string, target: string, why: string): Promise<void> {
    await this.audits.write({ at: this.clock(), actorUid, action, target, why });
  }

  /** Writes the mails a stored record owes to the outbox (moderation-mails.ts; null: no address to write to). */
  async mail(...mails: (MailRequest | null)[]): Promise<void> {
    for (const mail of mails) if (mail) await this.outbox.enqueue(mail);
  }
}
