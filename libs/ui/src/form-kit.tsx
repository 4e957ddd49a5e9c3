import { useCallback, useRef, useState, type ReactNode } from 'react';

/** The described-by ids of a control (its hint, its error when shown): the truthy ones joined, or none. */
export const describedBy = (...ids: (string | false | null | undefined)[]): string | undefined => ids.filter(Boolean).join(' ') || undefined;

/**
 * A field's error text, under the id its control's aria-describedby names; nothing when it has none.
 * `role="alert"` where the form says it at once (a text checked only on submit).
 */
export function FieldError({ id, error, role }: { id: string; error: string | null | undefined; role?: 'alert' }) {
  return error ? (
    <p id={id} role={role} className="aq-field__error">
      {error}
    </p>
  ) : null;
}

/** What a field's control must carry (spread them on it): its id, the label's target, and its ties to the hint and the error. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

export interface FieldProps {
  /** The control's id; its hint and error take `${id}-hint` and `${id}-error`. */
  id: string;
  label: ReactNode;
  /** Help under the control, read with it. */
  hint?: string | undefined;
  /** The hint's class: each front end styles its hints its own way. */
  hintClassName?: string;
  /** The hint between the label and the control (read before writing) rather than under the control. */
  hintAbove?: boolean;
  error?: string | null | undefined;
  /** The error said at once (role="alert"), as FieldError's role. */
  alert?: boolean;
  /** Classes after `aq-field` on the wrapper. */
  className?: string;
  /** The control (and whatever sits with it), given the props it must carry. */
  children: (control: FieldControlProps) => ReactNode;
}

/**
 * A labelled control with its hint and its error under it (the hint above it when asked), both tied
 * to it (aria-describedby, and aria-invalid while there is an error), written once for every form.
 */
export function Field({ id, label, hint, hintClassName, hintAbove = false, error, alert = false, className, children }: FieldProps) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const control: FieldControlProps = { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy(hint && hintId, error && errorId) };
  const help = hint ? (
    <p id={hintId} className={hintClassName}>
      {hint}
    </p>
  ) : null;
  return (
    <div className={className ? `aq-field ${className}` : 'aq-field'}>
      <label htmlFor={id}>{label}</label>
      {hintAbove ? help : null}
      {children(control)}
      {hintAbove ? null : help}
      <FieldError id={errorId} error={error} role={alert ? 'alert' : undefined} />
    </div>
  );
}

/** What a failed action shows as the form's message (null: none, the caller tells it another way). */
export type SubmissionFailure = (error: unknown) => string | null;

/**
 * A form's sending, one at a time: `run` refuses a second action while one is under way (state
 * lands after a render, so a ref stops a double click or Enter at once), keeps `busy` while it runs,
 * clears the last message on a new try and, on failure, shows what `failed` makes of the error.
 * It resolves true when the action succeeded, false when it failed or was refused.
 */
export function useSubmission() {
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const running = useRef(false);
  const run = useCallback(async (action: () => Promise<unknown>, failed?: SubmissionFailure): Promise<boolean> => {
    if (running.current) return false;
    running.current = true;
    setBusy(true);
    setMessage(null);
    try {
      await action();
      return true;
    } catch (error) {
      setMessage(failed ? failed(error) : null);
      return false;
    } finally {
      running.current = false;
      setBusy(false);
    }
  }, []);
  const isRunning = useCallback(() => running.current, []);
  return { busy, message, setMessage, running: isRunning, run };
}
