import type { ContactMessage, ContactStatus } from '@antiquarium/contracts';
import { StatusListScreen, useSubmission, statusOptions } from '../../shared/desk';
import { formatWhen } from '../../shared/logic';
import { inboxPage, markContactHandled } from '../../shared/moderation-api';

export const INBOX_TEXTS = {
  title: 'Contact inbox',
  lead: 'Messages sent through the Contact page. Answer by email, then mark them handled. Newest first.',
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
} as const;

/** Each message's link and button have a name of their own on the page, which holds what they show. */
const replyName = (message: ContactMessage) => `Reply to ${message.name} at ${message.email}`;

/**
 * The reply link: the address encoded whole, so that nothing in it (`?cc=`, `&body=`, escapes, a
 * second recipient: issue 45) becomes part of the link, whatever was stored before the api refused
 * such addresses; its @ stays as written.
 */
const replyHref = (email: string) => `mailto:${encodeURIComponent(email).replaceAll('%40', '@')}`;

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
            <a href={replyHref(message.email)} aria-label={replyName(message)}>
              {message.email}
            </a>
          </dd>
          <dt>Status</dt>
          <dd>{message.status === 'handled' ? `Handled ${formatWhen(message.handledAt)}${message.handledBy ? ` by ${message.handledBy}` : ''}` : 'Open'}</dd>
        </dl>
        <blockquote className="mod-message">{message.message}</blockquote>
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
