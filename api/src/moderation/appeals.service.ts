import { ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { appealDeadline, groundText, type AppealCase, type AppealDecisionInput, type AppealInput, type AppealView, type Appellant } from '@antiquarium/contracts';
import type { AuthUser } from '../auth/auth-user';
import { isDuplicateKey } from '../database/duplicate-key';
import { invalidField } from './invalid-field';
import { MisuseService } from './misuse.service';
import { ModeratedArtifacts } from './moderated-artifacts';
import { appealOutcomeMail, appealReceiptMail } from './moderation-mails';
import { ModerationRecorder } from './moderation-recorder';
import { ModerationRepository, type Paged, type StoredAppeal, type StoredDecision } from './moderation.repository';
import { iso, onDecision, toAppealView } from './moderation-views';
import { PeopleNames } from './people-names';
import { mayNotRule } from './second-pass';

/** How many messages one appeal's thread holds at most. */
const THREAD_MAX = 200;

/** Who may appeal a decision, as what; null for anyone else. */
function appellantOf(decision: StoredDecision, user: AuthUser): Appellant | null {
  if (decision.contributorUid === user.uid) return 'contributor';
  if (decision.action === 'keep' && decision.notifierUids.includes(user.uid)) return 'notifier';
  // Another moderator's way to lift a restriction or removal (docs/decisions/0019).
  if (user.moderator === true && decision.action !== 'keep' && decision.moderatorUid !== user.uid) return 'moderator';
  return null;
}

/** Appeals (DSA Art. 20): a thread between the appellant and the moderators, ruled on by a moderator who is no party. */
@Injectable()
export class AppealsService {
  constructor(
    private readonly records: ModerationRepository,
    private readonly artifacts: ModeratedArtifacts,
    private readonly misuse: MisuseService,
    private readonly names: PeopleNames,
    private readonly recorder: ModerationRecorder,
  ) {}

  async appeal(input: AppealInput, user: AuthUser): Promise<AppealView> {
    const decision = await this.records.findDecision(input.decisionId);
    if (!decision) throw new NotFoundException('Decision not found');
    const appellant = appellantOf(decision, user);
    if (!appellant) {
      throw new ForbiddenException('Only the contributor, a notifier against a decision to keep, or another moderator against a restriction or removal can appeal this decision');
    }
    const now = this.recorder.now();
    const deadline = appealDeadline(new Date(decision.decidedAt));
    // The six months are the member's (DSA Art. 20); the team's second look has no deadline.
    if (appellant !== 'moderator' && now.getTime() > deadline.getTime()) {
      throw invalidField('decisionId', `the appeal period ended on ${deadline.toISOString()}`, 'The appeal period has ended');
    }
    if (decision.reversedAt) throw invalidField('decisionId', 'this decision was already reversed', 'Already reversed');
    try {
      const stored = await this.records.insertAppeal({
        decisionId: input.decisionId,
        artifactId: decision.artifactId,
        appellantUid: user.uid,
        appellant,
        text: input.text,
        createdAt: now,
        status: 'open',
        messages: [],
      });
      await this.recorder.log(user.uid, 'appeal:open', `decision:${input.decisionId}`, input.text);
      await this.recorder.mail(appealReceiptMail(onDecision(stored, decision), { email: await this.appellantAddress(stored, decision), uid: user.uid }));
      return toAppealView(stored);
    } catch (error) {
      if (isDuplicateKey(error)) throw invalidField('decisionId', 'you have already appealed this decision', 'Already appealed');
      throw error;
    }
  }

  private async appealFor(id: string, user: AuthUser): Promise<StoredAppeal> {
    const doc = await this.records.findAppeal(id);
    if (!doc || (doc.appellantUid !== user.uid && user.moderator !== true)) throw new NotFoundException('Appeal not found');
    return doc;
  }

  async appealView(id: string, user: AuthUser): Promise<AppealView> {
    return toAppealView(await this.appealFor(id, user));
  }

  async addMessage(id: string, text: string, user: AuthUser): Promise<AppealView> {
    const doc = await this.appealFor(id, user);
    const from = doc.appellantUid === user.uid ? 'appellant' : 'moderator';
    if (doc.messages.length >= THREAD_MAX) throw invalidField('text', 'this thread is full', 'Thread full');
    await this.records.addAppealMessage(doc._id, { from, byUid: user.uid, text, at: this.recorder.now() });
    if (from === 'moderator') await this.recorder.log(user.uid, 'appeal:message', `appeal:${id}`, text);
    return this.appealView(id, user);
  }

  async appealsQueue(status: 'open' | 'decided', page: number, limit: number, moderator: AuthUser): Promise<Paged<AppealCase>> {
    const { items, total } = await this.records.appealsPage(status, page, limit);
    return { items: await this.appealCases(items, moderator), total };
  }

  /**
   * Each appeal with what a ruling needs beside it: the artifact, the decision appealed and who took
   * it, and whether the moderator reading may rule (the parties rule). One read of the decisions,
   * one per artifact, one name per moderator: a page of at most MAX_PAGE_SIZE appeals.
   */
  private async appealCases(docs: StoredAppeal[], moderator: AuthUser): Promise<AppealCase[]> {
    const decisions = await this.records.decisionsByIds(docs.map((doc) => doc.decisionId));
    const decisionOf = new Map(decisions.map((decision) => [decision._id.toHexString(), decision]));
    const artifactIds = [...new Set(docs.map((doc) => doc.artifactId))];
    const artifacts = await Promise.all(artifactIds.map((id) => this.artifacts.byId(id)));
    const artifactOf = new Map(artifactIds.map((id, index) => [id, artifacts[index] ?? null]));
    const names = await this.names.of(decisions.map((decision) => decision.moderatorUid));
    return docs.flatMap((doc): AppealCase[] => {
      const decision = decisionOf.get(doc.decisionId);
      // An appeal always has its decision (decisions are never deleted); skipped rather than shown half.
      if (!decision) return [];
      const artifact = artifactOf.get(doc.artifactId) ?? null;
      return [
        {
          ...toAppealView(doc),
          artifact: artifact
            ? // A hidden artifact's cover opens to moderators with a grant, as in the queue.
              { id: doc.artifactId, name: artifact.name, image: this.artifacts.coverOf(artifact) || null, moderation: this.artifacts.stateOf(artifact), deleted: false }
            : { id: doc.artifactId, name: decision.artifactName, image: null, moderation: null, deleted: true },
          appealed: {
            id: doc.decisionId,
            action: decision.action,
            ground: decision.ground,
            groundText: groundText(decision.ground),
            facts: decision.facts,
            decidedAt: iso(decision.decidedAt)!,
            reversedAt: iso(decision.reversedAt),
            moderatorUid: decision.moderatorUid,
            moderatorName: names.get(decision.moderatorUid) ?? null,
          },
          mayNotRule: doc.status === 'open' ? mayNotRule(moderator.uid, doc, decision) : null,
        },
      ];
    });
  }

  async decideAppeal(id: string, input: AppealDecisionInput, moderator: AuthUser): Promise<AppealView> {
    const appeal = await this.appealFor(id, moderator);
    if (appeal.status !== 'open') throw invalidField('outcome', 'this appeal was already decided', 'Already decided');
    const decision = await this.records.findDecision(appeal.decisionId);
    if (!decision) throw new NotFoundException('Decision not found');
    const party = mayNotRule(moderator.uid, appeal, decision);
    if (party) throw new ForbiddenException(party);
    const decidedAt = this.recorder.now();
    if (!(await this.records.ruleOnAppeal(appeal._id, { outcome: input.outcome, reasons: input.reasons, decidedBy: moderator.uid, decidedAt }))) {
      throw invalidField('outcome', 'this appeal was already decided', 'Already decided');
    }
    await this.recorder.log(moderator.uid, `appeal:${input.outcome}`, `appeal:${id}`, input.reasons);
    // The address first: reversing a keep unlinks the notifier's notice from the decision.
    const appellantEmail = await this.appellantAddress(appeal, decision);
    if (input.outcome === 'reversed') await this.reverse(decision, appeal, moderator.uid, decidedAt);
    await this.recorder.mail(appealOutcomeMail(onDecision(appeal, decision), { ...input, decidedAt }, { email: appellantEmail, uid: appeal.appellantUid }));
    return this.appealView(id, moderator);
  }

  /**
   * Where an appellant's mails go: the contributor's address on the artifact, a notifier's on their
   * notice. A moderator's appeal is the team's own second look (docs/decisions/0019): no mail.
   */
  private async appellantAddress(appeal: StoredAppeal, decision: StoredDecision): Promise<string | undefined> {
    if (appeal.appellant === 'contributor') return (await this.artifacts.byId(decision.artifactId))?.adderEmail;
    if (appeal.appellant !== 'notifier') return undefined;
    return this.records.noticeAddress(decision._id.toHexString(), appeal.appellantUid);
  }

  /** Undoes a decision: the artifact is public again (unless a later decision governs it), and misuse is recounted. */
  private async reverse(decision: StoredDecision, appeal: StoredAppeal, actorUid: string, at: Date): Promise<void> {
    await this.records.setReversed(decision._id, at);
    const decisionId = decision._id.toHexString();
    const onAppeal = `on ${appeal.appellant === 'contributor' ? 'the' : 'a'} ${appeal.appellant}'s appeal (${appeal._id.toHexString()})`;
    if (decision.action !== 'keep') {
      const artifact = await this.artifacts.byId(decision.artifactId);
      if (artifact && artifact.moderationDecisionId === decisionId) await this.artifacts.setModeration(artifact, null, decisionId);
      await this.recorder.log(actorUid, 'decision:reversed', `artifact:${decision.artifactId}`, `decision ${decisionId} reversed ${onAppeal}`);
      if (decision.action === 'remove') await this.misuse.reviewMisuse(decision.contributorUid, 'removedArtifacts', actorUid);
    } else {
      // A keep reversed: its notices were not unfounded after all; a moderator takes a new decision from the queue.
      await this.records.reopenDecided(decisionId);
      await this.recorder.log(actorUid, 'decision:reversed', `artifact:${decision.artifactId}`, `keep ${decisionId} reversed ${onAppeal}: its notices are open again`);
      if (decision.unfounded) for (const uid of decision.notifierUids) await this.misuse.reviewMisuse(uid, 'unfoundedNotices', actorUid);
    }
  }
}
