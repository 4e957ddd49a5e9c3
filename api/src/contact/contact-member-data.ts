import { Injectable, type OnModuleInit } from '@nestjs/common';
import { MemberDataRegistry } from '../members/member-data';
import { ContactMessagesRepository } from './contact-messages.repository';
import { ContactRepliesRepository } from './contact-replies.repository';
import { toContactMessage } from './contact.service';

/**
 * The contact messages a member sent while signed in: in their export with the replies they were
 * sent (without the moderators who handled or wrote them), and deleted with their account, replies
 * first, whatever they chose for their artifacts (a message to the team is no contribution others
 * rely on). A visitor's message carries no uid and stays. Deleting again finds nothing.
 */
@Injectable()
export class ContactMemberData implements OnModuleInit {
  constructor(
    private readonly registry: MemberDataRegistry,
    private readonly messages: ContactMessagesRepository,
    private readonly replies: ContactRepliesRepository,
  ) {}

  onModuleInit(): void {
    this.registry.register({
      section: 'contactMessages',
      export: (uid) => this.export(uid),
      erase: (uid) => this.erase(uid),
    });
  }

  private async *export(uid: string): AsyncIterable<unknown> {
    for await (const doc of this.messages.sentBy(uid)) {
      // Who handled or answered it is the moderators', not the sender's.
      const { handledBy: _handledBy, replies, ...message } = toContactMessage(doc, await this.replies.of([doc._id]));
      yield { ...message, ...(replies ? { replies: replies.map(({ text, at }) => ({ text, at })) } : {}) };
    }
  }

  /** Replies first: cut off half-way, the messages are still there for the next try to find. */
  private async erase(uid: string): Promise<void> {
    await this.replies.deleteOf(await this.messages.idsSentBy(uid));
    await this.messages.deleteSentBy(uid);
  }
}
