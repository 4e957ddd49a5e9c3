import { errorMessage, getAppeal, sendAppealMessage, useApiData } from '@antiquarium/api-client';
import type { AppealView } from '@antiquarium/contracts';
import { DataView, toast } from '@antiquarium/ui';
import { useEffect, useRef, useState } from 'react';
import { TextForm } from './text-form';
import { NOTICES_TEXTS as T, dayOf } from './notices-texts';

/** An appeal as its appellant follows it: their text, the thread with the moderators, the ruling. */
export function AppealThread({ appealId, initial }: { appealId: string; initial?: AppealView }) {
  const [latest, setLatest] = useState<AppealView | undefined>(initial);
  const result = useApiData(`appeal:${appealId}`, (signal) => getAppeal(appealId, { signal }), undefined, () => initial);
  const region = useRef<HTMLElement>(null);
  // An appeal just sent replaces its form: the focus goes to the thread, not lost to the page.
  const justSent = useRef(initial !== undefined);
  useEffect(() => {
    if (justSent.current) region.current?.focus();
    justSent.current = false;
  }, []);

  return (
    <DataView result={result} loading="Loading your appeal…" failed={T.threadLoadFailed} retry={T.retry} className="acc-notice__part">
      {(loaded) => {
        const appeal = latest ?? loaded;

        const reply = async (text: string) => {
          try {
            setLatest(await sendAppealMessage(appeal.id, text));
            void toast('success', T.messageSent);
            return true;
          } catch (failure) {
            void toast('error', errorMessage(failure, T.messageFailed));
            return false;
          }
        };

        return (
          <section ref={region} className="acc-notice__part acc-appeal" aria-label={T.threadTitle} tabIndex={-1}>
            <h4>{T.threadTitle}</h4>
            <p className={`acc-appeal__status acc-appeal__status--${appeal.status}`}>{T.status[appeal.status]}</p>
            <ol className="acc-thread">
              <li className="acc-thread__message">
                <p className="acc-thread__meta">
                  {T.fromYou} · {T.sentOn(appeal.createdAt)}
                </p>
                <p className="acc-thread__text">{appeal.text}</p>
              </li>
              {appeal.messages.map((message, index) => (
                <li key={`${message.at}-${index}`} className={`acc-thread__message acc-thread__message--${message.from}`}>
                  <p className="acc-thread__meta">
                    {message.from === 'appellant' ? T.fromYou : T.fromModerator} · {dayOf(message.at)}
                  </p>
                  <p className="acc-thread__text">{message.text}</p>
                </li>
              ))}
            </ol>
            {appeal.decision && (
              <div className="acc-appeal__ruling">
                <p>
                  <strong>{T.status[appeal.decision.outcome]}</strong> ({dayOf(appeal.decision.decidedAt)})
                </p>
                <p>
                  {T.outcomeReasons}: {appeal.decision.reasons}
                </p>
              </div>
            )}
            {appeal.status === 'open' && (
              <TextForm label={T.messageLabel} button={T.messageButton} required={T.messageRequired} onSend={reply} />
            )}
          </section>
        );
      }}
    </DataView>
  );
}
