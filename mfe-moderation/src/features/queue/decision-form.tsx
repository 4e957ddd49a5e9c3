import { DECISION_ACTIONS, REPORT_LIMITS, REPORT_REASON_LABELS, type DecisionAction, type QueueEntry } from '@antiquarium/contracts';
import { Field, FieldError, LeaveGuard, describedBy } from '@antiquarium/ui';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useSubmission } from '../../shared/desk-form';
import { ACTION_LABELS, GROUND_GROUPS, decisionInput, formatWhen, type DecisionFormValues } from '../../shared/logic';
import { recordDecision } from '../../shared/moderation-api';

export const DECISION_TEXTS = {
  action: 'Decision',
  ground: 'Ground',
  groundHint: 'The reason reported, or the rule of the terms the artifact breaks.',
  chooseGround: 'Choose a ground…',
  facts: 'Facts',
  factsHint: 'What you found, in plain words: the contributor reads this in their statement of reasons.',
  reports: 'Notices this decision settles',
  unfounded: 'These notices were manifestly unfounded (counts towards their senders’ misuse)',
  submit: 'Record decision',
  sending: 'Recording…',
  failed: 'The decision could not be recorded.',
} as const;

export interface DecisionFormProps {
  entry: QueueEntry;
  onDecided: () => void;
  /** Told whether the form holds what the moderator chose or wrote and has not recorded (closing the form asks first). */
  onUnsavedChange?: (unsaved: boolean) => void;
}

interface ActionChoicesProps {
  /** The radio group's name. */
  name: string;
  errorId: string;
  error: string | undefined;
  chosen: DecisionFormValues['action'];
  onChoose: (action: DecisionAction) => void;
}

/** Keep, restrict or remove, each with what it does. */
function ActionChoices({ name, errorId, error, chosen, onChoose }: ActionChoicesProps) {
  return (
    <fieldset aria-describedby={describedBy(error && errorId)}>
      <legend>{DECISION_TEXTS.action}</legend>
      {DECISION_ACTIONS.map((action: DecisionAction, index) => (
        <label key={action} className="mod-choice">
          <input type="radio" name={name} value={action} checked={chosen === action} onChange={() => onChoose(action)} data-field={index === 0 ? 'action' : undefined} />
          <span>
            <strong>{ACTION_LABELS[action].label}</strong> <span className="mod-hint">{ACTION_LABELS[action].hint}</span>
          </span>
        </label>
      ))}
      <FieldError id={errorId} error={error} />
    </fieldset>
  );
}

interface SettledReportsProps {
  reports: QueueEntry['reports'];
  errorId: string;
  error: string | undefined;
  /** The ids of the notices ticked. */
  ticked: string[];
  onToggle: (reportId: string, checked: boolean) => void;
}

/** The notices the decision settles, one checkbox each. */
function SettledReports({ reports, errorId, error, ticked, onToggle }: SettledReportsProps) {
  return (
    <fieldset aria-describedby={describedBy(error && errorId)}>
      <legend>{DECISION_TEXTS.reports}</legend>
      {reports.map((report, index) => (
        <label key={report.id} className="mod-choice">
          <input
            type="checkbox"
            checked={ticked.includes(report.id)}
            onChange={(event) => onToggle(report.id, event.target.checked)}
            data-field={index === 0 ? 'reportIds' : undefined}
          />
          <span>
            {REPORT_REASON_LABELS[report.reason]}, {formatWhen(report.receivedAt)}
          </span>
        </label>
      ))}
      <FieldError id={errorId} error={error} />
    </fieldset>
  );
}

/** The decision on one artifact of the queue: keep, restrict or remove, on a ground, with the facts. */
export function DecisionForm({ entry, onDecided, onUnsavedChange }: DecisionFormProps) {
  const [values, setValues] = useState<DecisionFormValues>({ action: '', ground: '', facts: '', reportIds: entry.reports.map((report) => report.id), unfounded: false });
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const submission = useSubmission();
  const [decided, setDecided] = useState(false);
  const id = useId();
  const ids = { action: `${id}-action`, ground: `${id}-ground`, facts: `${id}-facts`, reports: `${id}-reports`, alert: `${id}-alert` };
  const shown = { ...submission.fields, ...errors };
  // What the moderator wrote or chose (the notices start all ticked): kept only by recording it.
  const unsaved = values.action !== '' || values.ground !== '' || values.facts.trim() !== '' || values.unfounded || values.reportIds.length !== entry.reports.length;
  const unrecorded = unsaved && !decided;
  useEffect(() => onUnsavedChange?.(unrecorded), [onUnsavedChange, unrecorded]);
  const change = (patch: Partial<DecisionFormValues>) => {
    setValues((current) => ({ ...current, ...patch }));
    setErrors((current) => {
      const next = { ...current };
      for (const key of Object.keys(patch)) delete next[key];
      return next;
    });
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const result = decisionInput(entry.artifactId, values);
    if ('errors' in result) {
      setErrors(result.errors);
      const first = Object.keys(result.errors)[0];
      const field = event.currentTarget.querySelector<HTMLElement>(`[data-field="${first}"]`);
      field?.focus();
      return;
    }
    const done = `Decision recorded: the artifact is ${ACTION_LABELS[result.input.action].done}.`;
    if (await submission.run(() => recordDecision(result.input), done, DECISION_TEXTS.failed)) {
      setDecided(true);
      onDecided();
    }
  };

  const toggleReport = (reportId: string, checked: boolean) =>
    change({ reportIds: checked ? [...values.reportIds, reportId] : values.reportIds.filter((value) => value !== reportId) });

  return (
    <form className="mod-form" noValidate onSubmit={onSubmit} aria-label={`Decision on ${entry.artifact?.name ?? 'this artifact'}`}>
      <LeaveGuard when={unrecorded} />
      <ActionChoices name={`${id}-action`} errorId={ids.action} error={shown['action']} chosen={values.action} onChoose={(action) => change({ action })} />
      <Field id={ids.ground} label={DECISION_TEXTS.ground} hint={DECISION_TEXTS.groundHint} hintClassName="mod-hint" error={shown['ground']}>
        {(control) => (
          <select {...control} className="aq-select" value={values.ground} onChange={(event) => change({ ground: event.target.value })} data-field="ground">
            <option value="">{DECISION_TEXTS.chooseGround}</option>
            {GROUND_GROUPS.map((group) => (
              <optgroup key={group.label} label={group.label}>
                {group.options.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        )}
      </Field>
      <Field id={ids.facts} label={DECISION_TEXTS.facts} hint={DECISION_TEXTS.factsHint} hintClassName="mod-hint" error={shown['facts']}>
        {(control) => (
          <textarea
            {...control}
            className="aq-textarea"
            rows={4}
            maxLength={REPORT_LIMITS.facts}
            value={values.facts}
            onChange={(event) => change({ facts: event.target.value })}
            data-field="facts"
          />
        )}
      </Field>
      <SettledReports reports={entry.reports} errorId={ids.reports} error={shown['reportIds']} ticked={values.reportIds} onToggle={toggleReport} />
      {values.action === 'keep' ? (
        <label className="mod-choice">
          <input type="checkbox" checked={values.unfounded} onChange={(event) => change({ unfounded: event.target.checked })} />
          <span>{DECISION_TEXTS.unfounded}</span>
        </label>
      ) : null}
      {submission.message ? (
        <p id={ids.alert} role="alert" className="mod-alert">
          {submission.message}
        </p>
      ) : null}
      <div className="mod-actions">
        <button type="submit" className={values.action === 'remove' ? 'aq-button mod-button--danger' : 'aq-button aq-button--primary'} disabled={submission.busy}>
          {submission.busy ? DECISION_TEXTS.sending : DECISION_TEXTS.submit}
        </button>
      </div>
    </form>
  );
}
