import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Types, type Model, type QueryFilter } from 'mongoose';
import { isObjectId, type AppealOutcome, type AppealStatus, type Appellant, type DecisionAction, type DecisionGround, type MisuseKind, type ReportReason, type ReportStatus } from '@antiquarium/contracts';
import { APPEAL_MODEL, CASE_MODEL, DECISION_MODEL, REPORT_MODEL, type AppealDoc, type CaseDoc, type DecisionDoc, type ReportDoc } from './moderation.schema';

// The moderation records as the services read them: the schema's plain strings typed with the
// contracts' unions (the schema's enums hold them to these on every write).

export interface StoredReport {
  _id: Types.ObjectId;
  artifactId: string;
  photoId?: string;
  contributorUid: string;
  reason: ReportReason;
  details?: string;
  email?: string;
  reporterUid?: string;
  receiptHash: string;
  receivedAt: Date;
  status: ReportStatus;
  decisionId?: string;
  unfounded?: boolean;
}
export type NewReport = Omit<StoredReport, '_id' | 'decisionId' | 'unfounded'>;

export interface StoredDecision {
  _id: Types.ObjectId;
  artifactId: string;
  artifactName: string;
  contributorUid: string;
  action: DecisionAction;
  ground: DecisionGround;
  facts: string;
  reportIds: string[];
  notifierUids: string[];
  unfounded: boolean;
  moderatorUid: string;
  decidedAt: Date;
  reversedAt: Date | null;
}

export interface StoredAppealMessage {
  from: 'appellant' | 'moderator';
  byUid?: string;
  text?: string;
  at?: Date;
}

export interface StoredAppeal {
  _id: Types.ObjectId;
  decisionId: string;
  artifactId: string;
  appellantUid: string;
  appellant: Appellant;
  text: string;
  createdAt: Date;
  status: AppealStatus;
  messages: StoredAppealMessage[];
  decidedBy?: string;
  reasons?: string;
  decidedAt?: Date;
}

export interface StoredCase {
  /** `${kind}:${uid}`: one case per member and kind. */
  _id: string;
  uid: string;
  kind: MisuseKind;
  count: number;
  level: 'warned' | 'suspended';
  suspendedAt: Date | null;
  suspendedUntil: Date | null;
  history: { at: Date; decisionId?: string; artifactId?: string }[];
  updatedAt: Date;
}

export interface Paged<T> {
  items: T[];
  total: number;
}

/** A stored id as an ObjectId, or null when it cannot be one (then it names no record). */
export function toObjectId(id: string): Types.ObjectId | null {
  return isObjectId(id) ? new Types.ObjectId(id) : null;
}

function objectIds(ids: Iterable<string>): Types.ObjectId[] {
  return [...new Set(ids)].map(toObjectId).filter((id): id is Types.ObjectId => id !== null);
}

/** How many records the pages before `page` hold. */
function skipped(page: number, limit: number): number {
  return (page - 1) * limit;
}

/** What a member's export reads at most of each kind of record. */
const EXPORT_MAX = 10_000;

/**
 * The only code that reads or writes the notices, decisions, appeals and misuse cases
 * (docs/decisions/0012-moderation.md; the audit log's door is AuditLog). FerretDB 1.24 has no
 * transactions: every write here is one insert or one update, claims are conditional updates or
 * unique inserts.
 */
@Injectable()
export class ModerationRepository {
  constructor(
    @InjectModel(REPORT_MODEL) private readonly reports: Model<ReportDoc>,
    @InjectModel(DECISION_MODEL) private readonly decisions: Model<DecisionDoc>,
    @InjectModel(APPEAL_MODEL) private readonly appeals: Model<AppealDoc>,
    @InjectModel(CASE_MODEL) private readonly cases: Model<CaseDoc>,
  ) {}

  // ---- notices ----

  async insertReport(fields: NewReport): Promise<string> {
    return (await this.reports.create(fields))._id.toHexString();
  }

  async findReport(id: string): Promise<StoredReport | null> {
    const objectId = toObjectId(id);
    return objectId ? this.reports.findById(objectId).lean<StoredReport>().exec() : null;
  }

  async reportsByIds(ids: readonly string[]): Promise<StoredReport[]> {
    return ids.length ? this.reports.find({ _id: { $in: objectIds(ids) } }).lean<StoredReport[]>().exec() : [];
  }

  /** The notices a member sent, newest first. */
  async reportsSentBy(reporterUid: string, page: number, limit: number): Promise<Paged<StoredReport>> {
    const [items, total] = await Promise.all([
      this.reports.find({ reporterUid }).sort({ receivedAt: -1 }).skip(skipped(page, limit)).limit(limit).lean<StoredReport[]>().exec(),
      this.reports.countDocuments({ reporterUid }).exec(),
    ]);
    return { items, total };
  }

  reportsSentForExport(reporterUid: string): Promise<StoredReport[]> {
    return this.reports.find({ reporterUid }).sort({ receivedAt: -1 }).limit(EXPORT_MAX).lean<StoredReport[]>().exec();
  }

  /** The open notices, oldest first (at most `max`). */
  openReports(max: number): Promise<StoredReport[]> {
    return this.reports.find({ status: 'open' }).sort({ receivedAt: 1, _id: 1 }).limit(max).lean<StoredReport[]>().exec();
  }

  async hasOpenReportFrom(artifactId: string, reporterUid: string): Promise<boolean> {
    return (await this.reports.exists({ artifactId, reporterUid, status: 'open' }).exec()) !== null;
  }

  /** Settles the notices still open among `ids` with a decision. */
  async markDecided(ids: readonly string[], decisionId: string, unfounded: boolean): Promise<void> {
    if (ids.length === 0) return;
    await this.reports.updateMany({ _id: { $in: objectIds(ids) }, status: 'open' }, { $set: { status: 'decided', decisionId, unfounded } }).exec();
  }

  /** The notices a reversed keep had settled are open again, and no longer unfounded. */
  async reopenDecided(decisionId: string): Promise<void> {
    await this.reports.updateMany({ decisionId }, { $set: { status: 'open', unfounded: false }, $unset: { decisionId: 1 } }).exec();
  }

  /** The address a member gave on their notice a decision settled. */
  async noticeAddress(decisionId: string, reporterUid: string): Promise<string | undefined> {
    const notice = await this.reports.findOne({ decisionId, reporterUid }, { email: 1 }).lean<Pick<StoredReport, 'email'>>().exec();
    return notice?.email ?? undefined;
  }

  reportsSince(since: Date): Promise<Pick<StoredReport, '_id' | 'reason' | 'receivedAt'>[]> {
    return this.reports.find({ receivedAt: { $gte: since } }, { reason: 1, receivedAt: 1 }).lean<Pick<StoredReport, '_id' | 'reason' | 'receivedAt'>[]>().exec();
  }

  // ---- decisions ----

  async insertDecision(fields: Omit<StoredDecision, '_id'>): Promise<StoredDecision> {
    return (await this.decisions.create(fields)).toObject<StoredDecision>();
  }

  async findDecision(id: string): Promise<StoredDecision | null> {
    const objectId = toObjectId(id);
    return objectId ? this.decisions.findById(objectId).lean<StoredDecision>().exec() : null;
  }

  async decisionsByIds(ids: Iterable<string>): Promise<StoredDecision[]> {
    const list = objectIds(ids);
    return list.length ? this.decisions.find({ _id: { $in: list } }).lean<StoredDecision[]>().exec() : [];
  }

  /** The latest decisions about these artifacts or these contributors' artifacts (at most `max`). */
  decisionsAbout(artifactIds: readonly string[], contributorUids: readonly string[], max: number): Promise<StoredDecision[]> {
    return this.decisions
      .find({ $or: [{ artifactId: { $in: artifactIds } }, { contributorUid: { $in: contributorUids } }] })
      .sort({ decidedAt: -1 })
      .limit(max)
      .lean<StoredDecision[]>()
      .exec();
  }

  /** The decisions about a contributor's artifacts, newest first (at most `max`). */
  decisionsOf(contributorUid: string, max: number): Promise<StoredDecision[]> {
    return this.decisions.find({ contributorUid }).sort({ decidedAt: -1 }).limit(max).lean<StoredDecision[]>().exec();
  }

  async setReversed(id: Types.ObjectId, at: Date): Promise<void> {
    await this.decisions.updateOne({ _id: id }, { $set: { reversedAt: at } }).exec();
  }

  /** The standing decisions since `since` that count towards a member's misuse of `kind` (misuse-policy.ts). */
  misuseDecisions(kind: MisuseKind, uid: string, since: Date): Promise<StoredDecision[]> {
    const counted: QueryFilter<DecisionDoc> =
      kind === 'removedArtifacts' ? { contributorUid: uid, action: 'remove' } : { notifierUids: uid, action: 'keep', unfounded: true };
    return this.decisions.find({ ...counted, reversedAt: null, decidedAt: { $gte: since } }).lean<StoredDecision[]>().exec();
  }

  decisionsSince(since: Date): Promise<Pick<StoredDecision, '_id' | 'action' | 'ground' | 'decidedAt' | 'reportIds'>[]> {
    return this.decisions
      .find({ decidedAt: { $gte: since } }, { action: 1, ground: 1, decidedAt: 1, reportIds: 1 })
      .lean<Pick<StoredDecision, '_id' | 'action' | 'ground' | 'decidedAt' | 'reportIds'>[]>()
      .exec();
  }

  // ---- appeals ----

  /** Throws a duplicate-key error when the appellant already appealed the decision (the unique insert is the claim). */
  async insertAppeal(fields: Omit<StoredAppeal, '_id' | 'decidedBy' | 'reasons' | 'decidedAt'>): Promise<StoredAppeal> {
    return (await this.appeals.create(fields)).toObject<StoredAppeal>();
  }

  async findAppeal(id: string): Promise<StoredAppeal | null> {
    const objectId = toObjectId(id);
    return objectId ? this.appeals.findById(objectId).lean<StoredAppeal>().exec() : null;
  }

  /** Which of these decisions the member appealed: their appeals' ids. */
  async appealsOn(appellantUid: string, decisionIds: readonly string[]): Promise<Pick<StoredAppeal, '_id' | 'decisionId'>[]> {
    if (decisionIds.length === 0) return [];
    return this.appeals.find({ appellantUid, decisionId: { $in: decisionIds } }, { decisionId: 1 }).lean<Pick<StoredAppeal, '_id' | 'decisionId'>[]>().exec();
  }

  async addAppealMessage(id: Types.ObjectId, message: Required<StoredAppealMessage>): Promise<void> {
    await this.appeals.updateOne({ _id: id }, { $push: { messages: message } }).exec();
  }

  /** The open appeals, or the decided ones, oldest first. */
  async appealsPage(status: 'open' | 'decided', page: number, limit: number): Promise<Paged<StoredAppeal>> {
    const query: QueryFilter<AppealDoc> = status === 'open' ? { status: 'open' } : { status: { $in: ['upheld', 'reversed'] } };
    const [items, total] = await Promise.all([
      this.appeals.find(query).sort({ createdAt: 1, _id: 1 }).skip(skipped(page, limit)).limit(limit).lean<StoredAppeal[]>().exec(),
      this.appeals.countDocuments(query).exec(),
    ]);
    return { items, total };
  }

  /** Rules on an appeal still open: of two moderators ruling at once, one write matches (true for it). */
  async ruleOnAppeal(id: Types.ObjectId, ruling: { outcome: AppealOutcome; reasons: string; decidedBy: string; decidedAt: Date }): Promise<boolean> {
    const { outcome, ...rest } = ruling;
    const claimed = await this.appeals.updateOne({ _id: id, status: 'open' }, { $set: { status: outcome, ...rest } }).exec();
    return claimed.modifiedCount === 1;
  }

  appealsSince(since: Date): Promise<Pick<StoredAppeal, '_id' | 'status' | 'createdAt'>[]> {
    return this.appeals.find({ createdAt: { $gte: since } }, { status: 1, createdAt: 1 }).lean<Pick<StoredAppeal, '_id' | 'status' | 'createdAt'>[]>().exec();
  }

  appealsBy(appellantUid: string): Promise<StoredAppeal[]> {
    return this.appeals.find({ appellantUid }).sort({ createdAt: -1 }).limit(EXPORT_MAX).lean<StoredAppeal[]>().exec();
  }

  // ---- misuse cases ----

  findCase(id: string): Promise<StoredCase | null> {
    return this.cases.findById(id).lean<StoredCase>().exec();
  }

  /** Writes a case whole (no $inc: FerretDB 1.24's is not atomic). */
  async replaceCase(stored: StoredCase): Promise<void> {
    await this.cases.replaceOne({ _id: stored._id }, stored, { upsert: true }).exec();
  }

  async deleteCase(id: string): Promise<void> {
    await this.cases.deleteOne({ _id: id }).exec();
  }

  async casesPage(page: number, limit: number): Promise<Paged<StoredCase>> {
    const [items, total] = await Promise.all([
      this.cases.find({}).sort({ updatedAt: -1 }).skip(skipped(page, limit)).limit(limit).lean<StoredCase[]>().exec(),
      this.cases.countDocuments({}).exec(),
    ]);
    return { items, total };
  }

  casesOf(uid: string): Promise<StoredCase[]> {
    return this.cases.find({ uid }).lean<StoredCase[]>().exec();
  }

  /** A member's levels and suspensions' ends: what the write guard asks on every write (one indexed read). */
  levelsOf(uid: string): Promise<Pick<StoredCase, 'level' | 'suspendedUntil'>[]> {
    return this.cases.find({ uid }, { level: 1, suspendedUntil: 1 }).lean<Pick<StoredCase, 'level' | 'suspendedUntil'>[]>().exec();
  }

  // ---- a member's erasure (moderation-member-data.ts) ----

  /** Their notices keep no identity, contact or words of them. */
  async forgetSender(uid: string): Promise<void> {
    await this.reports.updateMany({ reporterUid: uid }, { $unset: { reporterUid: 1, email: 1 }, $set: { details: '' } }).exec();
  }

  /** The notices and decisions about their artifacts name `standIn` for them (and, when given, `artifactName` for the artifact); how many changed. */
  async forgetContributor(uid: string, standIn: string, artifactName?: string): Promise<number> {
    const reports = await this.reports.updateMany({ contributorUid: uid }, { $set: { contributorUid: standIn } }).exec();
    const decisions = await this.decisions.updateMany({ contributorUid: uid }, { $set: { contributorUid: standIn, ...(artifactName ? { artifactName } : {}) } }).exec();
    return reports.modifiedCount + decisions.modifiedCount;
  }

  async forgetNotifier(uid: string): Promise<void> {
    await this.decisions.updateMany({ notifierUids: uid }, { $pull: { notifierUids: uid } }).exec();
  }

  /** Their appeals keep no words of them, each under an erased id of its own (which keeps the (decision, appellant) uniqueness). */
  async forgetAppellant(uid: string): Promise<void> {
    const appeals = await this.appeals.find({ appellantUid: uid }, { _id: 1 }).lean<Pick<StoredAppeal, '_id'>[]>().exec();
    for (const appeal of appeals) {
      await this.appeals.updateOne({ _id: appeal._id }, { $set: { appellantUid: `erased:${appeal._id.toHexString()}`, text: '', messages: [] } }).exec();
    }
  }

  async deleteCasesOf(uid: string): Promise<void> {
    await this.cases.deleteMany({ uid }).exec();
  }
}
