import { appealDeadline, groundText, type AppealView, type DecisionAction, type DecisionView, type MisuseCase, type ReportView, type StatementOfReasons } from '@antiquarium/contracts';
import { misuseStatement } from './misuse-policy';
import type { AppealOnDecision } from './moderation-mails';
import type { StoredAppeal, StoredCase, StoredDecision, StoredReport } from './moderation.repository';

// The moderation records as the api answers with them (the contracts' shapes).

export function iso(value: Date | string | null | undefined): string | null {
  return value ? new Date(value).toISOString() : null;
}

/** A date the record always has. */
function isoOf(value: Date | string): string {
  return new Date(value).toISOString();
}

export function toDecisionView(doc: StoredDecision): DecisionView {
  return {
    id: doc._id.toHexString(),
    artifactId: doc.artifactId,
    contributorUid: doc.contributorUid,
    action: doc.action,
    ground: doc.ground,
    facts: doc.facts,
    reportIds: [...doc.reportIds],
    moderatorUid: doc.moderatorUid,
    decidedAt: isoOf(doc.decidedAt),
    reversedAt: iso(doc.reversedAt),
  };
}

export function toAppealView(doc: StoredAppeal): AppealView {
  return {
    id: doc._id.toHexString(),
    decisionId: doc.decisionId,
    artifactId: doc.artifactId,
    appellant: doc.appellant,
    text: doc.text,
    createdAt: isoOf(doc.createdAt),
    status: doc.status,
    messages: doc.messages.map((message) => ({ from: message.from, text: message.text ?? '', at: iso(message.at)! })),
    decision: doc.decidedAt && doc.status !== 'open' ? { outcome: doc.status, reasons: doc.reasons ?? '', decidedAt: isoOf(doc.decidedAt) } : null,
  };
}

/**
 * A notice as its sender follows it: `artifactName` as they saw it (the caller names it), its
 * decision's outcome once there is one.
 */
export function toReportView(doc: StoredReport, artifactName: string | null, decision: StoredDecision | undefined): ReportView {
  return {
    id: doc._id.toHexString(),
    artifactId: doc.artifactId,
    artifactName,
    reason: doc.reason,
    details: doc.details ?? '',
    receivedAt: isoOf(doc.receivedAt),
    status: doc.status,
    outcome: decision
      ? { action: decision.action, ground: decision.ground, decidedAt: isoOf(decision.decidedAt), reversed: !!decision.reversedAt, reversedAt: iso(decision.reversedAt) }
      : null,
  };
}

/** A misuse case as moderators and the member see it. */
export function toMisuseCase(doc: StoredCase): MisuseCase {
  return {
    uid: doc.uid,
    kind: doc.kind,
    count: doc.count,
    level: doc.level,
    suspendedUntil: iso(doc.suspendedUntil),
    history: doc.history.map((entry) => ({ at: iso(entry.at)!, decisionId: entry.decisionId ?? '', artifactId: entry.artifactId ?? '' })),
    statement: misuseStatement(doc.kind, doc.level, doc.count, doc.suspendedUntil ? new Date(doc.suspendedUntil) : null),
  };
}

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
const AUTOMATION = 'A moderator took this decision in person; no automated means detected the content or decided.';

/** A decision's statement of reasons (DSA Art. 17), with the contributor's appeal of it when there is one. */
export function toStatement(doc: StoredDecision, appeal: Pick<StoredAppeal, '_id'> | undefined): StatementOfReasons {
  const deadline = appealDeadline(new Date(doc.decidedAt));
  return {
    decisionId: doc._id.toHexString(),
    artifactId: doc.artifactId,
    artifactName: doc.artifactName,
    action: doc.action,
    what: WHAT[doc.action],
    duration: DURATION[doc.action],
    facts: doc.facts,
    ground: doc.ground,
    groundText: groundText(doc.ground),
    decidedByPerson: true,
    automation: AUTOMATION,
    decidedAt: isoOf(doc.decidedAt),
    appeal: {
      deadline: deadline.toISOString(),
      how: `Appeal until ${deadline.toISOString().slice(0, 10)} from your account (POST /appeals with this decision's id): a moderator other than the one who decided reviews it, and the artifact stays as decided until then.`,
      appealId: appeal ? appeal._id.toHexString() : null,
    },
    reversedAt: iso(doc.reversedAt),
  };
}

/** An appeal and its decision, as the appeal's mails name them. */
export function onDecision(appeal: StoredAppeal, decision: StoredDecision): AppealOnDecision {
  return {
    appeal: { id: appeal._id.toHexString(), appellant: appeal.appellant, createdAt: new Date(appeal.createdAt) },
    decision: { id: decision._id.toHexString(), action: decision.action, artifactName: decision.artifactName, decidedAt: new Date(decision.decidedAt) },
  };
}
