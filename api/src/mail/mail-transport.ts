import type { Transporter } from 'nodemailer';

/** A rendered mail handed to the mail server. */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
}

/** What the worker hands a mail to: SMTP (SmtpTransport), the one kind the api has. */
export interface MailTransport {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/**
 * Connection, greeting and socket time limits: a mail server that stops answering fails the attempt
 * well within the worker's lease (LEASE_MS in mail-worker.ts), so no second worker takes the mail
 * while the first may still be sending it.
 */
export const SMTP_TIMEOUTS_MS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 } as const;

/**
 * nodemailer over SMTP_URL (smtp:// with STARTTLS when the server offers it, or smtps://), one
 * connection per mail. nodemailer is loaded with the first mail sent: an api without SMTP_URL, or
 * that has sent nothing yet, maps none of it.
 */
export class SmtpTransport implements MailTransport {
  private transporter: Promise<Transporter> | undefined;

  constructor(
    private readonly url: string,
    private readonly from: string,
  ) {}

  private connected(): Promise<Transporter> {
    this.transporter ??= import('nodemailer').then(({ createTransport }) => createTransport({ url: this.url, ...SMTP_TIMEOUTS_MS }));
    return this.transporter;
  }

  async send(mail: OutgoingMail): Promise<void> {
    await (await this.connected()).sendMail({ from: this.from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, headers: mail.headers });
  }

  close(): void {
    void this.transporter?.then((transporter) => transporter.close());
  }
}

/** A failed send as the outbox keeps it, and whether trying again can help. */
export interface SendFailure {
  message: string;
  /** The server refused the mail for good (an SMTP 5xx answer: no such mailbox, refused content). */
  permanent: boolean;
}

/** What a send's error says, without the connection's credentials (nodemailer's messages name host and port only). */
export function sendFailureOf(error: unknown): SendFailure {
  const fields = typeof error === 'object' && error !== null ? (error as { code?: unknown; responseCode?: unknown; message?: unknown }) : {};
  const responseCode = typeof fields.responseCode === 'number' ? fields.responseCode : undefined;
  const parts = [typeof fields.code === 'string' ? fields.code : undefined, responseCode, typeof fields.message === 'string' ? fields.message : String(error)];
  return {
    message: parts.filter((part) => part !== undefined).join(' ').slice(0, 500),
    permanent: responseCode !== undefined && responseCode >= 500 && responseCode < 600,
  };
}
