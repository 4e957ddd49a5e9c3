import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model, Types } from 'mongoose';
import { CONTACT_REPLY_MODEL, type ContactReplyDoc } from './contact-reply.schema';

/** The only code that reads or writes contact_replies: inserts, reads by message, deletes by message. */
@Injectable()
export class ContactRepliesRepository {
  constructor(@InjectModel(CONTACT_REPLY_MODEL) private readonly replies: Model<ContactReplyDoc>) {}

  async insert(messageId: Types.ObjectId, text: string, by: string, at: Date): Promise<void> {
    await this.replies.create({ messageId, text, at, by });
  }

  /** The replies to these messages, oldest first. */
  of(messageIds: Types.ObjectId[]): Promise<ContactReplyDoc[]> {
    if (messageIds.length === 0) return Promise.resolve([]);
    return this.replies.find({ messageId: { $in: messageIds } }).sort({ messageId: 1, at: 1 }).lean<ContactReplyDoc[]>().exec();
  }

  async deleteOf(messageIds: Types.ObjectId[]): Promise<void> {
    if (messageIds.length === 0) return;
    await this.replies.deleteMany({ messageId: { $in: messageIds } }).exec();
  }
}
