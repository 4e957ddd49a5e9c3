import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { AuditLog } from './audit-log';
import { APPEAL_MODEL, AUDIT_MODEL, CASE_MODEL, DECISION_MODEL, REPORT_MODEL, appealSchema, auditSchema, caseSchema, decisionSchema, reportSchema } from './moderation.schema';
import { ModerationRepository } from './moderation.repository';
import { Suspensions } from './suspensions';

/**
 * The moderation collections and their doors: the repository, the audit log (which the contact
 * inbox writes to as well) and the suspensions the write guard asks about (through
 * WriteSuspensionsModule). Imported by the modules that use them.
 */
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
    ModerationRepository,
    // A factory: the constructor's clock is for unit tests, not for injection.
    { provide: Suspensions, useFactory: (records: ModerationRepository) => new Suspensions(records), inject: [ModerationRepository] },
    AuditLog,
  ],
  exports: [ModerationRepository, Suspensions, AuditLog],
})
export class ModerationRecordsModule {}
