import { REPORT_LIMITS } from '@antiquarium/contracts';
import { Field, LeaveGuard, useSubmission } from '@antiquarium/ui';
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
  const id = useId();
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
      <Field id={id} label={label} hint={hint} hintClassName="acc-field__hint" hintAbove error={error} alert>
        {(control) => (
          <textarea
            {...control}
            className="aq-textarea"
            rows={4}
            maxLength={REPORT_LIMITS.appealText}
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              setError(null);
            }}
          />
        )}
      </Field>
      <button type="submit" className="aq-button aq-button--primary" disabled={busy} aria-busy={busy}>
        {busy && sending ? sending : button}
      </button>
    </form>
  );
}
