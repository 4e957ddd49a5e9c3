import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model, Types } from 'mongoose';
import type { ContactMessageInput, ContactStatus } from '@antiquarium/contracts';
import { CONTACT_MESSAGE_MODEL, type ContactMessageDoc } from './contact-message.schema';

/** The `contactmessages` collection: every read is served by an index (api/src/index-plan.spec.ts). */
@Injectable()
export class ContactMessagesRepository {
  constructor(@InjectModel(CONTACT_MESSAGE_MODEL) private readonly messages: Model<ContactMessageDoc>) {}

  async insert(input: ContactMessageInput, senderUid: string | undefined, receivedAt: Date): Promise<Types.ObjectId> {
    // Only the validated fields, named one by one: nothing else from a body can reach the document.
    const doc = await this.messages.create({
      name: input.name,
      email: input.email,
      message: input.message,
      ...(senderUid ? { senderUid } : {}),
      receivedAt,
      status: 'open',
    });
    return doc._id;
  }

  /** One page of one status, newest first. */
  async page(status: ContactStatus, page: number, limit: number): Promise<{ items: ContactMessageDoc[]; total: number }> {
    const [items, total] = await Promise.all([
      this.messages
        .find({ status })
        .sort({ receivedAt: -1, _id: -1 })
        .skip((page - 1) * limit)
        .limit(limit)
        .lean<ContactMessageDoc[]>()
        .exec(),
      this.messages.countDocuments({ status }).exec(),
    ]);
    return { items, total };
  }

  findById(id: Types.ObjectId): Promise<ContactMessageDoc | null> {
    return this.messages.findById(id).lean<ContactMessageDoc>().exec();
  }

  /**
   * A plain `$set` by `_id`, no condition: writing it twice, or two moderators at once, leaves one
   * whole handled state (the last), never a mix, on MongoDB and FerretDB alike.
   */
  async markHandled(id: Types.ObjectId, handledAt: Date, handledBy: string): Promise<void> {
    await this.messages.updateOne({ _id: id }, { $set: { status: 'handled', handledAt, handledBy } }).exec();
  }

  /** A member's own messages, newest first, one at a time (their export). */
  sentBy(uid: string): AsyncIterable<ContactMessageDoc> {
    return this.messages.find({ senderUid: uid }).sort({ receivedAt: -1 }).lean().cursor() as AsyncIterable<ContactMessageDoc>;
  }

  /** The ids of a member's own messages (their deletion removes the replies to them too). */
  async idsSentBy(uid: string): Promise<Types.ObjectId[]> {
    const docs = await this.messages.find({ senderUid: uid }, { _id: 1 }).lean<{ _id: Types.ObjectId }[]>().exec();
    return docs.map((doc) => doc._id);
  }

  async deleteSentBy(uid: string): Promise<void> {
    await this.messages.deleteMany({ senderUid: uid }).exec();
  }
}
