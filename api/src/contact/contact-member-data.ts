import { Injectable, type OnModuleInit } from '@nestjs/common';
import { MemberDataRegistry } from '../members/member-data';
import { ContactMessagesRepository } from './contact-messages.repository';
import { toContactMessage } from './contact.service';

/**
 * The contact messages a member sent while signed in: in their export (without the moderator who
 * handled them), and deleted with their account whatever they chose for their artifacts (a message
 * to the team is no contribution others rely on). A visitor's message carries no uid and stays.
 * Deleting again finds nothing.
 */
@Injectable()
export class ContactMemberData implements OnModuleInit {
  constructor(
    private readonly registry: MemberDataRegistry,
    private readonly messages: ContactMessagesRepository,
  ) {}

  onModuleInit(): void {
    this.registry.register({
      section: 'contactMessages',
      export: (uid) => this.export(uid),
      erase: (uid) => this.messages.deleteSentBy(uid),
    });
  }

  private async *export(uid: string): AsyncIterable<unknown> {
    for await (const doc of this.messages.sentBy(uid)) {
      const message = toContactMessage(doc);
      // Who handled it is the moderator's, not the sender's.
      delete message.handledBy;
      yield message;
    }
  }
}
