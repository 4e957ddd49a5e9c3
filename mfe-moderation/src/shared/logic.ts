// The moderators' screens' rules, apart from their markup (unit-tested in logic.test.ts).
import { ApiRequestError } from '@antiquarium/api-client';
import {
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  TERMS_RULES,
  groundText,
  type AppealDecisionInput,
  type DecisionAction,
  type DecisionInput,
  type ReportReason,
} from '@antiquarium/contracts';
import { validateAppealDecision, validateDecisionInput } from '@antiquarium/contracts/validation';

/** Why a screen cannot be shown: signed out (the shell sends visitors to sign in first) or not a moderator. */
export type Refusal = 'signed-out' | 'not-moderator';

export function refusalOf(error: unknown): Refusal | null {
  if (!(error instanceof ApiRequestError)) return null;
  if (error.status === 401) return 'signed-out';
  if (error.status === 403) return 'not-moderator';
  return null;
}

/** "3 × Spam, 1 × Copyright (this is my work)": most reported first, then in the reasons' order. */
export function reasonSummary(reasons: Partial<Record<ReportReason, number>>): string {
  return REPORT_REASONS.filter((reason) => (reasons[reason] ?? 0) > 0)
    .sort((a, b) => (reasons[b] ?? 0) - (reasons[a] ?? 0) || REPORT_REASONS.indexOf(a) - REPORT_REASONS.indexOf(b))
    .map((reason) => `${reasons[reason]} × ${REPORT_REASON_LABELS[reason]}`)
    .join(', ');
}

export const noticeCount = (count: number) => (count === 1 ? '1 open notice' : `${count} open notices`);

/**
 * A link that opens a mail to `email`: the address encoded whole, so that nothing in it (`?cc=`,
 * `&body=`, escapes, a second recipient: issue 45) becomes part of the link, whatever was stored
 * before the api refused such addresses; its @ stays as written. The subject, when given, is encoded too.
 */
export function mailtoHref(email: string, subject?: string): string {
  const to = `mailto:${encodeURIComponent(email).replaceAll('%40', '@')}`;
  return subject ? `${to}?subject=${encodeURIComponent(subject)}` : to;
}

/** A person the moderators' screens name: by their display name; without one, by what is known. */
export function personName(uid: string, name: string | null): string {
  if (name) return name;
  // The stand-in an erased member's records keep (docs/decisions/0013).
  if (uid === 'former-member' || uid.startsWith('erased:')) return 'A former member';
  return `An account with no name (${uid})`;
}

/** A moment as moderators read it: the same for all of them, whatever their time zone. */
export function formatWhen(iso: string | null | undefined): string {
  if (!iso) return '–';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '–';
  return `${date.toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' })} UTC`;
}

/** The grounds a decision may rest on: the reasons of a notice, then the numbered rules of the terms. */
export const GROUND_GROUPS = [
  { label: 'Reported content', options: REPORT_REASONS.map((reason) => ({ value: reason as string, label: REPORT_REASON_LABELS[reason] })) },
  { label: 'Rules of the terms', options: TERMS_RULES.map((rule) => ({ value: rule.id as string, label: `Rule ${rule.number}: ${rule.text}` })) },
] as const;

export const ACTION_LABELS: Record<DecisionAction, { label: string; hint: string; done: string }> = {
  keep: { label: 'Keep', hint: 'The artifact stays as it is.', done: 'kept' },
  restrict: { label: 'Restrict', hint: 'Hidden from everyone but its contributor and moderators.', done: 'restricted' },
  remove: { label: 'Remove', hint: 'Taken out of public view; kept for an appeal.', done: 'removed' },
};

export function decisionSummary(decision: { action: DecisionAction; ground: string; decidedAt: string; reversedAt: string | null }): string {
  const reversed = decision.reversedAt ? ` (reversed ${formatWhen(decision.reversedAt)})` : '';
  return `${ACTION_LABELS[decision.action].label}, ${formatWhen(decision.decidedAt)}: ${groundText(decision.ground)}${reversed}`;
}

export interface DecisionFormValues {
  action: DecisionAction | '';
  ground: string;
  facts: string;
  reportIds: string[];
  unfounded: boolean;
}

export type FieldErrors = Partial<Record<string, string>>;

/**
 * The decision as the api takes it, or what is missing, field by field (the contracts' rules, with
 * plainer words for a choice not yet made).
 */
export function decisionInput(artifactId: string, values: DecisionFormValues): { input: DecisionInput } | { errors: FieldErrors } {
  const errors: FieldErrors = {};
  if (!values.action) errors['action'] = 'Choose what happens to the artifact.';
  if (!values.ground) errors['ground'] = 'Choose the ground: a reason or a rule of the terms.';
  if (!values.facts.trim()) errors['facts'] = 'Write the facts the decision rests on.';
  if (values.reportIds.length === 0) errors['reportIds'] = 'Choose the notices this decision settles.';
  if (Object.keys(errors).length > 0) return { errors };
  const candidate = {
    artifactId,
    action: values.action,
    ground: values.ground,
    facts: values.facts.trim(),
    reportIds: values.reportIds,
    ...(values.action === 'keep' ? { unfounded: values.unfounded } : {}),
  };
  const result = validateDecisionInput(candidate);
  return result.ok ? { input: result.value } : { errors: result.fields };
}

/** A ruling on an appeal as the api takes it, or what is missing. */
export function rulingInput(outcome: string, reasons: string): { input: AppealDecisionInput } | { errors: FieldErrors } {
  const errors: FieldErrors = {};
  if (!outcome) errors['outcome'] = 'Choose whether the decision is upheld or reversed.';
  if (!reasons.trim()) errors['reasons'] = 'Write the reasons for the ruling.';
  if (Object.keys(errors).length > 0) return { errors };
  const result = validateAppealDecision({ outcome, reasons: reasons.trim() });
  return result.ok ? { input: result.value } : { errors: result.fields };
}
