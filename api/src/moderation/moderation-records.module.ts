import { Global, Module } from '@nestjs/common';
import { MongooseModule, getModelToken } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { WriteSuspensions } from '../auth/write-suspensions';
import { AuditLog } from './audit-log';
import { APPEAL_MODEL, AUDIT_MODEL, CASE_MODEL, DECISION_MODEL, REPORT_MODEL, appealSchema, auditSchema, caseSchema, decisionSchema, reportSchema, type CaseDoc } from './moderation.schema';
import { Suspensions } from './suspensions';

/**
 * The moderation collections, the suspensions the write guard asks about and the audit log's writer
 * (global: every module's RequireWriter finds WriteSuspensions, and the contact inbox the audit log,
 * without importing the moderation module).
 */
@Global()
@Module({
  imports: [
    MongooseModule.forFeature([
      { name: REPORT_MODEL, schema: reportSchema },
      { name: DECISION_MODEL, schema: decisionSchema },
      { name: APPEAL_MODEL, schema: appealSchema },
      { name: AUDIT_MODEL, schema: auditSchema },
      { name: CASE_MODEL, schema: caseSchema },
    ]),
  ],
  providers: [
    { provide: Suspensions, useFactory: (cases: Model<CaseDoc>) => new Suspensions(cases), inject: [getModelToken(CASE_MODEL)] }, { provide: WriteSuspensions, useExisting: Suspensions },
    AuditLog,
  ],
  exports: [MongooseModule, Suspensions, WriteSuspensions, AuditLog],
})
export class ModerationRecordsModule {}
