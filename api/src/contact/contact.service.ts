import { Injectable, NotFoundException } from '@nestjs/common';
import { Types } from 'mongoose';
import { isObjectId, type ContactMessage, type ContactMessageInput, type ContactReceipt, type ContactReplyInput, type ContactStatus } from '@antiquarium/contracts';
import type { AuthUser } from '../auth/auth-user';
import { Outbox } from '../mail/outbox';
import { AuditLog } from '../moderation/audit-log';
import type { ContactMessageDoc } from './contact-message.schema';
import { ContactMessagesRepository } from './contact-messages.repository';
import { ContactRepliesRepository } from './contact-replies.repository';
import type { ContactReplyDoc } from './contact-reply.schema';
import { contactReplyMail } from './contact-reply-mail';

/** A message as the moderators' inbox shows it, with its replies (oldest first) when it has any. */
export function toContactMessage(doc: ContactMessageDoc, replies: readonly ContactReplyDoc[] = []): ContactMessage {
  return {
    id: doc._id.toHexString(),
    name: doc.name,
    email: doc.email,
    message: doc.message,
    receivedAt: new Date(doc.receivedAt).toISOString(),
    status: doc.status as ContactStatus,
    ...(doc.handledAt ? { handledAt: new Date(doc.handledAt).toISOString() } : {}),
    ...(doc.handledBy ? { handledBy: doc.handledBy } : {}),
    ...(replies.length > 0 ? { replies: replies.map((reply) => ({ text: reply.text, at: new Date(reply.at).toISOString(), by: reply.by })) } : {}),
  };
}

/** A malformed id names no message: a 404 like an unknown one, as the other moderation routes answer. */
function messageId(id: string): Types.ObjectId {
  if (!isObjectId(id)) throw new NotFoundException('Message not found');
  return new Types.ObjectId(id);
}

/** The contact form's messages: stored when sent, read, answered by mail and marked handled by the moderators. */
@Injectable()
export class ContactService {
  constructor(
    private readonly messages: ContactMessagesRepository,
    private readonly replies: ContactRepliesRepository,
    private readonly auditLog: AuditLog,
    private readonly outbox: Outbox,
  ) {}

  /** Stores a validated message; the receipt is sent only once it is stored. */
  async receive(input: ContactMessageInput, caller: AuthUser | undefined): Promise<ContactReceipt> {
    const receivedAt = new Date();
    const id = await this.messages.insert(input, caller?.uid, receivedAt);
    return { id: id.toHexString(), receivedAt: receivedAt.toISOString() };
  }

  async inbox(status: ContactStatus, page: number, limit: number): Promise<{ items: ContactMessage[]; total: number }> {
    const { items, total } = await this.messages.page(status, page, limit);
    const replies = await this.replies.of(items.map((item) => item._id));
    return { items: items.map((item) => toContactMessage(item, replies.filter((reply) => reply.messageId.equals(item._id)))), total };
  }

  /**
   * A moderator's reply: kept with the message (shown in the inbox), then its mail written to the
   * outbox, which sends it to the sender's address without this request waiting on the mail server
   * (docs/decisions/0020-mail-outbox.md), then the audit log. No transactions: a failure after the
   * reply is stored answers 503 with the reply kept, and the thread shows what was kept.
   */
  async reply(id: string, input: ContactReplyInput, moderator: AuthUser): Promise<ContactMessage> {
    const objectId = messageId(id);
    const found = await this.messages.findById(objectId);
    if (!found) throw new NotFoundException('Message not found');
    const at = new Date();
    await this.replies.insert(objectId, input.text, moderator.uid, at);
    await this.outbox.enqueue(contactReplyMail(found, input.text));
    await this.auditLog.write({ at, actorUid: moderator.uid, action: 'contact:replied', target: `contact:${id}`, why: '' });
    return toContactMessage(found, await this.replies.of([objectId]));
  }

  /**
   * Marks a message handled and writes it to the audit log; a message already handled is answered
   * as stored (idempotent: a second click, or a second moderator, changes nothing).
   */
  async markHandled(id: string, moderator: AuthUser): Promise<ContactMessage> {
    const objectId = messageId(id);
    const found = await this.messages.findById(objectId);
    if (!found) throw new NotFoundException('Message not found');
    if (found.status === 'handled') return toContactMessage(found, await this.replies.of([objectId]));
    const handledAt = new Date();
    await this.messages.markHandled(objectId, handledAt, moderator.uid);
    await this.auditLog.write({ at: handledAt, actorUid: moderator.uid, action: 'contact:handled', target: `contact:${id}`, why: '' });
    // Read back: of two moderators marking it at once, both answer the state that was kept.
    const stored = await this.messages.findById(objectId);
    if (!stored) throw new NotFoundException('Message not found');
    return toContactMessage(stored, await this.replies.of([objectId]));
  }
}
