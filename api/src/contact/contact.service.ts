import { Injectable, NotFoundException } from '@nestjs/common';
import { Types } from 'mongoose';
import type { ContactMessage, ContactMessageInput, ContactReceipt, ContactStatus } from '@antiquarium/contracts';
import type { AuthUser } from '../auth/auth-user';
import { AuditLog } from '../moderation/audit-log';
import type { ContactMessageDoc } from './contact-message.schema';
import { ContactMessagesRepository } from './contact-messages.repository';

/** A message as the moderators' inbox shows it. */
export function toContactMessage(doc: ContactMessageDoc): ContactMessage {
  return {
    id: doc._id.toHexString(),
    name: doc.name,
    email: doc.email,
    message: doc.message,
    receivedAt: new Date(doc.receivedAt).toISOString(),
    status: doc.status as ContactStatus,
    ...(doc.handledAt ? { handledAt: new Date(doc.handledAt).toISOString() } : {}),
    ...(doc.handledBy ? { handledBy: doc.handledBy } : {}),
  };
}

/** A malformed id names no message: a 404 like an unknown one, as the other moderation routes answer. */
function messageId(id: string): Types.ObjectId {
  if (!/^[0-9a-f]{24}$/.test(id)) throw new NotFoundException('Message not found');
  return new Types.ObjectId(id);
}

/** The contact form's messages: stored when sent, read and marked handled by the moderators. */
@Injectable()
export class ContactService {
  constructor(
    private readonly messages: ContactMessagesRepository,
    private readonly auditLog: AuditLog,
  ) {}

  /** Stores a validated message; the receipt is sent only once it is stored. */
  async receive(input: ContactMessageInput, caller: AuthUser | undefined): Promise<ContactReceipt> {
    const receivedAt = new Date();
    const id = await this.messages.insert(input, caller?.uid, receivedAt);
    return { id: id.toHexString(), receivedAt: receivedAt.toISOString() };
  }

  async inbox(status: ContactStatus, page: number, limit: number): Promise<{ items: ContactMessage[]; total: number }> {
    const { items, total } = await this.messages.page(status, page, limit);
    return { items: items.map(toContactMessage), total };
  }

  /**
   * Marks a message handled and writes it to the audit log; a message already handled is answered
   * as stored (idempotent: a second click, or a second moderator, changes nothing).
   */
  async markHandled(id: string, moderator: AuthUser): Promise<ContactMessage> {
    const objectId = messageId(id);
    const found = await this.messages.findById(objectId);
    if (!found) throw new NotFoundException('Message not found');
    if (found.status === 'handled') return toContactMessage(found);
    const handledAt = new Date();
    await this.messages.markHandled(objectId, handledAt, moderator.uid);
    await this.auditLog.write({ at: handledAt, actorUid: moderator.uid, action: 'contact:handled', target: `contact:${id}`, why: '' });
    // Read back: of two moderators marking it at once, both answer the state that was kept.
    const stored = await this.messages.findById(objectId);
    if (!stored) throw new NotFoundException('Message not found');
    return toContactMessage(stored);
  }
}
