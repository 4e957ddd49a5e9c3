import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleInit } from '@nestjs/common';
import type { AppealView, MisuseCase, ReportView, StatementOfReasons } from '@antiquarium/contracts';
import { APP_CONFIG, type AppConfig } from '../config/env';
import { FORMER_MEMBER_UID } from '../members/former-member';
import { MemberDataRegistry, type ContributionsChoice } from '../members/member-data';
import { AuditLog } from './audit-log';
import { DecisionsService } from './decisions.service';
import { MisuseService } from './misuse.service';
import { LEGACY_FORMER_MEMBER } from './moderation.schema';
import { ModerationRepository } from './moderation.repository';
import { toAppealView } from './moderation-views';
import { NoticesService } from './notices.service';

/** The name a decision keeps of an artifact deleted with its contributor's account. */
const DELETED_ARTIFACT_NAME = 'An artifact deleted with its contributor’s account';

/**
 * A member's notices sent and received, their standing and their appeals, in their export; on the
 * deletion of their account, the moderation records keep only what the law needs
 * (docs/decisions/0013-members-data-rights.md).
 */
@Injectable()
export class ModerationMemberData implements OnModuleInit, OnApplicationBootstrap {
  private readonly logger = new Logger('ModerationStandIns');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly registry: MemberDataRegistry,
    private readonly records: ModerationRepository,
    private readonly audits: AuditLog,
    private readonly notices: NoticesService,
    private readonly decisions: DecisionsService,
    private readonly misuse: MisuseService,
  ) {}

  onModuleInit(): void {
    this.registry.register({ section: 'notices', eraseOrder: 50, export: (uid) => this.export(uid), erase: (uid, mode) => this.erase(uid, mode) });
    this.registry.register({
      section: 'appeals',
      eraseOrder: 50,
      export: (uid) => this.appealsExport(uid),
      // Erased with the notices (one pass over the moderation records).
      erase: async () => undefined,
    });
  }

  /**
   * With the start-up reconciliation: records written before decision 0048 name the stand-in a real
   * uid could be spelled as; they are renamed, in the background, once (idempotent).
   */
  onApplicationBootstrap(): void {
    if (!this.config.reconcileOnStart) return;
    void this.renameLegacyStandIns().then(
      (renamed) => this.logger.log(`renamed: ${renamed}`),
      (error: unknown) => this.logger.warn(`skipped: ${error instanceof Error ? error.message : String(error)}`),
    );
  }

  async renameLegacyStandIns(): Promise<number> {
    // The old stand-in is forgotten as a member is: its records move to the new one.
    return (await this.records.forgetContributor(LEGACY_FORMER_MEMBER, FORMER_MEMBER_UID)) + (await this.audits.forget(LEGACY_FORMER_MEMBER));
  }

  private async export(uid: string): Promise<{ sent: ReportView[]; received: StatementOfReasons[]; standing: MisuseCase[] }> {
    const sent = await this.records.reportsSentForExport(uid);
    return { sent: await this.notices.reportViews(sent), received: await this.decisions.notices(uid), standing: await this.misuse.standingOf(uid) };
  }

  private async appealsExport(uid: string): Promise<AppealView[]> {
    return (await this.records.appealsBy(uid)).map(toAppealView);
  }

  /**
   * The notices, decisions and appeals stay for the figures and any dispute, without the member's
   * identity, contact or texts (and, when their artifacts are deleted, without the artifact's name);
   * their misuse cases go; the audit keeps each action, its time and the moderator (AuditLog.forget).
   * Idempotent.
   */
  private async erase(uid: string, mode: ContributionsChoice): Promise<void> {
    await this.records.forgetSender(uid);
    await this.records.forgetContributor(uid, FORMER_MEMBER_UID, mode === 'anonymize' ? undefined : DELETED_ARTIFACT_NAME);
    await this.records.forgetNotifier(uid);
    await this.records.forgetAppellant(uid);
    await this.records.deleteCasesOf(uid);
    await this.audits.forget(uid);
  }
}
