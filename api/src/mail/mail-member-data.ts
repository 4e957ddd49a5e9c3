import { Injectable, type OnModuleInit } from '@nestjs/common';
import { MemberDataRegistry, type MemberAddress } from '../members/member-data';
import { MailOutboxRepository } from './mail-outbox.repository';
import { MailPreferencesRepository } from './mail-preferences.repository';

/**
 * The mails the outbox holds for a member (those written with their uid): in their export as they
 * were sent (what, when, whether it left), and deleted with their account, sent or not. The
 * outbox keeps other mails 30 days after they leave (mail-worker.ts). And their address's choice
 * about optional mail (mail_preferences, by address): in their export, forgotten with their account.
 */
@Injectable()
export class MailMemberData implements OnModuleInit {
  constructor(
    private readonly registry: MemberDataRegistry,
    private readonly outbox: MailOutboxRepository,
    private readonly preferences: MailPreferencesRepository,
  ) {}

  onModuleInit(): void {
    this.registry.register({ section: 'mails', export: (uid) => this.export(uid), erase: (uid) => this.outbox.deleteAddressedTo(uid) });
    this.registry.register({
      section: 'mailPreference',
      export: (_uid, member) => this.exportPreference(member),
      erase: async (_uid, _mode, member) => {
        if (member.email) await this.preferences.forget(member.email);
      },
    });
  }

  /** `{ address, optionalMail, changedAt? }` (changedAt: when it last chose, here or from a mail's link); null without an address. */
  private async exportPreference(member: MemberAddress): Promise<unknown> {
    if (!member.email) return null;
    const choice = await this.preferences.choiceOf(member.email);
    return {
      address: member.email,
      optionalMail: choice?.optedOut !== true,
      ...(choice ? { changedAt: new Date(choice.at).toISOString() } : {}),
    };
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
