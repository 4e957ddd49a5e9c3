import { ApiRequestError, errorMessage } from '@antiquarium/api-client';
import { Field, toast, useSubmission as useFormSubmission } from '@antiquarium/ui';
import { useState } from 'react';
import type { FieldErrors } from './logic';

/**
 * A moderators' form's sending (the libs/ui one, once at a time): busy while the call runs, the api's
 * field messages at their fields, its message in plain words (a 403 included), a toast when done.
 */
export function useSubmission() {
  const { busy, message, run: runOnce } = useFormSubmission();
  const [fields, setFields] = useState<FieldErrors>({});
  async function run(call: () => Promise<unknown>, done: string, fallback: string): Promise<boolean> {
    const sent = await runOnce(call, (error) => {
      setFields(error instanceof ApiRequestError && error.fields ? (error.fields as FieldErrors) : {});
      return errorMessage(error, fallback);
    });
    if (sent) {
      setFields({});
      void toast('success', done);
    }
    return sent;
  }
  return { busy, message, fields, setFields, run };
}

/** A labelled text area of a moderators' form, with its hint and its message tied to it. */
export function TextAreaField({
  id,
  label,
  value,
  onChange,
  maxLength,
  error,
  hint,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  maxLength: number;
  error?: string;
  hint?: string;
}) {
  return (
    <Field id={id} label={label} hint={hint} hintClassName="mod-hint" error={error}>
      {(control) => (
        <textarea {...control} className="aq-textarea" rows={3} maxLength={maxLength} value={value} onChange={(event) => onChange(event.target.value)} />
      )}
    </Field>
  );
}

/** A moderators' form's foot: the failure of its last send, and its submit button (busy while sending). */
export function FormFoot({ message, busy, label, busyLabel, primary = false }: { message: string | null; busy: boolean; label: string; busyLabel: string; primary?: boolean }) {
  return (
    <>
      {message ? (
        <p role="alert" className="mod-alert">
          {message}
        </p>
      ) : null}
      <div className="mod-actions">
        <button type="submit" className={primary ? 'aq-button aq-button--primary' : 'aq-button'} disabled={busy}>
          {busy ? busyLabel : label}
        </button>
      </div>
    </>
  );
}
