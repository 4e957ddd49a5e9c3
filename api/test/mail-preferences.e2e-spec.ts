// A member's own choice about optional mail (issue 45: "a preference in the account"), over real
// HTTP, a real FerretDB and a real SMTP server (Mailpit, read through its API): `GET` and `PUT
// /me/mail-preferences` read and write the same `mail_preferences` row (by address) as the one-click
// unsubscribe, so an optional mail to a member who opted out is not sent (the outbox says
// `suppressed`) and is sent again once they opt back in; mandatory notices are sent either way.
//
// No optional mail exists in the api yet: as in mail.e2e-spec.ts, one is written through the api's
// own Outbox class (loaded from api/dist, built before the suite) into the main api's outbox, and
// the main api's worker sends it to Mailpit, or suppresses it.
import mongoose from 'mongoose';
import type { MailPreferences } from '@antiquarium/contracts';
import { createUser, type TestUser } from './support/auth';
import { db, objectId } from './support/db';
import { API_URL, MONGODB_URI, RELEASE_DEPLOY_TOKEN } from './support/env';
import { api, expectApiError, expectStatus } from './support/http';
import { outboxWriter } from './support/mail-classes';
import { mailHeaders, mailsTo, waitForMailsTo, type MailMessage } from './support/mailpit';


const SITE_ORIGIN = 'http://localhost:4200';
const ROUTE = '/me/mail-preferences';

let writer: Awaited<ReturnType<typeof outboxWriter>>['writer'];
let links: Awaited<ReturnType<typeof outboxWriter>>['links'];
let connection: mongoose.Connection;

beforeAll(async () => {
  connection = await mongoose.createConnection(MONGODB_URI).asPromise();
  ({ writer, links } = await outboxWriter(connection, { siteOrigin: SITE_ORIGIN, publicApiUrl: API_URL, releaseDeployToken: RELEASE_DEPLOY_TOKEN }));
});

afterAll(async () => {
  await connection?.close();
});

const getChoice = (as: TestUser | null) => api<MailPreferences>(ROUTE, { token: as?.token });
const putChoice = (as: TestUser | null, body: unknown) => api<MailPreferences>(ROUTE, { method: 'PUT', token: as?.token, body });
const preferenceRow = async (address: string) => (await db()).collection<{ _id: string; optedOut: boolean; at: Date }>('mail_preferences').findOne({ _id: address.toLowerCase() });

const optional = (to: string, text: string) => ({ to, kind: 'test-digest', mandatory: false, subject: `Digest ${text}`, paragraphs: [text], link: { path: '/', label: 'Antiquarium' } });

/** Writes a mail into the main api's outbox; its id (these mails have no daily cap, so none is skipped). */
async function enqueue(mail: Parameters<typeof writer.enqueue>[0]): Promise<string> {
  const id = await writer.enqueue(mail);
  if (id === null) throw new Error(`mail ${mail.kind} to ${mail.to} was not written`);
  return id;
}

/** Waits until the main api's worker has dealt with the mail (sent, suppressed or given up). */
async function settled(id: string, timeoutMs = 20_000): Promise<Record<string, unknown>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const entry = await (await db()).collection('mail_outbox').findOne({ _id: objectId(id) });
    if (entry && entry['status'] !== 'pending') return entry;
    if (Date.now() > deadline) throw new Error(`mail ${id} still ${String(entry?.['status'])} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

test('requires authentication: 401 for a visitor and for a token that is not valid; nothing stored', async () => {
  expectApiError(await getChoice(null), 401);
  expectApiError(await putChoice(null, { optionalMail: false }), 401);
  expectApiError(await api(ROUTE, { method: 'PUT', token: 'this-is-not-a-token', body: { optionalMail: false } }), 401);
});

test('a new member gets optional mail until they say otherwise; reading stores nothing', async () => {
  const member = await createUser();
  const answer = await getChoice(member);
  expectStatus(answer, 200);
  expect(answer.body).toEqual({ optionalMail: true });
  expect(await preferenceRow(member.email)).toBeNull();
});

test('opting out in the account stops optional mail to the address, not mandatory notices; opting in again lets it through', async () => {
  const member = await createUser();

  const out = await putChoice(member, { optionalMail: false });
  expectStatus(out, 200);
  expect(out.body).toEqual({ optionalMail: false });
  expect((await getChoice(member)).body).toEqual({ optionalMail: false });
  expect(await preferenceRow(member.email)).toEqual({ _id: member.email.toLowerCase(), optedOut: true, at: expect.any(Date) });
  // Again: the same, one row.
  expectStatus(await putChoice(member, { optionalMail: false }), 200);
  expect(await (await db()).collection<{ _id: string }>('mail_preferences').countDocuments({ _id: member.email.toLowerCase() })).toBe(1);

  // The outbox keeps the optional mail as suppressed, never sent; a notice the site owes still goes.
  const suppressed = await enqueue(optional(member.email, 'while opted out'));
  await enqueue({ ...optional(member.email, 'a notice'), kind: 'test-notice', mandatory: true });
  const entry = await settled(suppressed);
  expect(entry).toEqual(expect.objectContaining({ status: 'suppressed', doneAt: expect.any(Date) }));
  expect(entry['sentAt']).toBeUndefined();
  const [notice] = (await waitForMailsTo(member.email)) as [MailMessage];
  expect(notice.Subject).toBe('Digest a notice');
  expect((await mailsTo(member.email)).map((mail) => mail.Subject)).toEqual(['Digest a notice']);

  const back = await putChoice(member, { optionalMail: true });
  expectStatus(back, 200);
  expect(back.body).toEqual({ optionalMail: true });
  expect((await getChoice(member)).body).toEqual({ optionalMail: true });
  expect(await preferenceRow(member.email)).toEqual(expect.objectContaining({ optedOut: false }));

  const sent = await enqueue(optional(member.email, 'after opting in'));
  expect(await settled(sent)).toEqual(expect.objectContaining({ status: 'sent' }));
  const arrived = await waitForMailsTo(member.email, 2);
  const digest = arrived.find((mail) => mail.Subject === 'Digest after opting in');
  expect(digest).toBeDefined();
  // Optional mail still carries its one-click unsubscribe.
  expect((await mailHeaders(digest?.ID ?? ''))['List-Unsubscribe-Post']).toEqual(['List-Unsubscribe=One-Click']);
  expect((await mailsTo(member.email)).map((mail) => mail.Subject).sort()).toEqual(['Digest a notice', 'Digest after opting in']);
});

test('an unsubscribe from a mail’s link shows in the account, and the account can undo it', async () => {
  const member = await createUser();
  const clicked = await fetch(links.urlFor(member.email), { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
  expect(clicked.status).toBe(200);
  expect((await getChoice(member)).body).toEqual({ optionalMail: false });
  expectStatus(await putChoice(member, { optionalMail: true }), 200);
  expect(await preferenceRow(member.email)).toEqual(expect.objectContaining({ optedOut: false }));
});

test('400 with the api’s error shape for anything but { optionalMail: boolean }; the choice is unchanged', async () => {
  const member = await createUser();
  expectStatus(await putChoice(member, { optionalMail: false }), 200);
  const cases: [unknown, Record<string, string>, string][] = [
    [{}, { optionalMail: 'optionalMail must be true or false' }, 'optionalMail: optionalMail must be true or false'],
    [{ optionalMail: 'true' }, { optionalMail: 'optionalMail must be true or false' }, 'optionalMail: optionalMail must be true or false'],
    [{ optionalMail: 1 }, { optionalMail: 'optionalMail must be true or false' }, 'optionalMail: optionalMail must be true or false'],
    [{ optionalMail: null }, { optionalMail: 'optionalMail must be true or false' }, 'optionalMail: optionalMail must be true or false'],
    [{ optionalMail: true, email: 'eve@example.org' }, { email: 'Unknown field' }, 'email: Unknown field'],
    [[{ optionalMail: true }], {}, 'Send a JSON object'],
  ];
  for (const [body, fields, message] of cases) {
    const refused = expectApiError(await putChoice(member, body), 400);
    expect({ body, fields: refused.fields ?? {}, message: refused.message }).toEqual({ body, fields, message });
  }
  expect(expectApiError(await api(ROUTE, { method: 'PUT', token: member.token, rawBody: '{"optionalMail":' }), 400).message).toBe('Request body is not valid JSON');
  expect((await getChoice(member)).body).toEqual({ optionalMail: false });
});

test('a member whose address is not verified may read but not change the choice for it (403, nothing stored)', async () => {
  const unverified = await createUser({ verified: false });
  expect((await getChoice(unverified)).body).toEqual({ optionalMail: true });
  expect(expectApiError(await putChoice(unverified, { optionalMail: false }), 403).message).toMatch(/Verify your email address/);
  expect(await preferenceRow(unverified.email)).toBeNull();
});

test('the choice is in the member’s export, and forgotten with their account', async () => {
  const member = await createUser();
  const exportedBefore = await api<Record<string, unknown>>('/me/export', { token: member.token });
  expectStatus(exportedBefore, 200);
  expect(exportedBefore.body['mailPreference']).toEqual({ address: member.email, optionalMail: true });

  expectStatus(await putChoice(member, { optionalMail: false }), 200);
  const exported = await api<Record<string, unknown>>('/me/export', { token: member.token });
  expect(exported.body['mailPreference']).toEqual({ address: member.email, optionalMail: false, changedAt: expect.any(String) });
  const row = await preferenceRow(member.email);
  expect((exported.body['mailPreference'] as { changedAt: string }).changedAt).toBe(row?.at.toISOString());

  expectStatus(await api('/me', { method: 'DELETE', token: member.token, body: { contributions: 'delete', confirmEmail: member.email } }), 200);
  expect(await preferenceRow(member.email)).toBeNull();
});
