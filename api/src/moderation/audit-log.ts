import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { AUDIT_MODEL, FORMER_MEMBER, type AuditDoc } from './moderation.schema';

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

/** The actions a member (not a moderator) takes that the log records: their appeals. */
const MEMBER_ACTIONS = ['appeal:open'];

/**
 * The one writer of the moderation audit log: the moderation service's actions and the contact
 * inbox's (global through ModerationRecordsModule). One insert per action, never an update, but
 * for a member's erasure.
 */
@Injectable()
export class AuditLog {
  constructor(@InjectModel(AUDIT_MODEL) private readonly audit: Model<AuditDoc>) {}

  async write(record: AuditRecord): Promise<void> {
    await this.audit.create(record);
  }

  /**
   * On a member's account deletion (docs/decisions/0013): the entries of their actions and about
   * them keep the action, its time and the moderator, never the member's identity or words. What a
   * moderator did as a moderator stays theirs. Idempotent.
   */
  async forget(uid: string): Promise<void> {
    await this.audit.updateMany({ actorUid: uid, action: { $in: MEMBER_ACTIONS } }, { $set: { actorUid: FORMER_MEMBER, why: '' } }).exec();
    await this.audit.updateMany({ target: `member:${uid}` }, { $set: { target: `member:${FORMER_MEMBER}` } }).exec();
  }
}
