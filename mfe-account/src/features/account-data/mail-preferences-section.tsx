import { errorMessage, mailPreferences, setMailPreferences, useApiData } from '@antiquarium/api-client';
import { Button } from 'antd';
import { useId, useState } from 'react';

export const MAIL_TEXTS = {
  title: 'Mail',
  label: 'Send me optional mail (confirmations and updates we are not required to send)',
  mandatory: 'Required notices are always sent, whatever you choose here: decisions about your artifacts, what happened to notices you sent, and decisions on your appeals.',
  loading: 'Loading your mail choice…',
  loadFailed: 'Your mail choice could not be loaded.',
  retry: 'Try again',
  saving: 'Saving…',
  savedOn: 'Saved: you will get optional mail.',
  savedOff: 'Saved: you will get no optional mail.',
  saveFailed: 'Your choice could not be saved.',
} as const;

type Status = { text: string; failed: boolean } | null;

/**
 * My Data's Mail part: the member's choice about optional mail (`/me/mail-preferences`), saved as
 * soon as it changes. Mandatory notices are not theirs to switch off, and the text says so.
 */
export function MailPreferencesSection() {
  const result = useApiData('mail-preferences', (signal) => mailPreferences({ signal }));
  // The choice shown once the member changed it: the one being saved, then the one the api kept.
  const [chosen, setChosen] = useState<boolean | null>(null);
  const [saving, setSaving] = useState(false);
  const [status, setStatus] = useState<Status>(null);
  const ids = { title: useId(), box: useId(), hint: useId() };
  const ready = result.status === 'ready';
  const checked = chosen ?? (ready && result.data.optionalMail);

  const onChange = async (optionalMail: boolean) => {
    // One save at a time: a change made meanwhile is not taken (the box keeps its state).
    if (!ready || saving) return;
    const before = checked;
    setChosen(optionalMail);
    setSaving(true);
    setStatus({ text: MAIL_TEXTS.saving, failed: false });
    try {
      const saved = await setMailPreferences({ optionalMail });
      setChosen(saved.optionalMail);
      setStatus({ text: saved.optionalMail ? MAIL_TEXTS.savedOn : MAIL_TEXTS.savedOff, failed: false });
    } catch (failure) {
      setChosen(before);
      setStatus({ text: errorMessage(failure, MAIL_TEXTS.saveFailed), failed: true });
    } finally {
      setSaving(false);
    }
  };

  const shown: Status = result.status === 'loading' ? { text: MAIL_TEXTS.loading, failed: false } : result.status === 'error' ? { text: MAIL_TEXTS.loadFailed, failed: true } : status;

  return (
    <section className="acc-data__part" aria-labelledby={ids.title}>
      <h2 id={ids.title}>{MAIL_TEXTS.title}</h2>
      <div className="acc-check">
        <input
          id={ids.box}
          type="checkbox"
          checked={checked}
          disabled={!ready}
          aria-busy={saving}
          aria-describedby={ids.hint}
          onChange={(event) => void onChange(event.target.checked)}
        />
        <label htmlFor={ids.box}>{MAIL_TEXTS.label}</label>
        <p id={ids.hint} className="acc-field__hint acc-check__hint">
          {MAIL_TEXTS.mandatory}
        </p>
      </div>
      <p role="status" className={`acc-data__status${shown?.failed ? ' acc-data__status--failed' : ''}`}>
        {shown?.text}
      </p>
      {result.status === 'error' && (
        <Button className="acc-data__button" onClick={result.retry}>
          {MAIL_TEXTS.retry}
        </Button>
      )}
    </section>
  );
}
