import { ConflictException, ForbiddenException, Injectable } from '@nestjs/common';
import { appealDeadline, type DecisionAction, type DecisionInput, type DecisionView, type ModerationState, type StatementOfReasons } from '@antiquarium/contracts';
import type { AuthUser } from '../auth/auth-user';
import type { StoredArtifact } from '../artifacts/artifact-projections';
import { ArtifactNotFound } from '../common/errors';
import { invalidField } from './invalid-field';
import { MisuseService } from './misuse.service';
import { ModeratedArtifacts } from './moderated-artifacts';
import { reportOutcomeMails, statementOfReasonsMail } from './moderation-mails';
import { ModerationRecorder } from './moderation-recorder';
import { ModerationRepository, type StoredReport } from './moderation.repository';
import { toDecisionView, toStatement } from './moderation-views';
import { liftsAnothersDecision, partyToDecision } from './second-pass';

const HIDDEN_STATE: Record<DecisionAction, ModerationState | null> = { keep: null, restrict: 'restricted', remove: 'removed' };
/** At most this many statements of reasons are listed to a member. */
const STATEMENTS = 500;

/** Decisions on notices, each with its statement of reasons to the contributor (DSA Art. 17) and its outcome to the notifiers. */
@Injectable()
export class DecisionsService {
  constructor(
    private readonly records: ModerationRepository,
    private readonly artifacts: ModeratedArtifacts,
    private readonly misuse: MisuseService,
    private readonly recorder: ModerationRecorder,
  ) {}

  async decide(input: DecisionInput, moderator: AuthUser): Promise<DecisionView> {
    const artifact = await this.artifacts.byId(input.artifactId);
    if (!artifact) throw new ArtifactNotFound();
    const notices = await this.checkDecision(input, artifact, moderator);
    const reportIds = [...new Set(input.reportIds)];
    const unfounded = input.unfounded === true;
    const decidedAt = this.recorder.now();
    const decision = await this.records.insertDecision({
      artifactId: input.artifactId,
      artifactName: artifact.name,
      contributorUid: artifact.adderUid,
      action: input.action,
      ground: input.ground,
      facts: input.facts,
      reportIds,
      notifierUids: [...new Set(notices.map((doc) => doc.reporterUid).filter((uid): uid is string => !!uid))],
      unfounded,
      moderatorUid: moderator.uid,
      decidedAt,
      reversedAt: null,
    });
    const decisionId = decision._id.toHexString();
    // The artifact first: it is what the decision is about. A keep makes a hidden artifact public again.
    if (input.action !== 'keep' || artifact.moderation) await this.artifacts.setModeration(artifact, HIDDEN_STATE[input.action], decisionId);
    await this.records.markDecided(reportIds, decisionId, unfounded);
    const decided = { id: decisionId, action: input.action, ground: input.ground, decidedAt, unfounded, appealDeadline: appealDeadline(decidedAt) };
    await this.recorder.mail(
      statementOfReasonsMail(toStatement(decision, undefined), { email: artifact.adderEmail, uid: artifact.adderUid }),
      ...reportOutcomeMails(decided, notices.map((doc) => ({ id: doc._id.toHexString(), receivedAt: new Date(doc.receivedAt), email: doc.email, reporterUid: doc.reporterUid }))),
    );
    await this.recorder.log(moderator.uid, `decision:${input.action}`, `artifact:${input.artifactId}`, `${input.ground}: ${input.facts}`);
    if (input.action === 'remove') await this.misuse.reviewMisuse(artifact.adderUid, 'removedArtifacts', moderator.uid, artifact.adderEmail);
    if (unfounded) {
      for (const uid of decision.notifierUids) await this.misuse.reviewMisuse(uid, 'unfoundedNotices', moderator.uid, notices.find((doc) => doc.reporterUid === uid)?.email);
    }
    return toDecisionView(decision);
  }

  /**
   * Refuses a decision the moderator may not take (a party to it, or lifting another moderator's
   * standing decision) or that settles notices it may not; the notices it settles otherwise.
   */
  private async checkDecision(input: DecisionInput, artifact: StoredArtifact, moderator: AuthUser): Promise<StoredReport[]> {
    const sentANotice = await this.records.hasOpenReportFrom(input.artifactId, moderator.uid);
    const party = partyToDecision(moderator.uid, artifact.adderUid, sentANotice);
    if (party) throw new ForbiddenException(party);
    const reportIds = [...new Set(input.reportIds)];
    const notices = await this.records.reportsByIds(reportIds);
    const wrong = reportIds.find((id) => !notices.some((doc) => doc._id.toHexString() === id && doc.artifactId === input.artifactId && doc.status === 'open'));
    if (wrong) throw invalidField('reportIds', `${wrong} is not an open notice about this artifact`, 'Not an open notice about this artifact');
    if (input.unfounded && input.action !== 'keep') throw invalidField('unfounded', 'only a keep finds notices unfounded', 'Only with keep');
    const state = this.artifacts.stateOf(artifact) ?? undefined;
    const standing = state && artifact.moderationDecisionId ? await this.records.findDecision(artifact.moderationDecisionId) : null;
    if (liftsAnothersDecision(input.action, state, standing?.moderatorUid, moderator.uid)) {
      throw new ConflictException(
        `This artifact is ${state} by another moderator's decision (${artifact.moderationDecisionId}): lifting it goes through the appeal review. Appeal that decision; a moderator other than both of you rules on it.`,
      );
    }
    return notices;
  }

  /** The statements of reasons the member received (DSA Art. 17), newest first. */
  async notices(uid: string): Promise<StatementOfReasons[]> {
    const docs = await this.records.decisionsOf(uid, STATEMENTS);
    const appeals = await this.records.appealsOn(uid, docs.map((doc) => doc._id.toHexString()));
    return docs.map((doc) => toStatement(doc, appeals.find((appeal) => appeal.decisionId === doc._id.toHexString())));
  }
}
