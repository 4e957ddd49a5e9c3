import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model, Types } from 'mongoose';
import { isDuplicateKey } from '../database/duplicate-key';
import { MAIL_ATTEMPT_MODEL, MAIL_OUTBOX_MODEL, type MailAttemptDoc, type MailOutboxDoc } from './mail.schema';
import type { RenderedMail } from './mail-template';

/** A mail as written to the outbox. */
export interface NewMail extends RenderedMail {
  to: string;
  recipientUid?: string;
  kind: string;
  mandatory: boolean;
}

/**
 * The only code that reads or writes mail_outbox and mail_attempts. Each write is one insert or one
 * plain `$set` by `_id` (docs/decisions/0019): only the holder of an attempt's claim writes the mail.
 */
@Injectable()
export class MailOutboxRepository {
  constructor(
    @InjectModel(MAIL_OUTBOX_MODEL) private readonly mails: Model<MailOutboxDoc>,
    @InjectModel(MAIL_ATTEMPT_MODEL) private readonly attempts: Model<MailAttemptDoc>,
  ) {}

  /** Writes a mail due at once; the fields are named one by one. */
  async insert(mail: NewMail, now: Date): Promise<Types.ObjectId> {
    const doc = await this.mails.create({
      to: mail.to,
      ...(mail.recipientUid ? { recipientUid: mail.recipientUid } : {}),
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      headers: mail.headers,
      kind: mail.kind,
      mandatory: mail.mandatory,
      status: 'pending',
      attempts: 0,
      nextAttemptAt: now,
      createdAt: now,
    });
    return doc._id;
  }

  /** How many mails of `kind` were written to `address` (in any case) since `since`: a daily cap's count. */
  countSince(kind: string, address: string, since: Date): Promise<number> {
    const exactly = new RegExp(`^${address.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`, 'i');
    return this.mails.countDocuments({ kind, createdAt: { $gte: since }, to: { $regex: exactly } }).exec();
  }

  /** Mails due to be sent, the longest waiting first. */
  due(now: Date, limit: number): Promise<MailOutboxDoc[]> {
    return this.mails.find({ status: 'pending', nextAttemptAt: { $lte: now } }).sort({ nextAttemptAt: 1 }).limit(limit).lean<MailOutboxDoc[]>().exec();
  }

  /** Claims attempt `attempt` of a mail: true when this call was the first, on any instance. */
  async claim(id: Types.ObjectId, attempt: number, at: Date): Promise<boolean> {
    try {
      await this.attempts.create({ _id: `${id.toHexString()}:${attempt}`, at });
      return true;
    } catch (error) {
      if (isDuplicateKey(error)) return false;
      throw error;
    }
  }

  /** The claim's holder counts its attempt and holds the mail until `leaseUntil` (a worker that dies mid-send frees it then). */
  async start(id: Types.ObjectId, attempts: number, leaseUntil: Date): Promise<void> {
    await this.mails.updateOne({ _id: id }, { $set: { attempts, nextAttemptAt: leaseUntil } }).exec();
  }

  async sent(id: Types.ObjectId, at: Date): Promise<void> {
    await this.mails.updateOne({ _id: id }, { $set: { status: 'sent', sentAt: at, doneAt: at } }).exec();
  }

  async suppressed(id: Types.ObjectId, at: Date): Promise<void> {
    await this.mails.updateOne({ _id: id }, { $set: { status: 'suppressed', doneAt: at } }).exec();
  }

  async retryAt(id: Types.ObjectId, nextAttemptAt: Date, error: string): Promise<void> {
    await this.mails.updateOne({ _id: id }, { $set: { nextAttemptAt, lastError: error } }).exec();
  }

  async failed(id: Types.ObjectId, at: Date, error: string): Promise<void> {
    await this.mails.updateOne({ _id: id }, { $set: { status: 'failed', lastError: error, doneAt: at } }).exec();
  }

  /** A member's mails, newest first, one at a time (their export). */
  addressedTo(uid: string): AsyncIterable<MailOutboxDoc> {
    return this.mails.find({ recipientUid: uid }).sort({ createdAt: -1 }).lean().cursor() as AsyncIterable<MailOutboxDoc>;
  }

  /** A member's mails, whatever their state (their account's deletion: none is sent after it). */
  async deleteAddressedTo(uid: string): Promise<void> {
    await this.mails.deleteMany({ recipientUid: uid }).exec();
  }

  /**
   * Deletes mails sent or suppressed before `before` (their addresses and texts are kept no longer
   * than needed; failed mails stay for operators) and claims older than `claimsBefore`.
   */
  async sweep(before: Date, claimsBefore: Date): Promise<void> {
    await this.mails.deleteMany({ status: { $in: ['sent', 'suppressed'] }, doneAt: { $lt: before } }).exec();
    await this.attempts.deleteMany({ at: { $lt: claimsBefore } }).exec();
  }
}
