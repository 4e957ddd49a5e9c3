import { createTransport, type Transporter } from 'nodemailer';

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

/** nodemailer over SMTP_URL (smtp:// with STARTTLS when the server offers it, or smtps://), one connection per mail. */
export class SmtpTransport implements MailTransport {
  private readonly transporter: Transporter;

  constructor(
    url: string,
    private readonly from: string,
  ) {
    this.transporter = createTransport({ url, ...SMTP_TIMEOUTS_MS });
  }

  async send(mail: OutgoingMail): Promise<void> {
    await this.transporter.sendMail({ from: this.from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, headers: mail.headers });
  }

  close(): void {
    this.transporter.close();
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
