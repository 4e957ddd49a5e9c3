import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
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

/**
 * The one writer of the moderation audit log: the moderation service's actions and the contact
 * inbox's (global through ModerationRecordsModule). One insert per action, never an update.
 */
@Injectable()
export class AuditLog {
  constructor(@InjectModel(AUDIT_MODEL) private readonly audit: Model<AuditDoc>) {}

  async write(record: AuditRecord): Promise<void> {
    await this.audit.create(record);
  }
}
