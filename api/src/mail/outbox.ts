/**
 * What a module asks the mail outbox to send (issue 45, docs/decisions/0020-mail-outbox.md). The
 * outbox renders it (a text and an HTML part, the site's name and a link back; an unsubscribe link
 * and its headers unless it is mandatory) and keeps it; a worker sends it later, with retries.
 */
export interface MailRequest {
  /** One plain address (contracts' isEmailAddress). */
  to: string;
  /**
   * The member the mail is for, when the caller knows one (a signed-in sender, a contributor): the
   * mail is in their export, and deleting their account deletes it from the outbox.
   */
  recipientUid?: string;
  /** What the mail is, for operators and for later preferences by kind: `contact-reply`, `moderation-decision`, ... */
  kind: string;
  /**
   * A notice the site owes its recipient (a decision about their artifact, a reply they asked for):
   * sent whatever their mail preference, without an unsubscribe link. Anything else is optional:
   * it carries a one-click unsubscribe (RFC 8058), and an address that opted out does not get it.
   */
  mandatory: boolean;
  subject: string;
  /** The body in paragraphs of plain text (escaped in the HTML part; line breaks kept). */
  paragraphs: readonly string[];
  /** Text quoted below the paragraphs (the message a reply answers), under its heading. */
  quote?: { heading: string; text: string };
  /** A link back to the site: a path on SITE_ORIGIN (`/contact`, `/artifacts/<id>`) and its label. */
  link?: { path: string; label: string };
  /**
   * For a mail to an address a stranger may type into a form (a visitor's notice): at most this many
   * mails of this kind to the address (in any case) in 24 hours; past it the mail is not written, so
   * the site cannot be used to flood someone's mailbox.
   */
  dailyCapPerAddress?: number;
}

/**
 * The mail outbox as other modules use it, provided globally by MailModule (mail.module.ts): an
 * abstract class owned here, so that a module sending mail knows nothing of SMTP or the worker.
 *
 * `enqueue` resolves once the mail is stored in `mail_outbox`, never waiting on the mail server:
 * call it in the request that makes the decision, after the decision is stored. A failure to store
 * rejects (the request answers 503 as for any database failure); sending failures never reach the
 * caller (the worker retries them, docs/decisions/0019).
 */
export abstract class Outbox {
  /** Stores the rendered mail and wakes the worker; resolves with the outbox entry's id (null: over its daily cap, not written). */
  abstract enqueue(mail: MailRequest): Promise<string | null>;
}
