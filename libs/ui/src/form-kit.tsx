import { useCallback, useRef, useState } from 'react';

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
