import { Module } from '@nestjs/common';
import { ArtifactRecordsModule } from '../artifacts/artifact-records.module';
import { AuthModule } from '../auth/auth.module';
import { MemberDataModule } from '../members/member-data.module';
import { AppealsService } from './appeals.service';
import { DecisionsService } from './decisions.service';
import { MisuseService } from './misuse.service';
import { ModeratedArtifacts } from './moderated-artifacts';
import { MODERATION_CLOCK } from './moderation-clock';
import { AppealsController, ModerationController, ReportsController } from './moderation.controller';
import { ModerationMemberData } from './moderation-member-data';
import { ModerationRecorder } from './moderation-recorder';
import { ModerationRecordsModule } from './moderation-records.module';
import { NoticesService } from './notices.service';
import { PeopleNames } from './people-names';
import { QueueService } from './queue.service';
import { TransparencyService } from './transparency.service';

/**
 * Notice and action (docs/decisions/0012-moderation.md): notices, the queue, decisions, appeals,
 * misuse, the audit log and the transparency figures, each a service over ModerationRepository.
 * Public reads never wait on it: what it decides is a field on the artifact that the catalog and the
 * artifacts' queries read.
 */
@Module({
  imports: [ModerationRecordsModule, ArtifactRecordsModule, AuthModule, MemberDataModule],
  controllers: [ReportsController, AppealsController, ModerationController],
  providers: [
    NoticesService,
    QueueService,
    DecisionsService,
    AppealsService,
    MisuseService,
    TransparencyService,
    ModerationMemberData,
    ModeratedArtifacts,
    ModerationRecorder,
    PeopleNames,
    { provide: MODERATION_CLOCK, useValue: () => new Date() },
  ],
})
export class ModerationModule {}
