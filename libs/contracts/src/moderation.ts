// Notices, moderation decisions, appeals and their figures (docs/decisions/0012-moderation.md):
// the shapes and constants shared by the api and the front ends. The validation rules are in
// `@antiquarium/contracts/validation` (moderation-validation.ts).
import type { MisuseKind, MisuseStatement } from './moderation-misuse';

/** Why someone reports an artifact: one list for the report form, the api and the figures. */
export const REPORT_REASONS = [
  'illegal-trade',
  'human-remains',
  'copyright',
  'privacy',
  'hate-or-harassment',
  'spam',
  'wrong-information',
  'other',
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  'illegal-trade': 'Looted or trafficked (illegal trade)',
  'human-remains': 'Human remains',
  copyright: 'Copyright (this is my work)',
  privacy: 'Privacy',
  'hate-or-harassment': 'Hate or harassment',
  spam: 'Spam',
  'wrong-information': 'Wrong information',
  other: 'Something else',
};

/** Reasons whose notice needs an explanation (what was taken, whose work, whose privacy). */
export const REASONS_NEEDING_DETAILS: readonly ReportReason[] = ['illegal-trade', 'copyright', 'privacy'];

export const REPORT_LIMITS = { details: 2000, email: 254, facts: 4000, appealText: 4000, message: 4000, reasons: 4000 } as const;

/** The site's terms, numbered: a decision's ground is a reason above or one of these ids. */
export const TERMS_RULES = [
  { id: 'rule-1', number: 1, text: 'Share only objects and words you have the right to share: your own photographs and texts, or ones whose licence allows it.' },
  { id: 'rule-2', number: 2, text: 'No trade: do not offer, seek or price objects, and never show looted, trafficked or illegally excavated finds as anything but what they are.' },
  { id: 'rule-3', number: 3, text: 'Human remains are shown with respect, only in a heritage context, and never offered or sought.' },
  { id: 'rule-4', number: 4, text: 'Respect people: no hate, harassment or personal data of others.' },
  { id: 'rule-5', number: 5, text: 'Be accurate: describe what is known, and say what is uncertain.' },
  { id: 'rule-6', number: 6, text: 'No spam, advertising or repeated posting.' },
  { id: 'rule-7', number: 7, text: 'Report in good faith: notices that are repeatedly manifestly unfounded lead to a warning, then a suspension.' },
] as const;
export type TermsRuleId = (typeof TERMS_RULES)[number]['id'];
export const TERMS_RULE_IDS: readonly string[] = TERMS_RULES.map((rule) => rule.id);

export type DecisionGround = ReportReason | TermsRuleId;

export const DECISION_ACTIONS = ['keep', 'restrict', 'remove'] as const;
export type DecisionAction = (typeof DECISION_ACTIONS)[number];

export const APPEAL_OUTCOMES = ['upheld', 'reversed'] as const;
export type AppealOutcome = (typeof APPEAL_OUTCOMES)[number];

/** How long after a decision's statement of reasons its appeal stays open (DSA Art. 20: at least six months). */
export const APPEAL_WINDOW_MONTHS = 6;

// The misuse measures' thresholds and periods (DSA Art. 23) have a file of their own.
export * from './moderation-misuse';

/** The moderation state of an artifact, shown only to its contributor and moderators. */
export type ModerationState = 'restricted' | 'removed';

export interface ReportInput {
  artifactId: string;
  /** One of the artifact's photos, when the notice is about that picture. */
  photoId?: string;
  reason: ReportReason;
  details?: string;
  email?: string;
  goodFaith: true;
}

export interface ReportReceipt {
  id: string;
  /** Shown once: with the id it lets a visitor follow the notice (`GET /reports/:id?receipt=`). */
  receipt: string;
  receivedAt: string;
}

export type ReportStatus = 'open' | 'decided';

/** A notice as its sender follows it. */
export interface ReportView {
  id: string;
  artifactId: string;
  /** The artifact's name as the sender saw it (null once it is deleted, before any decision named it). */
  artifactName: string | null;
  reason: ReportReason;
  details: string;
  receivedAt: string;
  status: ReportStatus;
  /** The decision taken on it, once there is one; `reversedAt` says when it was reversed on appeal. */
  outcome: { action: DecisionAction; ground: DecisionGround; decidedAt: string; reversed: boolean; reversedAt: string | null } | null;
}

export interface DecisionInput {
  artifactId: string;
  action: DecisionAction;
  ground: DecisionGround;
  facts: string;
  reportIds: string[];
  /** With `keep`: the notices were manifestly unfounded (counts towards their senders' misuse). */
  unfounded?: boolean;
}

/** A statement of reasons (DSA Art. 17), as the contributor receives it. */
export interface StatementOfReasons {
  decisionId: string;
  artifactId: string;
  artifactName: string;
  action: DecisionAction;
  /** What was done, in words. */
  what: string;
  /** How long: restrictions and removals last until reversed. */
  duration: string;
  facts: string;
  ground: DecisionGround;
  groundText: string;
  /** Always true: a person decided, no automation (said in the statement). */
  decidedByPerson: true;
  automation: string;
  decidedAt: string;
  appeal: { deadline: string; how: string; appealId: string | null };
  /** Set when the decision was reversed on appeal. */
  reversedAt: string | null;
}

export interface DecisionView {
  id: string;
  artifactId: string;
  contributorUid: string;
  action: DecisionAction;
  ground: DecisionGround;
  facts: string;
  reportIds: string[];
  moderatorUid: string;
  decidedAt: string;
  reversedAt: string | null;
}

export interface QueueArtifact {
  id: string;
  name: string;
  image: string;
  shortDescription: string;
  context: string;
  adderName: string;
  moderation: ModerationState | null;
}

/** One artifact's open notices in the moderators' queue. */
export interface QueueEntry {
  artifactId: string;
  artifact: QueueArtifact | null;
  count: number;
  reasons: Partial<Record<ReportReason, number>>;
  oldestAt: string;
  /**
   * `email`: the address the notice's sender gave (a member's, their account's), so that a moderator
   * can write to them (the report form promises it). Only moderators' answers carry it.
   */
  reports: { id: string; reason: ReportReason; details: string; receivedAt: string; fromMember: boolean; photoId?: string; email?: string }[];
  earlierDecisions: DecisionView[];
  contributorDecisions: DecisionView[];
}

export interface AppealInput {
  decisionId: string;
  text: string;
}

export type AppealStatus = 'open' | AppealOutcome;

/**
 * Who appealed: the contributor, a notifier against a keep, or a moderator asking to lift another
 * moderator's restrict or remove (docs/decisions/0019-moderation-second-pass.md).
 */
export const APPELLANTS = ['contributor', 'notifier', 'moderator'] as const;
export type Appellant = (typeof APPELLANTS)[number];

export interface AppealView {
  id: string;
  decisionId: string;
  artifactId: string;
  appellant: Appellant;
  text: string;
  createdAt: string;
  status: AppealStatus;
  messages: { from: 'appellant' | 'moderator'; text: string; at: string }[];
  decision: { outcome: AppealOutcome; reasons: string; decidedAt: string } | null;
}

/**
 * An appeal as the moderators' queue shows it (`GET /moderation/appeals`): the case whole, so that
 * whoever rules need not look anything up elsewhere.
 */
export interface AppealCase extends AppealView {
  /**
   * The artifact as it is now, its cover readable by moderators when hidden; once deleted (with its
   * contributor's account), as the decision named it, with no picture.
   */
  artifact: { id: string; name: string; image: string | null; moderation: ModerationState | null; deleted: boolean };
  /** The decision appealed, with who took it (their display name; null when the identity service has none). */
  appealed: {
    id: string;
    action: DecisionAction;
    ground: DecisionGround;
    groundText: string;
    facts: string;
    decidedAt: string;
    reversedAt: string | null;
    moderatorUid: string;
    moderatorName: string | null;
  };
  /**
   * Why the moderator reading may not rule on it (they took the decision, or are a party), as the
   * api would refuse the ruling; null when they may (docs/decisions/0019).
   */
  mayNotRule: string | null;
}

export interface AppealDecisionInput {
  outcome: AppealOutcome;
  reasons: string;
}

export interface MisuseCase {
  uid: string;
  kind: MisuseKind;
  /** The decisions counted, one each however many notices it settled. */
  count: number;
  level: 'warned' | 'suspended';
  suspendedUntil: string | null;
  history: { at: string; decisionId: string; artifactId: string }[];
  /** The measure's statement of reasons (a warning always comes first). */
  statement: MisuseStatement;
}

export interface AuditEntry {
  id: string;
  at: string;
  actorUid: string;
  /** The actor's display name now (null for a former member, or when the identity service has none). */
  actorName: string | null;
  action: string;
  target: string;
  why: string;
}

export interface TransparencyMonth {
  month: string;
  notices: { total: number; byReason: Partial<Record<ReportReason, number>> };
  decisions: { total: number; byAction: Partial<Record<DecisionAction, number>>; byGround: Record<string, number> };
  medianHoursToDecision: number | null;
  appeals: { total: number; upheld: number; reversed: number; open: number };
  suspensions: number;
}

export interface TransparencyReport {
  generatedAt: string;
  months: TransparencyMonth[];
}

export function groundText(ground: string): string {
  const rule = TERMS_RULES.find((candidate) => candidate.id === ground);
  if (rule) return `Terms, rule ${rule.number}: ${rule.text}`;
  const reason = REPORT_REASONS.find((candidate) => candidate === ground);
  return reason ? `Reported content: ${REPORT_REASON_LABELS[reason]}` : ground;
}

/** The last moment an appeal against a decision taken at `decidedAt` is accepted. */
export function appealDeadline(decidedAt: Date): Date {
  const deadline = new Date(decidedAt.getTime());
  deadline.setUTCMonth(deadline.getUTCMonth() + APPEAL_WINDOW_MONTHS);
  return deadline;
}
