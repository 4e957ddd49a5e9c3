import {
  REPORT_REASON_LABELS,
  groundText,
  type AppealOutcome,
  type Appellant,
  type DecisionAction,
  type MisuseStatement,
  type ReportReason,
  type StatementOfReasons,
} from '@antiquarium/contracts';
import { isEmailAddress } from '@antiquarium/contracts/validation';
import { mailDate } from '../mail/mail-template';
import type { MailRequest } from '../mail/outbox';

// The moderation mails (issue 45; DSA Art. 16(4)-(5), 17, 20(4)-(5), 23), each a MailRequest the
// moderation service writes to the outbox after storing the record it tells of. What the site owes
// is mandatory (no unsubscribe): a notice's receipt and outcome, a statement of reasons, an appeal's
// ruling, a warning or suspension. An appeal's receipt is a courtesy, so it is optional. An
// artifact's name is written only to its contributor: its other mails stay in the outbox after the
// contributor erases their account (mail-member-data.ts deletes only a recipient's own).

/** Who a mail is for: an address as stored (it may be missing or unusable) and the member, when one. */
export interface Recipient {
  email?: string | null;
  uid?: string | null;
}

/** The To of a mail, or null when the recipient has no plain address to write to (then nothing is sent). */
function addressed(recipient: Recipient): Pick<MailRequest, 'to' | 'recipientUid'> | null {
  const to = recipient.email?.trim() ?? '';
  if (!isEmailAddress(to)) return null;
  return { to, ...(recipient.uid ? { recipientUid: recipient.uid } : {}) };
}

const AUTOMATION = 'A moderator took this decision in person; no automated means decided.';
const SECOND_MODERATOR = 'A moderator other than the one who decided reviews it; until then the decision stays in force.';

const NOTICE_OUTCOME: Record<DecisionAction, string> = {
  keep: 'Outcome: kept. The artifact stays as it is: the moderators found nothing to remove.',
  restrict: 'Outcome: restricted. The artifact is hidden from the public.',
  remove: 'Outcome: removed from public view.',
};

const myNoticesPath = (decisionId?: string) => (decisionId ? `/my-notices#notice-${encodeURIComponent(decisionId)}` : '/my-notices');

/** The page where a visitor follows their notice with its receipt (mfe-catalog's report status page). */
export function reportStatusPath(id: string, receipt: string): string {
  return `/reports/${encodeURIComponent(id)}?receipt=${encodeURIComponent(receipt)}`;
}

/**
 * The notifier's receipt (Art. 16(4)), sent when a notice came with an address (a visitor's, or the
 * signed-in member's own): its reference, its receipt and the status page that shows its outcome.
 */
/** Receipts a day to one address given by visitors' notices (the notices themselves are all kept). */
export const VISITOR_RECEIPTS_PER_DAY = 3;

export function reportReceiptMail(report: { id: string; reason: ReportReason; receivedAt: Date }, receipt: string, recipient: Recipient): MailRequest | null {
  const to = addressed(recipient);
  if (!to) return null;
  return {
    ...to,
    kind: 'report-receipt',
    mandatory: true,
    subject: 'Your report to Antiquarium was received',
    paragraphs: [
      `We received your report on ${mailDate(report.receivedAt)}. A moderator will look at it, and we will write to this address when they decide.`,
      `Reason: ${REPORT_REASON_LABELS[report.reason]}\nReference: ${report.id}\nReceipt: ${receipt}`,
      'Keep this email: the link below shows your report and its outcome, without an account.',
    ],
    link: { path: reportStatusPath(report.id, receipt), label: 'Follow your report' },
    // A visitor's address is typed by whoever sends the notice: a few receipts a day to it, no more.
    ...(recipient.uid ? {} : { dailyCapPerAddress: VISITOR_RECEIPTS_PER_DAY }),
  };
}

/** A decision as the notices' outcome tells it. */
export interface DecidedNotices {
  id: string;
  action: DecisionAction;
  ground: string;
  decidedAt: Date;
  unfounded: boolean;
  /** Until when a notifier may appeal a keep (members only: an appeal needs an account). */
  appealDeadline: Date;
}

/** A notice the decision settled, with what its sender left. */
export interface SettledNotice {
  id: string;
  receivedAt: Date;
  email?: string | null;
  reporterUid?: string | null;
}

/**
 * The notifiers' outcome (Art. 16(5)): one mail per address, however many of its notices the
 * decision settled. A member may appeal a keep; a visitor is pointed to the contact page.
 */
export function reportOutcomeMails(decision: DecidedNotices, notices: readonly SettledNotice[]): MailRequest[] {
  const byAddress = new Map<string, SettledNotice[]>();
  for (const notice of notices) {
    const key = notice.email?.trim().toLowerCase();
    if (key) byAddress.set(key, [...(byAddress.get(key) ?? []), notice]);
  }
  const mails: MailRequest[] = [];
  for (const group of byAddress.values()) {
    const member = group.find((notice) => notice.reporterUid)?.reporterUid ?? null;
    const to = addressed({ email: group[0]!.email, uid: member });
    if (!to) continue;
    const which =
      group.length === 1
        ? `your report of ${mailDate(group[0]!.receivedAt)} (reference ${group[0]!.id})`
        : `your ${group.length} reports (references ${group.map((notice) => notice.id).join(', ')})`;
    const unfounded = decision.unfounded
      ? [
          member
            ? 'The moderators found your report manifestly unfounded. Such findings count towards the misuse measures of our terms: a warning first, then a suspension.'
            : 'The moderators found your report manifestly unfounded.',
        ]
      : [];
    const redress = member
      ? decision.action === 'keep'
        ? [`If you disagree, you can appeal this decision until ${mailDate(decision.appealDeadline)}, signed in (decision ${decision.id}). ${SECOND_MODERATOR}`]
        : []
      : ['To ask about this decision, write to us from the contact page.'];
    mails.push({
      ...to,
      kind: 'report-outcome',
      mandatory: true,
      subject: 'A moderator decided on your report',
      paragraphs: [`A moderator decided on ${which} on ${mailDate(decision.decidedAt)}.`, NOTICE_OUTCOME[decision.action], `The ground: ${groundText(decision.ground)}`, ...unfounded, AUTOMATION, ...redress],
      link: member ? { path: myNoticesPath(), label: 'Open My Notices' } : { path: '/contact', label: 'Write to us' },
    });
  }
  return mails;
}

/**
 * The contributor's statement of reasons (Art. 17) when a decision restricts or removes their
 * artifact, in the words of the statement their notices page shows; null for a keep (nothing was
 * restricted).
 */
export function statementOfReasonsMail(statement: StatementOfReasons, recipient: Recipient): MailRequest | null {
  const to = addressed(recipient);
  if (!to || statement.action === 'keep') return null;
  return {
    ...to,
    kind: 'statement-of-reasons',
    mandatory: true,
    subject: statement.action === 'restrict' ? `Your artifact "${statement.artifactName}" was restricted` : `Your artifact "${statement.artifactName}" was removed from public view`,
    paragraphs: [
      `A moderator decided about your artifact "${statement.artifactName}" on ${mailDate(new Date(statement.decidedAt))}. This is the statement of reasons for that decision.`,
      `What was decided: ${statement.what}`,
      `For how long: ${statement.duration}`,
      `The facts: ${statement.facts}`,
      `The ground: ${statement.groundText}`,
      `How it was decided: ${statement.automation}`,
      `How to appeal: until ${mailDate(new Date(statement.appeal.deadline))}, sign in and open My Notices, where this decision has a form to appeal. ${SECOND_MODERATOR}`,
    ],
    link: { path: myNoticesPath(statement.decisionId), label: 'Read the decision and appeal' },
  };
}

/** An appeal and the decision it contests, as its mails tell them. */
export interface AppealOnDecision {
  appeal: { id: string; appellant: Appellant; createdAt: Date };
  decision: { id: string; action: DecisionAction; artifactName: string; decidedAt: Date };
}

/** Which decision, in words: the contributor reads their artifact's name, a notifier does not. */
function contested({ appeal, decision }: AppealOnDecision): string {
  const taken = `the decision of ${mailDate(decision.decidedAt)}`;
  return appeal.appellant === 'contributor' ? `${taken} to ${decision.action} your artifact "${decision.artifactName}"` : `${taken} to ${decision.action} the artifact you reported`;
}

/** Where an appellant reads their appeal: the contributor's statement carries its thread. */
const appealLink = ({ appeal, decision }: AppealOnDecision) =>
  appeal.appellant === 'contributor' ? { path: myNoticesPath(decision.id), label: 'Read your appeal' } : { path: myNoticesPath(), label: 'Open My Notices' };

/** The appellant's receipt: optional (Art. 20 owes the ruling, not a receipt), so it carries an unsubscribe link. */
export function appealReceiptMail(on: AppealOnDecision, recipient: Recipient): MailRequest | null {
  const to = addressed(recipient);
  if (!to) return null;
  return {
    ...to,
    kind: 'appeal-receipt',
    mandatory: false,
    subject: 'Your appeal was received',
    paragraphs: [
      `We received your appeal on ${mailDate(on.appeal.createdAt)} against ${contested(on)}.`,
      `Reference: ${on.appeal.id}`,
      `${SECOND_MODERATOR} We will write to this address when they rule.`,
    ],
    link: appealLink(on),
  };
}

const RULING: Record<AppealOutcome, string> = { upheld: 'Upheld: the decision stays.', reversed: 'Reversed: the decision was withdrawn.' };

/** What a reversal changed, for the appellant. */
function reversal({ appeal, decision }: AppealOnDecision): string[] {
  if (decision.action === 'keep') return ['The reports it settled are open again: a moderator will take a new decision on them.'];
  return appeal.appellant === 'contributor' ? ['Your artifact is no longer hidden by this decision.'] : [];
}

/** The ruling on an appeal (Art. 20(4)-(5)), with its reasons. */
export function appealOutcomeMail(on: AppealOnDecision, ruling: { outcome: AppealOutcome; reasons: string; decidedAt: Date }, recipient: Recipient): MailRequest | null {
  const to = addressed(recipient);
  if (!to) return null;
  return {
    ...to,
    kind: 'appeal-outcome',
    mandatory: true,
    subject: ruling.outcome === 'upheld' ? 'Your appeal was decided: the decision stays' : 'Your appeal was decided: the decision was withdrawn',
    paragraphs: [
      `A moderator other than the one who decided ruled on ${mailDate(ruling.decidedAt)} on your appeal of ${mailDate(on.appeal.createdAt)} (reference ${on.appeal.id}) against ${contested(on)}.`,
      RULING[ruling.outcome],
      ...(ruling.outcome === 'reversed' ? reversal(on) : []),
      `The reasons: ${ruling.reasons}`,
      'A moderator took this ruling in person; no automated means decided.',
    ],
    link: appealLink(on),
  };
}

/** A warning or a suspension (Art. 23), with its statement of reasons (misuse-policy.ts). */
export function misuseMail(level: 'warned' | 'suspended', statement: MisuseStatement, recipient: Recipient): MailRequest | null {
  const to = addressed(recipient);
  if (!to) return null;
  return {
    ...to,
    kind: level === 'suspended' ? 'misuse-suspension' : 'misuse-warning',
    mandatory: true,
    subject: level === 'suspended' ? 'Your Antiquarium account is suspended' : 'A warning about your Antiquarium account',
    paragraphs: [
      statement.what,
      `The facts: ${statement.facts}`,
      `The ground: ${statement.ground}`,
      `What follows: ${statement.next}`,
      `How to contest it: ${statement.appeal}`,
      `How it was decided: ${statement.automation}`,
    ],
    link: { path: myNoticesPath(), label: 'See your standing' },
  };
}
