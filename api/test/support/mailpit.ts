// Mailpit, the suite's mail server (scripts/test.mjs starts one for the api phase): the main api sends
// through it, and the tests read what arrived through its REST API, never a mock transport.

/** Mailpit's web inbox and API, and its SMTP server, as scripts/test.mjs starts it (start command's ports by default). */
export const MAILPIT_URL = (process.env['MAILPIT_URL'] ?? 'http://127.0.0.1:8025').replace(/\/+$/, '');
export const MAILPIT_SMTP_URL = process.env['MAILPIT_SMTP_URL'] ?? 'smtp://127.0.0.1:1025';

interface Mailbox {
  Name: string;
  Address: string;
}

/** A message as Mailpit's search lists it. */
export interface MailSummary {
  ID: string;
  From: Mailbox;
  To: Mailbox[];
  Subject: string;
  Created: string;
}

/** A whole message (`GET /api/v1/message/{ID}`). */
export interface MailMessage extends MailSummary {
  Text: string;
  HTML: string;
  ListUnsubscribe: { Header: string; Links: string[]; Errors: string; HeaderPost: string };
}

async function read<T>(path: string): Promise<T> {
  const response = await fetch(`${MAILPIT_URL}${path}`);
  if (!response.ok) throw new Error(`Mailpit ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** The messages sent to an address, newest first. */
export async function mailsTo(address: string): Promise<MailSummary[]> {
  return (await read<{ messages: MailSummary[] }>(`/api/v1/search?query=${encodeURIComponent(`to:"${address}"`)}`)).messages;
}

/** A whole message, its parts' line breaks as the api wrote them (SMTP carries them as CRLF). */
export async function mailMessage(id: string): Promise<MailMessage> {
  const message = await read<MailMessage>(`/api/v1/message/${encodeURIComponent(id)}`);
  return { ...message, Text: message.Text.replace(/\r\n/g, '\n'), HTML: message.HTML.replace(/\r\n/g, '\n') };
}

/** A message's headers, each with its values. */
export const mailHeaders = (id: string) => read<Record<string, string[]>>(`/api/v1/message/${encodeURIComponent(id)}/headers`);

/** Waits until `count` messages to the address have arrived (the outbox's worker sends them shortly after), then reads them whole. */
export async function waitForMailsTo(address: string, count = 1, timeoutMs = 20_000): Promise<MailMessage[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await mailsTo(address);
    if (found.length >= count) return Promise.all(found.map((summary) => mailMessage(summary.ID)));
    if (Date.now() > deadline) throw new Error(`${found.length} of ${count} mail(s) to ${address} arrived within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
