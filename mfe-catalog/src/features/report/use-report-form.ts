import { ApiRequestError, errorMessage, sendReport } from '@antiquarium/api-client';
import { REASONS_NEEDING_DETAILS, type ReportReason, type ReportReceipt } from '@antiquarium/contracts';
import { validateReportInput } from '@antiquarium/contracts/validation';
import { useSubmission } from '@antiquarium/ui';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { REPORT_TEXTS } from './report-texts';

export type Field = 'reason' | 'details' | 'email' | 'goodFaith';
const FIELD_ORDER: readonly Field[] = ['reason', 'details', 'email', 'goodFaith'];

export interface ReportValues {
  reason: ReportReason | '';
  details: string;
  email: string;
  goodFaith: boolean;
}

export type ReportProblems = Partial<Record<Field, string>>;

/** The report's field errors, in the form's words; empty when it may be sent. */
export function reportProblems(artifactId: string, values: ReportValues, withEmail: boolean): ReportProblems {
  const problems: ReportProblems = {};
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

function failureText(error: unknown): string {
  if (error instanceof ApiRequestError && error.status === 429) return REPORT_TEXTS.tooMany;
  return errorMessage(error, REPORT_TEXTS.unreachable);
}

/** The element ids of one report form: its fields, the reasons' hint and the error messages (the details' and the email's hints are their Field's, `${id}-hint`). */
function formIds(id: string) {
  return {
    reasons: `${id}-reasons`,
    reasonsHint: `${id}-reasons-hint`,
    details: `${id}-details`,
    email: `${id}-email`,
    goodFaith: `${id}-good-faith`,
    // For the details and the email, the id their Field gives its error (`${id}-error`).
    error: (field: Field) => `${id}-${field}-error`,
  };
}

export type ReportFormIds = ReturnType<typeof formIds>;

interface ReportFormOptions {
  artifactId: string;
  withEmail: boolean;
  onUnsavedChange?: (unsaved: boolean) => void;
}

/** The notice form's values, problems and sending: on a failure the focus goes to its message, on a problem to the first field concerned. */
export function useReportForm({ artifactId, withEmail, onUnsavedChange }: ReportFormOptions) {
  const ids = formIds(useId());
  const [values, setValues] = useState<ReportValues>({ reason: '', details: '', email: '', goodFaith: false });
  const [problems, setProblems] = useState<ReportProblems>({});
  // The send, once at a time; `failure` is the last failed send's words.
  const { busy: sending, message: failure, setMessage: setFailure, running, run } = useSubmission();
  // Counts the failed sends: each one (the same words again too) takes the focus to its message.
  const [failures, setFailures] = useState(0);
  const [receipt, setReceipt] = useState<ReportReceipt | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const failureRef = useRef<HTMLDivElement>(null);

  // Told at once, where the focus is, once the message is on screen (a frame timed from the answer
  // could come before it): it is read, and what was typed stays as it was.
  useEffect(() => {
    if (failures > 0) failureRef.current?.focus();
  }, [failures]);

  const unsaved = values.reason !== '' || values.details.trim() !== '' || values.email.trim() !== '' || values.goodFaith;
  const unsent = unsaved && receipt === null;
  useEffect(() => onUnsavedChange?.(unsent), [onUnsavedChange, unsent]);

  const change = <K extends keyof ReportValues>(field: K, value: ReportValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setProblems((current) => (current[field] ? { ...current, [field]: undefined } : current));
  };

  const focusFirstProblem = (found: ReportProblems) => {
    const first = FIELD_ORDER.find((field) => found[field]);
    if (!first) return;
    const target = first === 'reason' ? formRef.current?.querySelector<HTMLInputElement>(`input[name="${ids.reasons}"]`) : formRef.current?.querySelector<HTMLElement>(`#${CSS.escape(ids[first])}`);
    target?.focus();
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (running()) return;
    const found = reportProblems(artifactId, values, withEmail);
    setProblems(found);
    setFailure(null);
    if (Object.values(found).some(Boolean)) {
      focusFirstProblem(found);
      return;
    }
    await run(
      async () => {
        const answer = await sendReport({ ...toInput(artifactId, values, withEmail), reason: values.reason as ReportReason, goodFaith: true });
        setReceipt(answer);
      },
      (error) => {
        const fields = error instanceof ApiRequestError && error.status === 400 ? error.fields ?? {} : {};
        const named: ReportProblems = {};
        for (const field of FIELD_ORDER) if (fields[field]) named[field] = fields[field];
        setProblems(named);
        setFailures((count) => count + 1);
        return failureText(error);
      },
    );
  };

  return { ids, values, problems, sending, failure, receipt, unsaved, formRef, failureRef, change, onSubmit };
}
