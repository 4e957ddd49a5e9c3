import { REPORT_LIMITS, REPORT_REASONS, REPORT_REASON_LABELS, REASONS_NEEDING_DETAILS, type ReportReceipt } from '@antiquarium/contracts';
import { Field, FieldError, LeaveGuard, describedBy } from '@antiquarium/ui';
import { ReportReceived } from './report-received';
import { REPORT_TEXTS } from './report-texts';
import { useReportForm, type ReportFormIds, type ReportProblems, type ReportValues } from './use-report-form';
import './report.css';

/** The link that follows a notice with its receipt (the public follow page). */
export function followPath(receipt: ReportReceipt): string {
  return `/reports/${encodeURIComponent(receipt.id)}?receipt=${encodeURIComponent(receipt.receipt)}`;
}

interface ReportReasonsProps {
  ids: ReportFormIds;
  problems: ReportProblems;
  reason: ReportValues['reason'];
  onChoose: (reason: ReportValues['reason']) => void;
}

/** The reasons to choose from, as radio buttons in one fieldset. */
function ReportReasons({ ids, problems, reason: chosen, onChoose }: ReportReasonsProps) {
  return (
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
          <input type="radio" name={ids.reasons} value={reason} checked={chosen === reason} onChange={() => onChoose(reason)} />
          {REPORT_REASON_LABELS[reason]}
        </label>
      ))}
      <FieldError id={ids.error('reason')} error={problems.reason} />
    </fieldset>
  );
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
  const { ids, values, problems, sending, failure, receipt, unsaved, formRef, failureRef, change, onSubmit } = useReportForm({ artifactId, withEmail, onUnsavedChange });
  const detailsNeeded = values.reason !== '' && REASONS_NEEDING_DETAILS.includes(values.reason);

  if (receipt) return <ReportReceived receipt={receipt} followTo={followPath(receipt)} onClose={onClose} />;

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
      <ReportReasons ids={ids} problems={problems} reason={values.reason} onChoose={(reason) => change('reason', reason)} />

      <Field
        id={ids.details}
        label={`${REPORT_TEXTS.detailsLabel} ${detailsNeeded ? REPORT_TEXTS.detailsRequired : REPORT_TEXTS.detailsOptional}`}
        hint={REPORT_TEXTS.detailsHint}
        hintClassName="cat-report__hint"
        hintAbove
        error={problems.details}
      >
        {(control) => (
          <textarea
            {...control}
            className="aq-textarea"
            rows={5}
            maxLength={REPORT_LIMITS.details}
            value={values.details}
            onChange={(event) => change('details', event.target.value)}
            aria-required={detailsNeeded}
          />
        )}
      </Field>

      {withEmail ? (
        <Field id={ids.email} label={REPORT_TEXTS.emailLabel} hint={REPORT_TEXTS.emailHint} hintClassName="cat-report__hint" hintAbove error={problems.email}>
          {(control) => (
            <input
              {...control}
              className="aq-input"
              type="email"
              autoComplete="email"
              maxLength={REPORT_LIMITS.email}
              value={values.email}
              onChange={(event) => change('email', event.target.value)}
            />
          )}
        </Field>
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
        <FieldError id={ids.error('goodFaith')} error={problems.goodFaith} />
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
