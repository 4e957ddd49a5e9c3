import { Injectable, type OnModuleInit } from '@nestjs/common';
import { MemberDataRegistry } from '../members/member-data';
import { MailOutboxRepository } from './mail-outbox.repository';

/**
 * The mails the outbox holds for a member (those written with their uid): in their export as they
 * were sent (what, when, whether it left), and deleted with their account, sent or not. The
 * outbox keeps other mails 30 days after they leave (mail-worker.ts).
 */
@Injectable()
export class MailMemberData implements OnModuleInit {
  constructor(
    private readonly registry: MemberDataRegistry,
    private readonly outbox: MailOutboxRepository,
  ) {}

  onModuleInit(): void {
    this.registry.register({ section: 'mails', export: (uid) => this.export(uid), erase: (uid) => this.outbox.deleteAddressedTo(uid) });
  }

  private async *export(uid: string): AsyncIterable<unknown> {
    for await (const mail of this.outbox.addressedTo(uid)) {
      yield {
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        kind: mail.kind,
        status: mail.status,
        createdAt: new Date(mail.createdAt).toISOString(),
        ...(mail.sentAt ? { sentAt: new Date(mail.sentAt).toISOString() } : {}),
      };
    }
  }
}
