import { isDuplicateKey } from '../database/duplicate-key';
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { ConflictException, ForbiddenException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Types, type Model, type QueryFilter } from 'mongoose';
import {
  MISUSE_WINDOW_DAYS,
  REPORT_LIMITS,
  SUSPENSION_DAYS,
  appealDeadline,
  groundText,
  type AppealCase,
  type AppealDecisionInput,
  type AppealInput,
  type AppealView,
  type Appellant,
  type ContributionsChoice,
  type AuditEntry,
  type DecisionAction,
  type DecisionGround,
  type DecisionInput,
  type DecisionView,
  type MisuseCase,
  type MisuseKind,
  type QueueEntry,
  type ReportInput,
  type ReportReason,
  type ReportReceipt,
  type ReportView,
  type StatementOfReasons,
  type TransparencyMonth,
  type TransparencyReport,
} from '@antiquarium/contracts';
import { isEmailAddress } from '@antiquarium/contracts/validation';
import type { AuthUser } from '../auth/auth-user';
import { ArtifactsRepository, type StoredArtifact } from '../artifacts/artifacts.repository';
import { ArtifactPhotos } from '../artifacts/artifact-photos';
import { coverWithAccess, mayDisplayHidden } from '../artifacts/to-artifact';
import { ArtifactNotFound, ValidationFailed } from '../common/errors';
import { Outbox, type MailRequest } from '../mail/outbox';
import type { FieldErrors } from '@antiquarium/contracts';
import {
  APPEAL_MODEL,
  AUDIT_MODEL,
  CASE_MODEL,
  DECISION_MODEL,
  FORMER_MEMBER,
  REPORT_MODEL,
  type AppealDoc,
  type AuditDoc,
  type CaseDoc,
  type DecisionDoc,
  type ReportDoc,
} from './moderation.schema';
import { AuditLog } from './audit-log';
import { misuseLevel, misuseStatement } from './misuse-policy';
import { appealOutcomeMail, appealReceiptMail, misuseMail, reportOutcomeMails, reportReceiptMail, statementOfReasonsMail, type AppealOnDecision } from './moderation-mails';
import { PeopleNames } from './people-names';
import { liftsAnothersDecision, mayNotRule, partyToDecision } from './second-pass';
import { Suspensions } from './suspensions';

/** The moderation service's clock: tests of the six-month window plant dates instead. */
export const MODERATION_CLOCK = Symbol('MODERATION_CLOCK');
export type Clock = () => Date;

const DAY_MS = 86_400_000;
/** At most this many open notices are grouped for one queue page (the oldest first). */
const QUEUE_SCAN = 5000;
/** At most this many hidden artifacts are read one by one to name the notices of one answer. */
const NAME_READS = 100;
/** The transparency figures cover this many months back. */
const TRANSPARENCY_MONTHS = 24;

const WHAT: Record<DecisionAction, string> = {
  keep: 'Your artifact stays as it is: the notices about it were examined and no action was taken.',
  restrict: 'Your artifact is hidden from everyone but you and the moderators: it is in no list, search or page of the site.',
  remove: 'Your artifact was removed from public view. It is kept, unseen, for as long as it can be appealed.',
};
const DURATION: Record<DecisionAction, string> = {
  keep: 'Not applicable.',
  restrict: 'Until the decision is reversed, on appeal or by a new decision.',
  remove: 'Until the decision is reversed on appeal; otherwise for good.',
};
const HIDDEN_STATE: Record<DecisionAction, 'restricted' | 'removed' | null> = { keep: null, restrict: 'restricted', remove: 'removed' };
const AUTOMATION = 'A moderator took this decision in person; no automated means detected the content or decided.';
/** The name a decision keeps of an artifact deleted with its contributor's account. */
const DELETED_ARTIFACT_NAME = 'An artifact deleted with its contributor’s account';

export function hashReceipt(receipt: string): string {
  return createHash('sha256').update(receipt, 'utf8').digest('hex');
}

/** Constant-time comparison of a presented receipt with the stored hash. */
export function receiptMatches(presented: string, storedHash: string): boolean {
  const a = Buffer.from(hashReceipt(presented), 'hex');
  const b = Buffer.from(/^[0-9a-f]{64}$/.test(storedHash) ? storedHash : '0'.repeat(64), 'hex');
  return timingSafeEqual(a, b);
}

function iso(value: Date | string | null | undefined): string | null {
  return value ? new Date(value).toISOString() : null;
}

function monthOf(value: Date | string): string {
  return new Date(value).toISOString().slice(0, 7);
}

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** A member's account address as their notice keeps it: only one the notice form accepts from a visitor. */
function noticeAddress(email: string | undefined): string | undefined {
  return email && email.length <= REPORT_LIMITS.email && isEmailAddress(email) ? email : undefined;
}

function toObjectId(id: string): Types.ObjectId | null {
  return /^[0-9a-f]{24}$/.test(id) ? new Types.ObjectId(id) : null;
}

export function toDecisionView(doc: DecisionDoc): DecisionView {
  return {
    id: doc._id.toHexString(),
    artifactId: doc.artifactId,
    contributorUid: doc.contributorUid,
    action: doc.action as DecisionAction,
    ground: doc.ground as DecisionGround,
    facts: doc.facts,
    reportIds: [...doc.reportIds],
    moderatorUid: doc.moderatorUid,
    decidedAt: iso(doc.decidedAt)!,
    reversedAt: iso(doc.reversedAt),
  };
}

function toAppealView(doc: AppealDoc): AppealView {
  return {
    id: doc._id.toHexString(),
    decisionId: doc.decisionId,
    artifactId: doc.artifactId,
    appellant: doc.appellant as Appellant,
    text: doc.text,
    createdAt: iso(doc.createdAt)!,
    status: doc.status as AppealView['status'],
    messages: doc.messages.map((message) => ({ from: message.from as 'appellant' | 'moderator', text: message.text ?? '', at: iso(message.at)! })),
    decision: doc.decidedAt ? { outcome: doc.status as 'upheld' | 'reversed', reasons: doc.reasons ?? '', decidedAt: iso(doc.decidedAt)! } : null,
  };
}

/**
 * Notices, decisions with their statements of reasons, appeals, misuse cases, the audit log and the
 * transparency figures (docs/decisions/0012-moderation.md). Public reads never come here: hiding is
 * a field on the artifact that the catalog and the artifacts' queries exclude.
 */
@Injectable()
export class ModerationService {
  constructor(
    @InjectModel(REPORT_MODEL) private readonly reports: Model<ReportDoc>,
    @InjectModel(DECISION_MODEL) private readonly decisions: Model<DecisionDoc>,
    @InjectModel(APPEAL_MODEL) private readonly appeals: Model<AppealDoc>,
    @InjectModel(AUDIT_MODEL) private readonly audit: Model<AuditDoc>,
    @InjectModel(CASE_MODEL) private readonly cases: Model<CaseDoc>,
    private readonly artifacts: ArtifactsRepository,
    private readonly suspensions: Suspensions,
    private readonly audits: AuditLog,
    private readonly outbox: Outbox,
    private readonly photos: ArtifactPhotos,
    private readonly names: PeopleNames,
    @Inject(MODERATION_CLOCK) private readonly now: Clock,
  ) {}

  /** Writes the mails a stored record owes to the outbox (moderation-mails.ts; null: no address to write to). */
  private async mail(...mails: (MailRequest | null)[]): Promise<void> {
    for (const mail of mails) if (mail) await this.outbox.enqueue(mail);
  }

  // ---- notices ----

  async report(input: ReportInput, caller: AuthUser | undefined): Promise<ReportReceipt> {
    if (caller) await this.suspensions.assertMayWrite(caller.uid);
    const artifact = await this.visibleArtifact(input.artifactId, caller);
    if (input.photoId && !(artifact.images ?? []).some((image) => image.id === input.photoId)) {
      throw new ValidationFailed('photoId: This photo is not one of this artifact’s', { photoId: 'This photo is not one of this artifact’s' } as FieldErrors);
    }
    const receipt = randomBytes(24).toString('base64url');
    const receivedAt = this.now();
    // The address the receipt and the outcome go to: a visitor's as given, a member's own account's.
    const email = caller ? noticeAddress(caller.email) : input.email;
    const doc = await this.reports.create({
      artifactId: input.artifactId,
      ...(input.photoId ? { photoId: input.photoId } : {}),
      contributorUid: artifact.adderUid,
      reason: input.reason,
      details: input.details ?? '',
      ...(email ? { email } : {}),
      ...(caller ? { reporterUid: caller.uid } : {}),
      receiptHash: hashReceipt(receipt),
      receivedAt,
      status: 'open',
    });
    await this.mail(reportReceiptMail({ id: doc._id.toHexString(), reason: input.reason, receivedAt }, receipt, { email, uid: caller?.uid }));
    return { id: doc._id.toHexString(), receipt, receivedAt: receivedAt.toISOString() };
  }

  /** The artifact as the caller may see it (a hidden one only for its contributor and moderators); 404 otherwise. */
  private async visibleArtifact(id: string, caller: AuthUser | undefined): Promise<StoredArtifact> {
    const objectId = toObjectId(id);
    const doc = objectId ? await this.artifacts.findById(objectId) : null;
    if (!doc || (doc.moderation && !mayDisplayHidden(doc, caller))) throw new ArtifactNotFound();
    return doc;
  }

  /** A notice followed with its receipt: 404 for a wrong receipt, exactly as for an unknown id. */
  async reportByReceipt(id: string, receipt: string): Promise<ReportView> {
    const objectId = toObjectId(id);
    const doc = objectId ? await this.reports.findById(objectId).lean<ReportDoc>().exec() : null;
    // Compared even when there is no notice, so that the answer's time says nothing either way.
    const matches = receiptMatches(receipt, doc?.receiptHash ?? '');
    if (!doc || !matches) throw new NotFoundException('Report not found');
    return (await this.reportViews([doc]))[0]!;
  }

  async reportsOf(uid: string, page: number, limit: number): Promise<{ items: ReportView[]; total: number }> {
    const [docs, total] = await Promise.all([
      this.reports
        .find({ reporterUid: uid })
        .sort({ receivedAt: -1 })
        .skip((page - 1) * limit)
        .limit(limit)
        .lean<ReportDoc[]>()
        .exec(),
      this.reports.countDocuments({ reporterUid: uid }).exec(),
    ]);
    return { items: await this.reportViews(docs), total };
  }

  private async reportViews(docs: ReportDoc[]): Promise<ReportView[]> {
    const decisionIds = [...new Set(docs.map((doc) => doc.decisionId).filter((id): id is string => !!id))].map((id) => new Types.ObjectId(id));
    const decisions = decisionIds.length ? await this.decisions.find({ _id: { $in: decisionIds } }).lean<DecisionDoc[]>().exec() : [];
    const byId = new Map(decisions.map((decision) => [decision._id.toHexString(), decision]));
    const decisionOf = (doc: ReportDoc) => (doc.decisionId ? byId.get(doc.decisionId) : undefined);
    const names = await this.artifactNames(docs.filter((doc) => !decisionOf(doc)).map((doc) => doc.artifactId), docs.map((doc) => doc.artifactId));
    return docs.map((doc) => {
      const decision = decisionOf(doc);
      return {
        id: doc._id.toHexString(),
        artifactId: doc.artifactId,
        // Its sender saw it when they reported it: named whether or not it is hidden now (a decided
        // one as its decision names it, unless public under a newer name).
        artifactName: names.get(doc.artifactId) ?? decision?.artifactName ?? null,
        reason: doc.reason as ReportReason,
        details: doc.details ?? '',
        receivedAt: iso(doc.receivedAt)!,
        status: doc.status as ReportView['status'],
        outcome: decision
          ? {
              action: decision.action as DecisionAction,
              ground: decision.ground as DecisionGround,
              decidedAt: iso(decision.decidedAt)!,
              reversed: !!decision.reversedAt,
              reversedAt: iso(decision.reversedAt),
            }
          : null,
      };
    });
  }

  /**
   * The names of the artifacts `all` names, by id: the public ones in one read; then, of those in
   * `undecided` still unnamed (hidden by another notice's decision, or deleted), at most
   * NAME_READS one read each. A decided notice's decision names its artifact already.
   */
  private async artifactNames(undecided: string[], all: string[]): Promise<Map<string, string>> {
    const ids = (list: string[]) => [...new Set(list)].filter((id) => toObjectId(id) !== null);
    const named = new Map((await this.artifacts.findManyByIds(ids(all).map((id) => new Types.ObjectId(id)))).map((doc) => [doc._id.toHexString(), doc.name]));
    const hidden = ids(undecided).filter((id) => !named.has(id)).slice(0, NAME_READS);
    for (const doc of await Promise.all(hidden.map((id) => this.artifacts.findById(new Types.ObjectId(id))))) {
      if (doc) named.set(doc._id.toHexString(), doc.name);
    }
    return named;
  }

  // ---- the queue and decisions ----

  async queue(page: number, limit: number): Promise<{ items: QueueEntry[]; total: number }> {
    const open = await this.reports.find({ status: 'open' }).sort({ receivedAt: 1, _id: 1 }).limit(QUEUE_SCAN).lean<ReportDoc[]>().exec();
    const groups = new Map<string, ReportDoc[]>();
    for (const doc of open) groups.set(doc.artifactId, [...(groups.get(doc.artifactId) ?? []), doc]);
    const all = [...groups.entries()];
    const pageGroups = all.slice((page - 1) * limit, page * limit);
    const artifacts = await Promise.all(pageGroups.map(([artifactId]) => this.artifacts.findById(new Types.ObjectId(artifactId))));
    const artifactIds = pageGroups.map(([artifactId]) => artifactId);
    const contributorUids = [...new Set(pageGroups.map(([, docs]) => docs[0]!.contributorUid))];
    const earlier = pageGroups.length
      ? await this.decisions
          .find({ $or: [{ artifactId: { $in: artifactIds } }, { contributorUid: { $in: contributorUids } }] })
          .sort({ decidedAt: -1 })
          .limit(500)
          .lean<DecisionDoc[]>()
          .exec()
      : [];
    const items = pageGroups.map(([artifactId, docs], index): QueueEntry => {
      const artifact = artifacts[index];
      const reasons: Partial<Record<ReportReason, number>> = {};
      for (const doc of docs) reasons[doc.reason as ReportReason] = (reasons[doc.reason as ReportReason] ?? 0) + 1;
      const contributorUid = docs[0]!.contributorUid;
      return {
        artifactId,
        artifact: artifact
          ? {
              id: artifactId,
              name: artifact.name,
              // A hidden artifact's cover opens to moderators with a grant (api/src/media/photo-access.ts).
              image: artifact.moderation ? coverWithAccess(artifact, (image) => this.photos.accessQuery(image)) : artifact.image,
              shortDescription: artifact.shortDescription,
              context: artifact.context,
              adderName: artifact.adderName,
              moderation: (artifact.moderation as 'restricted' | 'removed' | undefined) ?? null,
            }
          : null,
        count: docs.length,
        reasons,
        oldestAt: iso(docs[0]!.receivedAt)!,
        reports: docs.map((doc) => ({
          id: doc._id.toHexString(),
          reason: doc.reason as ReportReason,
          details: doc.details ?? '',
          receivedAt: iso(doc.receivedAt)!,
          fromMember: !!doc.reporterUid,
          ...(doc.photoId ? { photoId: doc.photoId } : {}),
          // The sender's address, for a moderator to write to them: on this moderators' answer only.
          ...(doc.email ? { email: doc.email } : {}),
        })),
        earlierDecisions: earlier.filter((decision) => decision.artifactId === artifactId).map(toDecisionView),
        contributorDecisions: earlier.filter((decision) => decision.contributorUid === contributorUid && decision.artifactId !== artifactId).map(toDecisionView),
      };
    });
    return { items, total: all.length };
  }

  async decide(input: DecisionInput, moderator: AuthUser): Promise<DecisionView> {
    const artifactId = new Types.ObjectId(input.artifactId);
    const artifact = await this.artifacts.findById(artifactId);
    if (!artifact) throw new ArtifactNotFound();
    const sentANotice = (await this.reports.exists({ artifactId: input.artifactId, reporterUid: moderator.uid, status: 'open' }).exec()) !== null;
    const party = partyToDecision(moderator.uid, artifact.adderUid, sentANotice);
    if (party) throw new ForbiddenException(party);
    const reportIds = [...new Set(input.reportIds)];
    const notices = reportIds.length
      ? await this.reports.find({ _id: { $in: reportIds.map((id) => new Types.ObjectId(id)) } }).lean<ReportDoc[]>().exec()
      : [];
    const wrong = reportIds.find((id) => !notices.some((doc) => doc._id.toHexString() === id && doc.artifactId === input.artifactId && doc.status === 'open'));
    if (wrong) throw new ValidationFailed(`reportIds: ${wrong} is not an open notice about this artifact`, { reportIds: 'Not an open notice about this artifact' } as FieldErrors);
    if (input.unfounded && input.action !== 'keep') throw new ValidationFailed('unfounded: only a keep finds notices unfounded', { unfounded: 'Only with keep' } as FieldErrors);
    const state = artifact.moderation as 'restricted' | 'removed' | undefined;
    const standing = state && artifact.moderationDecisionId ? await this.decisions.findById(toObjectId(artifact.moderationDecisionId)).lean<DecisionDoc>().exec() : null;
    if (liftsAnothersDecision(input.action, state, standing?.moderatorUid, moderator.uid)) {
      throw new ConflictException(
        `This artifact is ${state} by another moderator's decision (${artifact.moderationDecisionId}): lifting it goes through the appeal review. Appeal that decision; a moderator other than both of you rules on it.`,
      );
    }
    const decidedAt = this.now();
    const decision = await this.decisions.create({
      artifactId: input.artifactId,
      artifactName: artifact.name,
      contributorUid: artifact.adderUid,
      action: input.action,
      ground: input.ground,
      facts: input.facts,
      reportIds,
      notifierUids: [...new Set(notices.map((doc) => doc.reporterUid).filter((uid): uid is string => !!uid))],
      unfounded: input.unfounded === true,
      moderatorUid: moderator.uid,
      decidedAt,
      reversedAt: null,
    });
    const decisionId = decision._id.toHexString();
    // The artifact first: it is what the decision is about. A keep makes a hidden artifact public again.
    if (input.action !== 'keep' || artifact.moderation) {
      await this.artifacts.setModeration(artifactId, HIDDEN_STATE[input.action], decisionId);
    }
    if (reportIds.length) {
      await this.reports
        .updateMany({ _id: { $in: reportIds.map((id) => new Types.ObjectId(id)) }, status: 'open' }, { $set: { status: 'decided', decisionId, unfounded: input.unfounded === true } })
        .exec();
    }
    const stored = decision.toObject() as DecisionDoc;
    const decided = { id: decisionId, action: input.action, ground: input.ground, decidedAt, unfounded: input.unfounded === true, appealDeadline: appealDeadline(decidedAt) };
    await this.mail(
      statementOfReasonsMail(this.statement(stored, undefined), { email: artifact.adderEmail, uid: artifact.adderUid }),
      ...reportOutcomeMails(decided, notices.map((doc) => ({ id: doc._id.toHexString(), receivedAt: new Date(doc.receivedAt), email: doc.email, reporterUid: doc.reporterUid }))),
    );
    await this.log(moderator.uid, `decision:${input.action}`, `artifact:${input.artifactId}`, `${input.ground}: ${input.facts}`);
    if (input.action === 'remove') await this.reviewMisuse(artifact.adderUid, 'removedArtifacts', moderator.uid, artifact.adderEmail);
    if (input.unfounded) {
      for (const uid of decision.notifierUids) await this.reviewMisuse(uid, 'unfoundedNotices', moderator.uid, notices.find((doc) => doc.reporterUid === uid)?.email);
    }
    return toDecisionView(stored);
  }

  /** The statements of reasons the member received (DSA Art. 17), newest first. */
  async notices(uid: string): Promise<StatementOfReasons[]> {
    const docs = await this.decisions.find({ contributorUid: uid }).sort({ decidedAt: -1 }).limit(500).lean<DecisionDoc[]>().exec();
    const appeals = docs.length
      ? await this.appeals.find({ appellantUid: uid, decisionId: { $in: docs.map((doc) => doc._id.toHexString()) } }, { decisionId: 1 }).lean<AppealDoc[]>().exec()
      : [];
    return docs.map((doc) => this.statement(doc, appeals.find((appeal) => appeal.decisionId === doc._id.toHexString())));
  }

  private statement(doc: DecisionDoc, appeal: Pick<AppealDoc, '_id'> | undefined): StatementOfReasons {
    const deadline = appealDeadline(new Date(doc.decidedAt));
    return {
      decisionId: doc._id.toHexString(),
      artifactId: doc.artifactId,
      artifactName: doc.artifactName,
      action: doc.action as DecisionAction,
      what: WHAT[doc.action as DecisionAction],
      duration: DURATION[doc.action as DecisionAction],
      facts: doc.facts,
      ground: doc.ground as DecisionGround,
      groundText: groundText(doc.ground),
      decidedByPerson: true,
      automation: AUTOMATION,
      decidedAt: iso(doc.decidedAt)!,
      appeal: {
        deadline: deadline.toISOString(),
        how: `Appeal until ${deadline.toISOString().slice(0, 10)} from your account (POST /appeals with this decision's id): a moderator other than the one who decided reviews it, and the artifact stays as decided until then.`,
        appealId: appeal ? appeal._id.toHexString() : null,
      },
      reversedAt: iso(doc.reversedAt),
    };
  }

  // ---- appeals ----

  async appeal(input: AppealInput, user: AuthUser): Promise<AppealView> {
    const decision = await this.decisions.findById(new Types.ObjectId(input.decisionId)).lean<DecisionDoc>().exec();
    if (!decision) throw new NotFoundException('Decision not found');
    let appellant: Appellant;
    if (decision.contributorUid === user.uid) appellant = 'contributor';
    else if (decision.action === 'keep' && decision.notifierUids.includes(user.uid)) appellant = 'notifier';
    // Another moderator's way to lift a restriction or removal (docs/decisions/0019).
    else if (user.moderator === true && decision.action !== 'keep' && decision.moderatorUid !== user.uid) appellant = 'moderator';
    else throw new ForbiddenException('Only the contributor, a notifier against a decision to keep, or another moderator against a restriction or removal can appeal this decision');
    const now = this.now();
    const deadline = appealDeadline(new Date(decision.decidedAt));
    // The six months are the member's (DSA Art. 20); the team's second look has no deadline.
    if (appellant !== 'moderator' && now.getTime() > deadline.getTime()) {
      throw new ValidationFailed(`decisionId: the appeal period ended on ${deadline.toISOString()}`, { decisionId: 'The appeal period has ended' } as FieldErrors);
    }
    if (decision.reversedAt) throw new ValidationFailed('decisionId: this decision was already reversed', { decisionId: 'Already reversed' } as FieldErrors);
    try {
      const doc = await this.appeals.create({
        decisionId: input.decisionId,
        artifactId: decision.artifactId,
        appellantUid: user.uid,
        appellant,
        text: input.text,
        createdAt: now,
        status: 'open',
        messages: [],
      });
      await this.log(user.uid, 'appeal:open', `decision:${input.decisionId}`, input.text);
      const stored = doc.toObject() as AppealDoc;
      await this.mail(appealReceiptMail(onDecision(stored, decision), { email: await this.appellantAddress(stored, decision), uid: user.uid }));
      return toAppealView(stored);
    } catch (error) {
      if (isDuplicateKey(error)) throw new ValidationFailed('decisionId: you have already appealed this decision', { decisionId: 'Already appealed' } as FieldErrors);
      throw error;
    }
  }

  private async appealFor(id: string, user: AuthUser): Promise<AppealDoc> {
    const objectId = toObjectId(id);
    const doc = objectId ? await this.appeals.findById(objectId).lean<AppealDoc>().exec() : null;
    if (!doc || (doc.appellantUid !== user.uid && user.moderator !== true)) throw new NotFoundException('Appeal not found');
    return doc;
  }

  async appealView(id: string, user: AuthUser): Promise<AppealView> {
    return toAppealView(await this.appealFor(id, user));
  }

  async addMessage(id: string, text: string, user: AuthUser): Promise<AppealView> {
    const doc = await this.appealFor(id, user);
    const from = doc.appellantUid === user.uid ? 'appellant' : 'moderator';
    if (doc.messages.length >= 200) throw new ValidationFailed('text: this thread is full', { text: 'Thread full' } as FieldErrors);
    await this.appeals.updateOne({ _id: doc._id }, { $push: { messages: { from, byUid: user.uid, text, at: this.now() } } }).exec();
    if (from === 'moderator') await this.log(user.uid, 'appeal:message', `appeal:${id}`, text);
    return this.appealView(id, user);
  }

  async appealsQueue(status: 'open' | 'decided', page: number, limit: number, moderator: AuthUser): Promise<{ items: AppealCase[]; total: number }> {
    const query: QueryFilter<AppealDoc> = status === 'open' ? { status: 'open' } : { status: { $in: ['upheld', 'reversed'] } };
    const [docs, total] = await Promise.all([
      this.appeals
        .find(query)
        .sort({ createdAt: 1, _id: 1 })
        .skip((page - 1) * limit)
        .limit(limit)
        .lean<AppealDoc[]>()
        .exec(),
      this.appeals.countDocuments(query).exec(),
    ]);
    return { items: await this.appealCases(docs, moderator), total };
  }

  /**
   * Each appeal with what a ruling needs beside it: the artifact, the decision appealed and who took
   * it, and whether the moderator reading may rule (the parties rule). One read of the decisions,
   * one per artifact, one name per moderator: a page of at most MAX_PAGE_SIZE appeals.
   */
  private async appealCases(docs: AppealDoc[], moderator: AuthUser): Promise<AppealCase[]> {
    const decisionIds = [...new Set(docs.map((doc) => doc.decisionId))].map((id) => toObjectId(id)).filter((id): id is Types.ObjectId => id !== null);
    const decisions = decisionIds.length ? await this.decisions.find({ _id: { $in: decisionIds } }).lean<DecisionDoc[]>().exec() : [];
    const decisionOf = new Map(decisions.map((decision) => [decision._id.toHexString(), decision]));
    const artifactIds = [...new Set(docs.map((doc) => doc.artifactId))];
    const artifacts = await Promise.all(artifactIds.map((id) => (toObjectId(id) ? this.artifacts.findById(new Types.ObjectId(id)) : null)));
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
            ? {
                id: doc.artifactId,
                name: artifact.name,
                // A hidden artifact's cover opens to moderators with a grant, as in the queue.
                image: (artifact.moderation ? coverWithAccess(artifact, (image) => this.photos.accessQuery(image)) : artifact.image) || null,
                moderation: (artifact.moderation as 'restricted' | 'removed' | undefined) ?? null,
                deleted: false,
              }
            : { id: doc.artifactId, name: decision.artifactName, image: null, moderation: null, deleted: true },
          appealed: {
            id: doc.decisionId,
            action: decision.action as DecisionAction,
            ground: decision.ground as DecisionGround,
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
    if (appeal.status !== 'open') throw new ValidationFailed('outcome: this appeal was already decided', { outcome: 'Already decided' } as FieldErrors);
    const decision = await this.decisions.findById(new Types.ObjectId(appeal.decisionId)).lean<DecisionDoc>().exec();
    if (!decision) throw new NotFoundException('Decision not found');
    const party = mayNotRule(moderator.uid, appeal, decision);
    if (party) throw new ForbiddenException(party);
    const decidedAt = this.now();
    // Conditional on still being open: of two moderators deciding at once, one write matches.
    const claimed = await this.appeals
      .updateOne({ _id: appeal._id, status: 'open' }, { $set: { status: input.outcome, reasons: input.reasons, decidedBy: moderator.uid, decidedAt } })
      .exec();
    if (claimed.modifiedCount !== 1) throw new ValidationFailed('outcome: this appeal was already decided', { outcome: 'Already decided' } as FieldErrors);
    await this.log(moderator.uid, `appeal:${input.outcome}`, `appeal:${id}`, input.reasons);
    // The address first: reversing a keep unlinks the notifier's notice from the decision.
    const appellantEmail = await this.appellantAddress(appeal, decision);
    if (input.outcome === 'reversed') await this.reverse(decision, appeal, moderator.uid, decidedAt);
    await this.mail(appealOutcomeMail(onDecision(appeal, decision), { ...input, decidedAt }, { email: appellantEmail, uid: appeal.appellantUid }));
    return this.appealView(id, moderator);
  }

  /**
   * Where an appellant's mails go: the contributor's address on the artifact, a notifier's on their
   * notice. A moderator's appeal is the team's own second look (docs/decisions/0019): no mail.
   */
  private async appellantAddress(appeal: AppealDoc, decision: DecisionDoc): Promise<string | undefined> {
    if (appeal.appellant === 'contributor') return (await this.artifacts.findById(new Types.ObjectId(decision.artifactId)))?.adderEmail;
    if (appeal.appellant !== 'notifier') return undefined;
    const notice = await this.reports.findOne({ decisionId: decision._id.toHexString(), reporterUid: appeal.appellantUid }, { email: 1 }).lean<ReportDoc>().exec();
    return notice?.email ?? undefined;
  }

  /** Undoes a decision: the artifact is public again (unless a later decision governs it), and misuse is recounted. */
  private async reverse(decision: DecisionDoc, appeal: AppealDoc, actorUid: string, at: Date): Promise<void> {
    await this.decisions.updateOne({ _id: decision._id }, { $set: { reversedAt: at } }).exec();
    const decisionId = decision._id.toHexString();
    const onAppeal = `on ${appeal.appellant === 'contributor' ? 'the' : 'a'} ${appeal.appellant}'s appeal (${appeal._id.toHexString()})`;
    if (decision.action !== 'keep') {
      const artifact = await this.artifacts.findById(new Types.ObjectId(decision.artifactId));
      if (artifact && artifact.moderationDecisionId === decisionId) await this.artifacts.setModeration(artifact._id, null, decisionId);
      await this.log(actorUid, 'decision:reversed', `artifact:${decision.artifactId}`, `decision ${decisionId} reversed ${onAppeal}`);
      if (decision.action === 'remove') await this.reviewMisuse(decision.contributorUid, 'removedArtifacts', actorUid);
    } else {
      // A keep reversed: its notices were not unfounded after all; a moderator takes a new decision from the queue.
      await this.reports.updateMany({ decisionId }, { $set: { status: 'open', unfounded: false }, $unset: { decisionId: 1 } }).exec();
      await this.log(actorUid, 'decision:reversed', `artifact:${decision.artifactId}`, `keep ${decisionId} reversed ${onAppeal}: its notices are open again`);
      if (decision.unfounded) for (const uid of decision.notifierUids) await this.reviewMisuse(uid, 'unfoundedNotices', actorUid);
    }
  }

  // ---- misuse ----

  /**
   * Recounts a member's misuse from the decisions (no $inc: FerretDB 1.24's is not atomic; one per
   * decision, however many of the member's notices it settled) and rewrites their case whole, at
   * the level misuse-policy.ts gives: a warning first, a suspension for SUSPENSION_DAYS (from the
   * moment it was reached) only after it; below the first threshold, the case is closed. A warning
   * or suspension newly reached is mailed to `email` (the member's address on the record counted).
   */
  async reviewMisuse(uid: string, kind: MisuseKind, actorUid: string, email?: string | null): Promise<void> {
    const now = this.now();
    const since = new Date(now.getTime() - MISUSE_WINDOW_DAYS * DAY_MS);
    const counted: QueryFilter<DecisionDoc> =
      kind === 'removedArtifacts' ? { contributorUid: uid, action: 'remove' } : { notifierUids: uid, action: 'keep', unfounded: true };
    const history = (await this.decisions.find({ ...counted, reversedAt: null, decidedAt: { $gte: since } }).lean<DecisionDoc[]>().exec())
      .map((doc) => ({ at: new Date(doc.decidedAt), decisionId: doc._id.toHexString(), artifactId: doc.artifactId }))
      .sort((a, b) => a.at.getTime() - b.at.getTime());
    const id = `${kind}:${uid}`;
    const existing = await this.cases.findById(id).lean<CaseDoc>().exec();
    const level = misuseLevel(kind, history.length, (existing?.level as 'warned' | 'suspended' | undefined) ?? null);
    if (!level) {
      if (existing) {
        await this.cases.deleteOne({ _id: id }).exec();
        await this.log(actorUid, 'misuse:closed', `member:${uid}`, `${kind}: ${history.length} now`);
      }
      return;
    }
    const suspendedAt = level === 'suspended' ? (existing?.level === 'suspended' && existing.suspendedAt ? new Date(existing.suspendedAt) : now) : null;
    const suspendedUntil = suspendedAt ? new Date(suspendedAt.getTime() + SUSPENSION_DAYS * DAY_MS) : null;
    await this.cases
      .replaceOne(
        { _id: id },
        {
          _id: id,
          uid,
          kind,
          count: history.length,
          level,
          suspendedAt,
          suspendedUntil,
          history,
          updatedAt: now,
        },
        { upsert: true },
      )
      .exec();
    if (existing?.level === level) return;
    await this.log(actorUid, level === 'suspended' ? 'misuse:suspend' : 'misuse:warn', `member:${uid}`, `${kind}: ${history.length}`);
    // A suspension lifted back to a warning (a decision reversed) is no new measure to announce.
    if (level === 'suspended' || !existing) await this.mail(misuseMail(level, misuseStatement(kind, level, history.length, suspendedUntil), { email, uid }));
  }

  async misuseCases(page: number, limit: number): Promise<{ items: MisuseCase[]; total: number }> {
    const [docs, total] = await Promise.all([
      this.cases
        .find({})
        .sort({ updatedAt: -1 })
        .skip((page - 1) * limit)
        .limit(limit)
        .lean<CaseDoc[]>()
        .exec(),
      this.cases.countDocuments({}).exec(),
    ]);
    return {
      items: docs.map(toMisuseCase),
      total,
    };
  }

  /** The member's own standing (warned or suspended), for their account. */
  async standingOf(uid: string): Promise<MisuseCase[]> {
    const docs = await this.cases.find({ uid }).lean<CaseDoc[]>().exec();
    return docs.map(toMisuseCase);
  }

  // ---- audit and transparency ----

  private async log(actorUid: string, action: string, target: string, why: string): Promise<void> {
    await this.audits.write({ at: this.now(), actorUid, action, target, why });
  }

  async auditLog(page: number, limit: number): Promise<{ items: AuditEntry[]; total: number }> {
    const [docs, total] = await Promise.all([
      this.audit
        .find({})
        .sort({ at: -1 })
        .skip((page - 1) * limit)
        .limit(limit)
        .lean<AuditDoc[]>()
        .exec(),
      this.audit.countDocuments({}).exec(),
    ]);
    const names = await this.names.of(docs.map((doc) => doc.actorUid));
    return {
      items: docs.map((doc) => ({ id: doc._id.toHexString(), at: iso(doc.at)!, actorUid: doc.actorUid, actorName: names.get(doc.actorUid) ?? null, action: doc.action, target: doc.target, why: doc.why ?? '' })),
      total,
    };
  }

  /** The public figures (DSA Art. 24), per month, recomputed from the records on each call. */
  async transparency(): Promise<TransparencyReport> {
    const now = this.now();
    const since = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - TRANSPARENCY_MONTHS + 1, 1));
    const [reports, decisions, appeals, suspensions] = await Promise.all([
      this.reports.find({ receivedAt: { $gte: since } }, { reason: 1, receivedAt: 1 }).lean<ReportDoc[]>().exec(),
      this.decisions.find({ decidedAt: { $gte: since } }, { action: 1, ground: 1, decidedAt: 1, reportIds: 1 }).lean<DecisionDoc[]>().exec(),
      this.appeals.find({ createdAt: { $gte: since } }, { status: 1, createdAt: 1 }).lean<AppealDoc[]>().exec(),
      this.audit.find({ action: 'misuse:suspend', at: { $gte: since } }, { at: 1 }).lean<AuditDoc[]>().exec(),
    ]);
    const receivedAt = new Map(reports.map((doc) => [doc._id.toHexString(), new Date(doc.receivedAt).getTime()]));
    const months = new Map<string, TransparencyMonth & { hours: number[] }>();
    const month = (key: string) => {
      let entry = months.get(key);
      if (!entry) {
        entry = {
          month: key,
          notices: { total: 0, byReason: {} },
          decisions: { total: 0, byAction: {}, byGround: {} },
          medianHoursToDecision: null,
          appeals: { total: 0, upheld: 0, reversed: 0, open: 0 },
          suspensions: 0,
          hours: [],
        };
        months.set(key, entry);
      }
      return entry;
    };
    for (const doc of reports) {
      const entry = month(monthOf(doc.receivedAt));
      entry.notices.total += 1;
      entry.notices.byReason[doc.reason as ReportReason] = (entry.notices.byReason[doc.reason as ReportReason] ?? 0) + 1;
    }
    for (const doc of decisions) {
      const entry = month(monthOf(doc.decidedAt));
      entry.decisions.total += 1;
      entry.decisions.byAction[doc.action as DecisionAction] = (entry.decisions.byAction[doc.action as DecisionAction] ?? 0) + 1;
      entry.decisions.byGround[doc.ground] = (entry.decisions.byGround[doc.ground] ?? 0) + 1;
      const first = Math.min(...doc.reportIds.map((id) => receivedAt.get(id) ?? Number.POSITIVE_INFINITY));
      if (Number.isFinite(first)) entry.hours.push((new Date(doc.decidedAt).getTime() - first) / 3_600_000);
    }
    for (const doc of appeals) {
      const entry = month(monthOf(doc.createdAt));
      entry.appeals.total += 1;
      const status = doc.status as 'open' | 'upheld' | 'reversed';
      entry.appeals[status] += 1;
    }
    for (const doc of suspensions) month(monthOf(doc.at)).suspensions += 1;
    const list = [...months.values()]
      .sort((a, b) => b.month.localeCompare(a.month))
      .map(({ hours, ...entry }) => {
        const middle = median(hours);
        return { ...entry, medianHoursToDecision: middle === null ? null : Math.round(middle * 10) / 10 };
      });
    return { generatedAt: now.toISOString(), months: list };
  }

  // ---- members' rights (members/member-data.ts) ----

  async exportOf(uid: string): Promise<{ sent: ReportView[]; received: StatementOfReasons[]; standing: MisuseCase[] }> {
    const sent = await this.reports.find({ reporterUid: uid }).sort({ receivedAt: -1 }).limit(10_000).lean<ReportDoc[]>().exec();
    return { sent: await this.reportViews(sent), received: await this.notices(uid), standing: await this.standingOf(uid) };
  }

  async appealsExportOf(uid: string): Promise<AppealView[]> {
    const docs = await this.appeals.find({ appellantUid: uid }).sort({ createdAt: -1 }).limit(10_000).lean<AppealDoc[]>().exec();
    return docs.map(toAppealView);
  }

  /**
   * On account deletion, moderation records keep only what the law needs: the notices, decisions
   * and appeals stay for the figures and any dispute, without the member's identity, contact or
   * texts (and, when their artifacts are deleted, without the artifact's name); their misuse cases
   * go; the audit keeps each action, its time and the moderator (AuditLog.forget). Idempotent.
   */
  async erase(uid: string, mode: ContributionsChoice): Promise<void> {
    await this.reports.updateMany({ reporterUid: uid }, { $unset: { reporterUid: 1, email: 1 }, $set: { details: '' } }).exec();
    await this.reports.updateMany({ contributorUid: uid }, { $set: { contributorUid: FORMER_MEMBER } }).exec();
    const kept = mode === 'anonymize' ? {} : { artifactName: DELETED_ARTIFACT_NAME };
    await this.decisions.updateMany({ contributorUid: uid }, { $set: { contributorUid: FORMER_MEMBER, ...kept } }).exec();
    await this.decisions.updateMany({ notifierUids: uid }, { $pull: { notifierUids: uid } }).exec();
    const appeals = await this.appeals.find({ appellantUid: uid }, { _id: 1 }).lean<AppealDoc[]>().exec();
    for (const appeal of appeals) {
      // A unique erased id per appeal keeps the (decision, appellant) uniqueness.
      await this.appeals.updateOne({ _id: appeal._id }, { $set: { appellantUid: `erased:${appeal._id.toHexString()}`, text: '', messages: [] } }).exec();
    }
    await this.cases.deleteMany({ uid }).exec();
    await this.audits.forget(uid);
  }
}

/** An appeal and its decision, as the appeal's mails name them. */
function onDecision(appeal: AppealDoc, decision: DecisionDoc): AppealOnDecision {
  return {
    appeal: { id: appeal._id.toHexString(), appellant: appeal.appellant as Appellant, createdAt: new Date(appeal.createdAt) },
    decision: { id: decision._id.toHexString(), action: decision.action as DecisionAction, artifactName: decision.artifactName, decidedAt: new Date(decision.decidedAt) },
  };
}

/** A misuse case as moderators and the member see it. */
function toMisuseCase(doc: CaseDoc): MisuseCase {
  const level = doc.level as MisuseCase['level'];
  return {
    uid: doc.uid,
    kind: doc.kind as MisuseKind,
    count: doc.count,
    level,
    suspendedUntil: iso(doc.suspendedUntil),
    history: doc.history.map((entry) => ({ at: iso(entry.at)!, decisionId: entry.decisionId ?? '', artifactId: entry.artifactId ?? '' })),
    statement: misuseStatement(doc.kind as MisuseKind, level, doc.count, doc.suspendedUntil ? new Date(doc.suspendedUntil) : null),
  };
}
