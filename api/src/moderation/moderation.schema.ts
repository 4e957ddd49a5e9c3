import { Schema, type InferSchemaType, type Types } from 'mongoose';
import { APPEAL_OUTCOMES, APPELLANTS, DECISION_ACTIONS, REPORT_REASONS } from '@antiquarium/contracts';

// The moderation records (docs/decisions/0012-moderation.md). FerretDB 1.24 has no transactions:
// every write is one insert or one update of one document; claims are unique inserts, and counts
// are recomputed from the records, never kept with $inc.

export const REPORT_MODEL = 'ModerationReport';
export const DECISION_MODEL = 'ModerationDecision';
export const APPEAL_MODEL = 'ModerationAppeal';
export const AUDIT_MODEL = 'ModerationAudit';
export const CASE_MODEL = 'ModerationCase';

/**
 * What releases before decision 0048 wrote for a deleted member in the moderation records. A real
 * uid could be spelled so; the records now name `FORMER_MEMBER_UID` (members/former-member.ts), and
 * these are renamed at start-up (ModerationMemberData).
 */
export const LEGACY_FORMER_MEMBER = 'former-member';

export const reportSchema = new Schema(
  {
    artifactId: { type: String, required: true },
    /** The photo the notice is about, when it names one of the artifact's. */
    photoId: { type: String },
    /** The artifact's contributor when the notice came (their history, and their export). */
    contributorUid: { type: String, required: true },
    reason: { type: String, required: true, enum: REPORT_REASONS },
    details: { type: String, default: '' },
    /** A visitor's address for the outcome; erased with the notice's sender account, never shown to the contributor. */
    email: { type: String },
    reporterUid: { type: String },
    /** SHA-256 of the receipt: the receipt itself is shown once and never stored. */
    receiptHash: { type: String, required: true },
    receivedAt: { type: Date, required: true },
    status: { type: String, required: true, enum: ['open', 'decided'] },
    decisionId: { type: String },
    /** A moderator found it manifestly unfounded (counts towards its sender's misuse). */
    unfounded: { type: Boolean, default: false },
  },
  { collection: 'moderation_reports', versionKey: false, strict: 'throw' },
);
reportSchema.index({ status: 1, receivedAt: 1 });
reportSchema.index({ reporterUid: 1, receivedAt: -1 });
reportSchema.index({ artifactId: 1 });

export const decisionSchema = new Schema(
  {
    artifactId: { type: String, required: true },
    artifactName: { type: String, required: true },
    contributorUid: { type: String, required: true },
    action: { type: String, required: true, enum: DECISION_ACTIONS },
    ground: { type: String, required: true },
    facts: { type: String, required: true },
    reportIds: { type: [String], default: [] },
    /** The notices' senders (members), for their appeal against a keep and their misuse count. */
    notifierUids: { type: [String], default: [] },
    unfounded: { type: Boolean, default: false },
    moderatorUid: { type: String, required: true },
    decidedAt: { type: Date, required: true },
    reversedAt: { type: Date, default: null },
  },
  { collection: 'moderation_decisions', versionKey: false, strict: 'throw' },
);
decisionSchema.index({ artifactId: 1, decidedAt: -1 });
decisionSchema.index({ contributorUid: 1, decidedAt: -1 });

const messageSchema = new Schema({ from: { type: String, required: true, enum: ['appellant', 'moderator'] }, byUid: String, text: String, at: Date }, { _id: false });

export const appealSchema = new Schema(
  {
    decisionId: { type: String, required: true },
    artifactId: { type: String, required: true },
    appellantUid: { type: String, required: true },
    appellant: { type: String, required: true, enum: APPELLANTS },
    text: { type: String, required: true },
    createdAt: { type: Date, required: true },
    status: { type: String, required: true, enum: ['open', ...APPEAL_OUTCOMES] },
    messages: { type: [messageSchema], default: [] },
    decidedBy: { type: String },
    reasons: { type: String },
    decidedAt: { type: Date },
  },
  { collection: 'moderation_appeals', versionKey: false, strict: 'throw' },
);
// One appeal per decision and appellant: the unique insert is the claim (no transactions).
appealSchema.index({ decisionId: 1, appellantUid: 1 }, { unique: true });
appealSchema.index({ status: 1, createdAt: 1 });
appealSchema.index({ appellantUid: 1 });

export const auditSchema = new Schema(
  {
    at: { type: Date, required: true },
    actorUid: { type: String, required: true },
    action: { type: String, required: true },
    target: { type: String, required: true },
    why: { type: String, default: '' },
  },
  { collection: 'moderation_audit', versionKey: false, strict: 'throw' },
);
auditSchema.index({ at: -1 });

export const caseSchema = new Schema(
  {
    // `${kind}:${uid}`: one case per member and kind, rewritten whole from the records.
    _id: { type: String, required: true },
    uid: { type: String, required: true },
    kind: { type: String, required: true, enum: ['unfoundedNotices', 'removedArtifacts'] },
    count: { type: Number, required: true },
    level: { type: String, required: true, enum: ['warned', 'suspended'] },
    suspendedAt: { type: Date, default: null },
    suspendedUntil: { type: Date, default: null },
    history: { type: [{ at: Date, decisionId: String, artifactId: String, _id: false }], default: [] },
    updatedAt: { type: Date, required: true },
  },
  { collection: 'moderation_cases', versionKey: false, strict: 'throw' },
);
caseSchema.index({ uid: 1 });

export type ReportDoc = InferSchemaType<typeof reportSchema> & { _id: Types.ObjectId };
export type DecisionDoc = InferSchemaType<typeof decisionSchema> & { _id: Types.ObjectId };
export type AppealDoc = InferSchemaType<typeof appealSchema> & { _id: Types.ObjectId };
export type AuditDoc = InferSchemaType<typeof auditSchema> & { _id: Types.ObjectId };
export type CaseDoc = InferSchemaType<typeof caseSchema>;
