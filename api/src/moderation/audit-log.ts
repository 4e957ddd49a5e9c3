import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model, Types } from 'mongoose';
import { FORMER_MEMBER_UID } from '../members/former-member';
import { AUDIT_MODEL, type AuditDoc } from './moderation.schema';

/** One moderation action as the audit log keeps it (`GET /moderation/audit`). */
export interface AuditRecord {
  at: Date;
  actorUid: string;
  /** `decision:restrict`, `appeal:reversed`, `contact:handled`, ... */
  action: string;
  /** `artifact:<id>`, `appeal:<id>`, `member:<uid>`, `contact:<id>`, ... */
  target: string;
  why: string;
}

/** An entry as the log keeps it. */
export interface StoredAuditRecord extends AuditRecord {
  _id: Types.ObjectId;
}

/** The actions a member (not a moderator) takes that the log records: their appeals. */
const MEMBER_ACTIONS = ['appeal:open'];

/**
 * The only code that reads or writes the moderation audit log: the moderation services' actions and
 * the contact inbox's (through ModerationRecordsModule). One insert per action, never an update, but
 * for a member's erasure.
 */
@Injectable()
export class AuditLog {
  constructor(@InjectModel(AUDIT_MODEL) private readonly audit: Model<AuditDoc>) {}

  async write(record: AuditRecord): Promise<void> {
    await this.audit.create(record);
  }

  /** The entries, newest first. */
  async page(page: number, limit: number): Promise<{ items: StoredAuditRecord[]; total: number }> {
    const [items, total] = await Promise.all([
      this.audit
        .find({})
        .sort({ at: -1 })
        .skip((page - 1) * limit)
        .limit(limit)
        .lean<StoredAuditRecord[]>()
        .exec(),
      this.audit.countDocuments({}).exec(),
    ]);
    return { items, total };
  }

  /** When members were suspended, since `since` (the transparency figures). */
  async suspensionTimesSince(since: Date): Promise<Date[]> {
    const docs = await this.audit.find({ action: 'misuse:suspend', at: { $gte: since } }, { at: 1 }).lean<Pick<StoredAuditRecord, 'at'>[]>().exec();
    return docs.map((doc) => doc.at);
  }

  /**
   * On a member's account deletion (docs/decisions/0013): the entries of their actions and about
   * them keep the action, its time and the moderator, never the member's identity or words. What a
   * moderator did as a moderator stays theirs. Idempotent; how many entries changed.
   */
  async forget(uid: string): Promise<number> {
    const actors = await this.audit.updateMany({ actorUid: uid, action: { $in: MEMBER_ACTIONS } }, { $set: { actorUid: FORMER_MEMBER_UID, why: '' } }).exec();
    const targets = await this.audit.updateMany({ target: `member:${uid}` }, { $set: { target: `member:${FORMER_MEMBER_UID}` } }).exec();
    return actors.modifiedCount + targets.modifiedCount;
  }
}
