import { REPORT_LIMITS } from '@antiquarium/contracts';
import { FieldError, LeaveGuard, describedBy, useSubmission } from '@antiquarium/ui';
import { useId, useState, type FormEvent } from 'react';

interface TextFormProps {
  label: string;
  hint?: string;
  button: string;
  /** Said when the text is empty. */
  required: string;
  sending?: string;
  /** Sends the text; true when it went (the field is then emptied). */
  onSend: (text: string) => Promise<boolean>;
}

/** One labelled text area and its button: the appeal and the replies of its thread. */
export function TextForm({ label, hint, button, required, sending, onSend }: TextFormProps) {
  const ids = { text: useId(), hint: useId(), error: useId() };
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { busy, running, run } = useSubmission();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (running()) return;
    if (!text.trim()) {
      setError(required);
      return;
    }
    let sent = false;
    await run(async () => {
      sent = await onSend(text.trim());
    });
    if (sent) setText('');
  };

  return (
    <form className="acc-text-form" onSubmit={(event) => void submit(event)} noValidate>
      <LeaveGuard when={text.trim() !== ''} />
      <div className="aq-field">
        <label htmlFor={ids.text}>{label}</label>
        {hint && (
          <p id={ids.hint} className="acc-field__hint">
            {hint}
          </p>
        )}
        <textarea
          id={ids.text}
          className="aq-textarea"
          rows={4}
          maxLength={REPORT_LIMITS.appealText}
          value={text}
          aria-invalid={error !== null}
          aria-describedby={describedBy(hint && ids.hint, error && ids.error)}
          onChange={(event) => {
            setText(event.target.value);
            setError(null);
          }}
        />
        <FieldError id={ids.error} error={error} role="alert" />
      </div>
      <button type="submit" className="aq-button aq-button--primary" disabled={busy} aria-busy={busy}>
        {busy && sending ? sending : button}
      </button>
    </form>
  );
}
