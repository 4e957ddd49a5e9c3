import { ApiRequestError, errorMessage, sendReport } from '@antiquarium/api-client';
import { REASONS_NEEDING_DETAILS, REPORT_LIMITS, REPORT_REASONS, REPORT_REASON_LABELS, type ReportReason, type ReportReceipt } from '@antiquarium/contracts';
import { validateReportInput } from '@antiquarium/contracts/validation';
import { LeaveGuard } from '@antiquarium/ui';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { REPORT_TEXTS } from './report-texts';
import './report.css';

type Field = 'reason' | 'details' | 'email' | 'goodFaith';
const FIELD_ORDER: readonly Field[] = ['reason', 'details', 'email', 'goodFaith'];

export interface ReportValues {
  reason: ReportReason | '';
  details: string;
  email: string;
  goodFaith: boolean;
}

/** The report's field errors, in the form's words; empty when it may be sent. */
export function reportProblems(artifactId: string, values: ReportValues, withEmail: boolean): Partial<Record<Field, string>> {
  const problems: Partial<Record<Field, string>> = {};
  if (!values.reason) problems.reason = REPORT_TEXTS.chooseReason;
  else if (REASONS_NEEDING_DETAILS.includes(values.reason) && !values.details.trim()) problems.details = REPORT_TEXTS.explain;
  if (!values.goodFaith) problems.goodFaith = REPORT_TEXTS.confirmGoodFaith;
  // The api's own rules (lengths, characters, the email's form), where the checks above found nothing.
  const checked = validateReportInput(toInput(artifactId, values, withEmail));
  if (!checked.ok) {
    for (const field of FIELD_ORDER) problems[field] ??= checked.fields[field];
  }
  return problems;
}

function toInput(artifactId: string, values: ReportValues, withEmail: boolean) {
  const email = values.email.trim();
  return {
    artifactId,
    reason: values.reason,
    details: values.details.trim(),
    ...(withEmail && email ? { email } : {}),
    goodFaith: values.goodFaith,
  };
}

/** The link that follows a notice with its receipt (the public follow page). */
export function followPath(receipt: ReportReceipt): string {
  return `/reports/${encodeURIComponent(receipt.id)}?receipt=${encodeURIComponent(receipt.receipt)}`;
}

function failureText(error: unknown): string {
  if (error instanceof ApiRequestError && error.status === 429) return REPORT_TEXTS.tooMany;
  return errorMessage(error, REPORT_TEXTS.unreachable);
}

export interface ReportFormProps {
  artifactId: string;
  /** A visitor may leave an email; a member's report is linked to their account. */
  withEmail: boolean;
  /** Shown as a Cancel button (in the dialog). */
  onCancel?: () => void;
  /** After a report was received (the dialog's Close button). */
  onClose?: () => void;
  /** Told whether the form holds what the visitor chose or typed and has not sent (the dialog asks before discarding it). */
  onUnsavedChange?: (unsaved: boolean) => void;
}

/** The notice form (DSA Art. 16): a reason, an explanation, a visitor's email, the good-faith statement. */
export function ReportForm({ artifactId, withEmail, onCancel, onClose, onUnsavedChange }: ReportFormProps) {
  const id = useId();
  const [values, setValues] = useState<ReportValues>({ reason: '', details: '', email: '', goodFaith: false });
  const [problems, setProblems] = useState<Partial<Record<Field, string>>>({});
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // Counts the failed sends: each one (the same words again too) takes the focus to its message.
  const [failures, setFailures] = useState(0);
  const [receipt, setReceipt] = useState<ReportReceipt | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const receivedRef = useRef<HTMLHeadingElement>(null);
  const failureRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (receipt) receivedRef.current?.focus();
  }, [receipt]);

  // Told at once, where the focus is, once the message is on screen (a frame timed from the answer
  // could come before it): it is read, and what was typed stays as it was.
  useEffect(() => {
    if (failures > 0) failureRef.current?.focus();
  }, [failures]);

  const unsaved = values.reason !== '' || values.details.trim() !== '' || values.email.trim() !== '' || values.goodFaith;
  const unsent = unsaved && receipt === null;
  useEffect(() => onUnsavedChange?.(unsent), [onUnsavedChange, unsent]);
  const detailsNeeded = values.reason !== '' && REASONS_NEEDING_DETAILS.includes(values.reason);
  const ids = {
    reasons: `${id}-reasons`,
    reasonsHint: `${id}-reasons-hint`,
    details: `${id}-details`,
    detailsHint: `${id}-details-hint`,
    email: `${id}-email`,
    emailHint: `${id}-email-hint`,
    goodFaith: `${id}-good-faith`,
    error: (field: Field) => `${id}-${field}-error`,
  };

  const change = <K extends keyof ReportValues>(field: K, value: ReportValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setProblems((current) => (current[field] ? { ...current, [field]: undefined } : current));
  };

  const focusFirstProblem = (found: Partial<Record<Field, string>>) => {
    const first = FIELD_ORDER.find((field) => found[field]);
    if (!first) return;
    const target = first === 'reason' ? formRef.current?.querySelector<HTMLInputElement>(`input[name="${ids.reasons}"]`) : formRef.current?.querySelector<HTMLElement>(`#${CSS.escape(ids[first])}`);
    target?.focus();
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    const found = reportProblems(artifactId, values, withEmail);
    setProblems(found);
    setFailure(null);
    if (Object.values(found).some(Boolean)) {
      focusFirstProblem(found);
      return;
    }
    setSending(true);
    try {
      const answer = await sendReport({ ...toInput(artifactId, values, withEmail), reason: values.reason as ReportReason, goodFaith: true });
      setReceipt(answer);
    } catch (error) {
      const fields = error instanceof ApiRequestError && error.status === 400 ? error.fields ?? {} : {};
      const named: Partial<Record<Field, string>> = {};
      for (const field of FIELD_ORDER) if (fields[field]) named[field] = fields[field];
      setProblems(named);
      setFailure(failureText(error));
      setFailures((count) => count + 1);
    } finally {
      setSending(false);
    }
  };

  if (receipt) {
    return (
      <div className="cat-report__received">
        <h2 ref={receivedRef} tabIndex={-1}>
          {REPORT_TEXTS.received}
        </h2>
        <p>{REPORT_TEXTS.receivedText}</p>
        <dl className="cat-report__receipt">
          <div>
            <dt>{REPORT_TEXTS.reference}</dt>
            <dd>{receipt.id}</dd>
          </div>
          <div>
            <dt>{REPORT_TEXTS.receipt}</dt>
            <dd>{receipt.receipt}</dd>
          </div>
        </dl>
        <div className="cat-report__buttons">
          <Link className="aq-button aq-button--primary" to={followPath(receipt)}>
            {REPORT_TEXTS.follow}
          </Link>
          {onClose ? (
            <button type="button" className="aq-button" onClick={onClose}>
              {REPORT_TEXTS.close}
            </button>
          ) : null}
        </div>
      </div>
    );
  }

  const errorOf = (field: Field) =>
    problems[field] ? (
      <p id={ids.error(field)} className="aq-field__error">
        {problems[field]}
      </p>
    ) : null;
  const describedBy = (...parts: (string | false | undefined)[]) => parts.filter(Boolean).join(' ') || undefined;

  return (
    <form ref={formRef} className="cat-report__form" noValidate onSubmit={(event) => void onSubmit(event)} aria-busy={sending}>
      <LeaveGuard when={unsaved} />
      {failure ? (
        <div ref={failureRef} className="cat-report__failure" role="alert" tabIndex={-1}>
          <p>
            <strong>{REPORT_TEXTS.notSent}</strong> {failure}
          </p>
          <p>{REPORT_TEXTS.kept}</p>
        </div>
      ) : null}
      <fieldset
        className="cat-report__reasons"
        aria-describedby={describedBy(ids.reasonsHint, problems.reason && ids.error('reason'))}
        aria-invalid={problems.reason ? true : undefined}
      >
        <legend>{REPORT_TEXTS.reasonLegend}</legend>
        <p id={ids.reasonsHint} className="cat-report__hint">
          {REPORT_TEXTS.detailsNeeded}
        </p>
        {REPORT_REASONS.map((reason) => (
          <label key={reason} className="cat-report__choice">
            <input
              type="radio"
              name={ids.reasons}
              value={reason}
              checked={values.reason === reason}
              onChange={() => change('reason', reason)}
            />
            {REPORT_REASON_LABELS[reason]}
          </label>
        ))}
        {errorOf('reason')}
      </fieldset>

      <div className="aq-field">
        <label htmlFor={ids.details}>
          {REPORT_TEXTS.detailsLabel} {detailsNeeded ? REPORT_TEXTS.detailsRequired : REPORT_TEXTS.detailsOptional}
        </label>
        <p id={ids.detailsHint} className="cat-report__hint">
          {REPORT_TEXTS.detailsHint}
        </p>
        <textarea
          id={ids.details}
          className="aq-textarea"
          rows={5}
          maxLength={REPORT_LIMITS.details}
          value={values.details}
          onChange={(event) => change('details', event.target.value)}
          aria-required={detailsNeeded}
          aria-invalid={problems.details ? true : undefined}
          aria-describedby={describedBy(ids.detailsHint, problems.details && ids.error('details'))}
        />
        {errorOf('details')}
      </div>

      {withEmail ? (
        <div className="aq-field">
          <label htmlFor={ids.email}>{REPORT_TEXTS.emailLabel}</label>
          <p id={ids.emailHint} className="cat-report__hint">
            {REPORT_TEXTS.emailHint}
          </p>
          <input
            id={ids.email}
            className="aq-input"
            type="email"
            autoComplete="email"
            maxLength={REPORT_LIMITS.email}
            value={values.email}
            onChange={(event) => change('email', event.target.value)}
            aria-invalid={problems.email ? true : undefined}
            aria-describedby={describedBy(ids.emailHint, problems.email && ids.error('email'))}
          />
          {errorOf('email')}
        </div>
      ) : null}

      <div className="aq-field">
        <label className="cat-report__choice cat-report__choice--statement">
          <input
            id={ids.goodFaith}
            type="checkbox"
            checked={values.goodFaith}
            onChange={(event) => change('goodFaith', event.target.checked)}
            aria-required
            aria-invalid={problems.goodFaith ? true : undefined}
            aria-describedby={problems.goodFaith ? ids.error('goodFaith') : undefined}
          />
          {REPORT_TEXTS.goodFaith}
        </label>
        {errorOf('goodFaith')}
      </div>

      <div className="cat-report__buttons">
        {onCancel ? (
          <button type="button" className="aq-button" onClick={onCancel} disabled={sending}>
            {REPORT_TEXTS.cancel}
          </button>
        ) : null}
        <button type="submit" className="aq-button aq-button--primary" aria-disabled={sending}>
          {sending ? REPORT_TEXTS.sending : REPORT_TEXTS.submit}
        </button>
      </div>
    </form>
  );
}
