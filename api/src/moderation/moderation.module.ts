import { Inject, Module, type OnModuleInit } from '@nestjs/common';
import { ArtifactRecordsModule } from '../artifacts/artifact-records.module';
import { AuthModule } from '../auth/auth.module';
import { MemberDataModule } from '../members/member-data.module';
import { MemberDataRegistry } from '../members/member-data';
import { AppealsController, ModerationController, ReportsController } from './moderation.controller';
import { ModerationService, MODERATION_CLOCK } from './moderation.service';
import { PeopleNames } from './people-names';

/**
 * Notice and action (docs/decisions/0012-moderation.md). Public reads never wait on it: what it
 * decides is a field on the artifact that the catalog and the artifacts' queries read.
 */
@Module({
  imports: [ArtifactRecordsModule, AuthModule, MemberDataModule],
  controllers: [ReportsController, AppealsController, ModerationController],
  providers: [ModerationService, PeopleNames, { provide: MODERATION_CLOCK, useValue: () => new Date() }],
})
export class ModerationModule implements OnModuleInit {
  constructor(
    private readonly moderation: ModerationService,
    @Inject(MemberDataRegistry) private readonly registry: MemberDataRegistry,
  ) {}

  onModuleInit(): void {
    // A member's export holds the notices they sent and received; their deletion keeps of the
    // moderation records only what the law needs (ModerationService.erase).
    this.registry.register({
      section: 'notices',
      eraseOrder: 50,
      export: (uid) => this.moderation.exportOf(uid),
      erase: (uid, mode) => this.moderation.erase(uid, mode),
    });
    this.registry.register({
      section: 'appeals',
      eraseOrder: 50,
      export: (uid) => this.moderation.appealsExportOf(uid),
      // Erased with the notices (one pass over the moderation records).
      erase: async () => undefined,
    });
  }
}
