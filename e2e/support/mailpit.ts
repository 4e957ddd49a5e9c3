// The mail the api sends, as its recipients receive it: scripts/test.mjs starts Mailpit, a real SMTP
// server, and the api's outbox sends to it; journeys read what arrived through Mailpit's REST API
// (as api/test/support/mailpit.ts does), and may stop the mail server for a while through the relay
// the api reaches it by (scripts/lib/mail-relay.mjs).
import { expect } from '@playwright/test';
import { MAIL_RELAY_URL, MAILPIT_URL, SITE_URL } from './env';

interface Mailbox {
  Name: string;
  Address: string;
}

/** A message as Mailpit's search lists it. */
interface MailSummary {
  ID: string;
  Subject: string;
}

/** A whole message (`GET /api/v1/message/{ID}`), its parts' line breaks as the api wrote them. */
export interface Mail extends MailSummary {
  From: Mailbox;
  To: Mailbox[];
  Text: string;
  HTML: string;
  ListUnsubscribe: { Header: string; HeaderPost: string };
}

async function read<T>(path: string): Promise<T> {
  const response = await fetch(`${MAILPIT_URL}${path}`);
  if (!response.ok) throw new Error(`Mailpit ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** The subjects of the messages that reached an address, newest first. */
export async function subjectsTo(address: string): Promise<string[]> {
  const { messages } = await read<{ messages: MailSummary[] }>(`/api/v1/search?query=${encodeURIComponent(`to:"${address}"`)}`);
  return messages.map((message) => message.Subject);
}

/**
 * The one mail with this subject to the address, once it has arrived (the outbox's worker sends it
 * shortly after the request that wrote it; longer after the mail server was down), read whole.
 */
export async function mailTo(address: string, subject: string, timeoutMs = 20_000): Promise<Mail> {
  let found: MailSummary[] = [];
  await expect
    .poll(
      async () => {
        const { messages } = await read<{ messages: MailSummary[] }>(`/api/v1/search?query=${encodeURIComponent(`to:"${address}"`)}`);
        found = messages.filter((message) => message.Subject === subject);
        return found.length;
      },
      { message: `the mail "${subject}" to ${address}`, timeout: timeoutMs, intervals: [250] },
    )
    .toBeGreaterThan(0);
  expect(found, `one mail "${subject}" to ${address}`).toHaveLength(1);
  const mail = await read<Mail>(`/api/v1/message/${encodeURIComponent(found[0]!.ID)}`);
  return { ...mail, Text: mail.Text.replace(/\r\n/g, '\n'), HTML: mail.HTML.replace(/\r\n/g, '\n') };
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/**
 * Where the mail's link with this label leads: the address its text part gives (`Label: URL`), which
 * its HTML part links under the same label. Always a page of the site.
 */
export function mailLink(mail: Mail, label: string): string {
  const url = new RegExp(`^${escapeRegExp(label)}: (\\S+)$`, 'm').exec(mail.Text)?.[1];
  expect(url, `a link "${label}" in "${mail.Subject}"`).toBeDefined();
  expect(mail.HTML).toContain(`<a href="${escapeHtml(url!)}">${label}</a>`);
  expect(new URL(url!).origin).toBe(new URL(SITE_URL).origin);
  return url!;
}

/** What the site owes its recipient carries no unsubscribe (no List-Unsubscribe header, no link). */
export function expectMandatory(mail: Mail): void {
  expect(mail.ListUnsubscribe.Header).toBe('');
  expect(`${mail.Text}\n${mail.HTML}`).not.toMatch(/unsubscribe|receive no more/i);
}

/** Signed by the site, from its address. */
export function expectFromTheSite(mail: Mail): void {
  expect(mail.From).toEqual({ Name: 'Antiquarium', Address: 'no-reply@antiquarium.local' });
  expect(mail.Text).toContain(`\n-- \nAntiquarium\n${new URL(SITE_URL).origin}/`);
}

/** The relay's state: stopped or not, and the connections it relayed and refused since it started. */
export interface MailServerState {
  paused: boolean;
  relayed: number;
  refused: number;
}

function relayUrl(): string {
  if (!MAIL_RELAY_URL) throw new Error('MAIL_RELAY_URL is not set: only scripts/test.mjs can stop the mail server');
  return MAIL_RELAY_URL;
}

export async function mailServerState(): Promise<MailServerState> {
  const response = await fetch(`${relayUrl()}/`);
  if (!response.ok) throw new Error(`mail relay: ${response.status}`);
  return (await response.json()) as MailServerState;
}

/** Stops the mail server as the api sees it (`down`: every connection refused) or starts it again. */
export async function setMailServer(state: 'down' | 'up'): Promise<MailServerState> {
  const response = await fetch(`${relayUrl()}/${state === 'down' ? 'pause' : 'resume'}`, { method: 'POST' });
  if (!response.ok) throw new Error(`mail relay: ${response.status}`);
  return (await response.json()) as MailServerState;
}
