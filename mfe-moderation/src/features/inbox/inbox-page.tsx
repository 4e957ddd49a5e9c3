import { CONTACT_LIMITS, type ContactMessage, type ContactStatus } from '@antiquarium/contracts';
import { validateContactReply } from '@antiquarium/contracts/validation';
import { useId, useState, type FormEvent } from 'react';
import { FormFoot, TextAreaField, useSubmission } from '../../shared/desk-form';
import { StatusListScreen, statusOptions } from '../../shared/status-list';
import { formatWhen, mailtoHref } from '../../shared/logic';
import { inboxPage, markContactHandled } from '../../shared/moderation-api';
import { replyToContact } from './reply-to-contact';

export const INBOX_TEXTS = {
  title: 'Contact inbox',
  lead: 'Messages sent through the Contact page. Reply here (the reply is emailed to the sender and kept with the message), then mark them handled. Newest first.',
  open: 'Open messages',
  handled: 'Handled messages',
  loading: 'Loading messages…',
  failed: 'The messages could not be loaded.',
  emptyOpen: 'No open messages.',
  emptyHandled: 'No handled messages yet.',
  markHandled: 'Mark handled',
  marking: 'Saving…',
  marked: 'Marked as handled.',
  markFailed: 'The message could not be marked as handled.',
  replies: 'Replies',
  reply: 'Your reply',
  replyHint: 'Emailed to the sender from the site’s address, with their message quoted, and kept here.',
  sendReply: 'Send reply',
  sending: 'Sending…',
  replied: 'Your reply is on its way to the sender.',
  replyFailed: 'Your reply could not be sent.',
} as const;

/** Each message's link and button have a name of their own on the page, which holds what they show. */
const replyName = (message: ContactMessage) => `Reply to ${message.name} at ${message.email}`;

/** The moderators' answer to one message: checked by the api's own rule, mailed by the api. */
function ReplyForm({ message, onSent }: { message: ContactMessage; onSent: () => void }) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const submission = useSubmission();
  const id = useId();
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const input = validateContactReply({ text });
    if (!input.ok) {
      setError(input.fields['text'] ?? input.message);
      return;
    }
    if (await submission.run(() => replyToContact(message.id, input.value), INBOX_TEXTS.replied, INBOX_TEXTS.replyFailed)) {
      setText('');
      onSent();
    }
  };
  return (
    <form className="mod-form" noValidate onSubmit={onSubmit} aria-label={`Reply to the message from ${message.name}`}>
      <TextAreaField
        id={`${id}-text`}
        label={INBOX_TEXTS.reply}
        hint={INBOX_TEXTS.replyHint}
        maxLength={CONTACT_LIMITS.reply}
        value={text}
        onChange={(value) => {
          setText(value);
          setError(undefined);
        }}
        error={error ?? submission.fields['text']}
      />
      <FormFoot message={submission.message} busy={submission.busy} label={INBOX_TEXTS.sendReply} busyLabel={INBOX_TEXTS.sending} primary />
    </form>
  );
}

function InboxItem({ message, onChanged }: { message: ContactMessage; onChanged: () => void }) {
  const submission = useSubmission();
  const headingId = `contact-${message.id}`;
  const markHandled = async () => {
    if (await submission.run(() => markContactHandled(message.id), INBOX_TEXTS.marked, INBOX_TEXTS.markFailed)) onChanged();
  };
  return (
    <li className="mod-item">
      <article aria-labelledby={headingId}>
        <h2 id={headingId}>From {message.name}</h2>
        <dl className="mod-facts">
          <dt>Received</dt>
          <dd>{formatWhen(message.receivedAt)}</dd>
          <dt>Email</dt>
          <dd>
            <a href={mailtoHref(message.email)} aria-label={replyName(message)}>
              {message.email}
            </a>
          </dd>
          <dt>Status</dt>
          <dd>{message.status === 'handled' ? `Handled ${formatWhen(message.handledAt)}${message.handledBy ? ` by ${message.handledBy}` : ''}` : 'Open'}</dd>
        </dl>
        <blockquote className="mod-message">{message.message}</blockquote>
        {message.replies?.length ? (
          <>
            <h3>{INBOX_TEXTS.replies}</h3>
            <ol className="mod-thread">
              {message.replies.map((reply, index) => (
                <li key={`${reply.at}-${index}`}>
                  Sent {formatWhen(reply.at)} by {reply.by}
                  <blockquote className="mod-message">{reply.text}</blockquote>
                </li>
              ))}
            </ol>
          </>
        ) : null}
        {message.status === 'open' ? <ReplyForm message={message} onSent={onChanged} /> : null}
        {submission.message ? (
          <p role="alert" className="mod-alert">
            {submission.message}
          </p>
        ) : null}
        {message.status === 'open' ? (
          <div className="mod-actions">
            <button
              type="button"
              className="aq-button aq-button--primary"
              disabled={submission.busy}
              aria-label={`${INBOX_TEXTS.markHandled}: the message from ${message.name}`}
              onClick={() => void markHandled()}
            >
              {submission.busy ? INBOX_TEXTS.marking : INBOX_TEXTS.markHandled}
            </button>
          </div>
        ) : null}
      </article>
    </li>
  );
}

const STATUSES = statusOptions<ContactStatus>(INBOX_TEXTS, ['open', 'handled']);

/** Exposed as 'moderation/Inbox' (/moderation/inbox?status=open|handled). */
export default function InboxPage() {
  return (
    <StatusListScreen name="moderation-inbox" texts={INBOX_TEXTS} tabsLabel="Which messages" statuses={STATUSES} load={inboxPage}>
      {(message, retry) => <InboxItem key={message.id} message={message} onChanged={retry} />}
    </StatusListScreen>
  );
}
