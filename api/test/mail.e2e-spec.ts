// Mail that reaches people (issue 45) over real HTTP, a real FerretDB and a real SMTP server
// (Mailpit, read through its API): a moderator's reply to a contact message is kept with it and
// reaches the sender with a text and an HTML part, the site's name and a link back; the outbox's
// worker retries a mail server that is down with backoff and sends once it is back, never twice;
// optional mail carries a one-click unsubscribe that works, mandatory mail none.
//
// The suite's swc transform leaves decorators out, so the api's mail classes are loaded as the api
// runs them, from api/dist (built before the suite), and typed by their sources.
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import mongoose from 'mongoose';
import type { ContactMessage, ContactReceipt } from '@antiquarium/contracts';
import type { AppConfig } from '../src/config/env';
import { createUser, grantModerator, uniqueTag, type TestUser } from './support/auth';
import { db, objectId } from './support/db';
import { API_URL, MONGODB_URI, RELEASE_DEPLOY_TOKEN } from './support/env';
import { api, expectApiError, expectStatus } from './support/http';
import { MAILPIT_SMTP_URL, mailHeaders, mailsTo, waitForMailsTo, type MailMessage } from './support/mailpit';
import { freePort } from '@antiquarium/testing/net';
import { compiled, outboxWriter, repositories } from './support/mail-classes';

type Workers = typeof import('../src/mail/mail-worker');
type Transports = typeof import('../src/mail/mail-transport');
type Outboxes = typeof import('../src/mail/mail-outbox');
type Deliveries = typeof import('../src/mail/mail-delivery');
type Links = typeof import('../src/mail/unsubscribe-links');
type Schedules = typeof import('../src/mail/retry-schedule');

/** Where the main api's site links point (its SITE_ORIGIN: the first CORS origin scripts/test.mjs gives it). */
const SITE_ORIGIN = 'http://localhost:4200';

let member: TestUser;
let moderator: TestUser;

beforeAll(async () => {
  member = await createUser();
  moderator = await grantModerator(await createUser());
});

const address = (prefix: string) => `${uniqueTag(prefix)}@example.org`;
/** The main api's mail preferences, keyed by address. */
const preferenceRows = async () => (await db()).collection<{ _id: string; optedOut: boolean; at: Date }>('mail_preferences');

async function sendMessage(email: string, token?: string): Promise<ContactReceipt> {
  const answer = await api<ContactReceipt>('/contact', { method: 'POST', token, body: { name: 'Ada Lovelace', email, message: 'Is the astrolabe photo yours?\nMay I reuse it?' } });
  expectStatus(answer, 201);
  return answer.body;
}

/** A reply as the moderator (`as: null`: signed out). */
const reply = (id: string, body: unknown, as: TestUser | null = moderator) =>
  api<ContactMessage>(`/moderation/contact/${id}/replies`, { method: 'POST', token: as?.token, body });

describe('a moderator’s reply to a contact message', () => {
  test('401 signed out, 403 for a member, 404 for an unknown or malformed id, 400 for a bad body; nothing kept or mailed', async () => {
    const email = address('refused');
    const { id } = await sendMessage(email);
    expectApiError(await reply(id, { text: 'Hi' }, null), 401);
    expect(expectApiError(await reply(id, { text: 'Hi' }, member), 403).message).toMatch(/moderators/);
    for (const unknown of [randomBytes(12).toString('hex'), 'not-an-id']) expectApiError(await reply(unknown, { text: 'Hi' }), 404);
    const cases: [unknown, string, string][] = [
      [{ text: ' \n ' }, 'text', 'Reply is required'],
      [{}, 'text', 'Reply is required'],
      [{ text: 'x'.repeat(5001) }, 'text', 'Reply must be at most 5000 characters'],
      [{ text: 'Hi', to: 'eve@evil.example' }, 'to', 'Unknown field'],
      [{ text: 'bad\u0000text' }, 'text', 'Reply contains invalid characters'],
    ];
    for (const [body, field, message] of cases) {
      expect({ body, fields: expectApiError(await reply(id, body), 400).fields }).toEqual({ body, fields: { [field]: message } });
    }
    expect(await (await db()).collection('contact_replies').countDocuments({ messageId: objectId(id) })).toBe(0);
    expect(await (await db()).collection('mail_outbox').countDocuments({ to: email })).toBe(0);
  });

  test('answers at once, is kept with the message, and reaches the sender: a text and an HTML part, the site’s name, a link back, no unsubscribe', async () => {
    const email = address('reply');
    const { id, receivedAt } = await sendMessage(email);
    const text = 'Yes, it is ours. You may reuse it with the credit line <Antiquarium> & a link.';
    const started = Date.now();
    const answer = await reply(id, { text: `  ${text}\n` });
    expectStatus(answer, 201);
    // The request only writes the outbox: it never waits on the mail server.
    expect(Date.now() - started).toBeLessThan(5000);
    expect(answer.body).toEqual(expect.objectContaining({ id, email, status: 'open', replies: [{ text, at: expect.any(String), by: moderator.uid }] }));

    // Kept with the message: the inbox's thread shows it.
    const inbox = await api<ContactMessage[]>('/moderation/contact?status=open&limit=100', { token: moderator.token });
    expect(inbox.body.find((item) => item.id === id)?.replies).toEqual(answer.body.replies);
    const audit = await (await db()).collection('moderation_audit').find({ target: `contact:${id}`, action: 'contact:replied' }).toArray();
    expect(audit).toEqual([expect.objectContaining({ actorUid: moderator.uid })]);

    const [mail] = (await waitForMailsTo(email)) as [MailMessage];
    expect(mail.Subject).toBe('Re: your message to Antiquarium');
    expect(mail.From).toEqual({ Name: 'Antiquarium', Address: 'no-reply@antiquarium.local' });
    expect(mail.To.map((to) => to.Address)).toEqual([email]);
    expect(mail.Text).toContain('Hello Ada Lovelace,');
    expect(mail.Text).toContain(text);
    expect(mail.Text).toContain('> Is the astrolabe photo yours?\n> May I reuse it?');
    expect(mail.Text).toContain(`Write to us again: ${SITE_ORIGIN}/contact`);
    expect(mail.Text).toContain(`Antiquarium\n${SITE_ORIGIN}/`);
    expect(mail.HTML).toContain('Yes, it is ours. You may reuse it with the credit line &lt;Antiquarium&gt; &amp; a link.');
    expect(mail.HTML).toContain(`<a href="${SITE_ORIGIN}/contact">Write to us again</a>`);
    expect(mail.HTML).toContain(`<a href="${SITE_ORIGIN}/">Antiquarium</a>`);
    expect(mail.HTML).not.toContain('<Antiquarium>');
    // A reply the sender asked for is mandatory: no opt-out.
    expect(mail.ListUnsubscribe.Header).toBe('');
    expect(Object.keys(await mailHeaders(mail.ID))).not.toContain('List-Unsubscribe');
    expect(`${mail.Text}${mail.HTML}`).not.toMatch(/unsubscribe/i);

    const stored = await (await db()).collection('mail_outbox').findOne({ to: email });
    expect(stored).toEqual(expect.objectContaining({ kind: 'contact-reply', mandatory: true, status: 'sent', attempts: 1, sentAt: expect.any(Date) }));
    expect(new Date(receivedAt).getTime()).toBeLessThanOrEqual((stored?.['createdAt'] as Date).getTime());
  });

  test('a second reply joins the thread in order, and is mailed too', async () => {
    const email = address('thread');
    const { id } = await sendMessage(email);
    expectStatus(await reply(id, { text: 'First answer.' }), 201);
    const second = await reply(id, { text: 'Second answer.' });
    expect(second.body.replies?.map((item) => item.text)).toEqual(['First answer.', 'Second answer.']);
    const mails = await waitForMailsTo(email, 2);
    expect(mails.map((mail) => mail.Text.includes('First answer.') || mail.Text.includes('Second answer.'))).toEqual([true, true]);
    // Handled later, the message keeps its thread.
    const handled = await api<ContactMessage>(`/moderation/contact/${id}/handled`, { method: 'POST', token: moderator.token });
    expect(handled.body.replies?.map((item) => item.text)).toEqual(['First answer.', 'Second answer.']);
  });

  test('a member’s export holds the replies to their messages (not who wrote them) and the mails sent to them; deleting the account deletes both', async () => {
    const person = await createUser();
    const { id } = await sendMessage(person.email, person.token);
    expectStatus(await reply(id, { text: 'Thank you for asking.' }), 201);
    await waitForMailsTo(person.email);
    const exported = await api<Record<string, unknown>>('/me/export', { token: person.token });
    const messages = exported.body['contactMessages'] as ContactMessage[];
    expect(messages.find((item) => item.id === id)?.replies).toEqual([{ text: 'Thank you for asking.', at: expect.any(String) }]);
    expect(JSON.stringify(messages)).not.toContain(moderator.uid);
    expect(exported.body['mails']).toEqual([
      {
        to: person.email,
        subject: 'Re: your message to Antiquarium',
        text: expect.stringContaining('Thank you for asking.'),
        kind: 'contact-reply',
        status: 'sent',
        createdAt: expect.any(String),
        sentAt: expect.any(String),
      },
    ]);
    expectStatus(await api('/me', { method: 'DELETE', token: person.token, body: { contributions: 'anonymize', confirmEmail: person.email } }), 200);
    expect(await (await db()).collection('contact_replies').countDocuments({ messageId: objectId(id) })).toBe(0);
    expect(await (await db()).collection('mail_outbox').countDocuments({ $or: [{ to: person.email }, { recipientUid: person.uid }] })).toBe(0);
  });
});

/** A TCP server on `port`: with `target`, it relays to it (the mail server back on its address); without, it accepts and never answers. */
async function listen(port: number, target?: { host: string; port: number }): Promise<() => Promise<void>> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    if (!target) return;
    const upstream = net.connect(target);
    upstream.on('error', () => socket.destroy());
    socket.on('close', () => upstream.destroy());
    socket.pipe(upstream).pipe(socket);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => server.close(resolve));
  };
}

describe('the outbox’s worker against a real mail server', () => {
  // A database of this file's own on the suite's FerretDB, so that the main api's worker never takes
  // these mails: the workers here are driven by hand, on a clock the test moves.
  const dbName = `antiquarium_mail_${randomBytes(4).toString('hex')}`;
  let connection: mongoose.Connection;
  let outbox: Awaited<ReturnType<typeof repositories>>['outbox'];
  let preferences: Awaited<ReturnType<typeof repositories>>['preferences'];
  let mail: { workers: Workers; transports: Transports; schedules: Schedules; outboxes: Outboxes; deliveries: Deliveries; links: Links };
  const quiet = { log: () => undefined, warn: () => undefined, error: () => undefined };
  const mailpit = new URL(MAILPIT_SMTP_URL);

  beforeAll(async () => {
    connection = await mongoose.createConnection(MONGODB_URI, { dbName }).asPromise();
    ({ outbox, preferences } = await repositories(connection));
    await connection.syncIndexes();
    mail = {
      workers: await compiled<Workers>('mail-worker'),
      transports: await compiled<Transports>('mail-transport'),
      schedules: await compiled<Schedules>('retry-schedule'),
      outboxes: await compiled<Outboxes>('mail-outbox'),
      deliveries: await compiled<Deliveries>('mail-delivery'),
      links: await compiled<Links>('unsubscribe-links'),
    };
  });

  afterAll(async () => {
    await connection?.dropDatabase();
    await connection?.close();
  });

  const stored = async (id: string) => connection.collection('mail_outbox').findOne({ _id: objectId(id) });
  const config = (smtpUrl: string | undefined) =>
    ({ smtpUrl, mailFrom: 'Antiquarium <no-reply@antiquarium.local>', siteOrigin: SITE_ORIGIN, publicApiUrl: API_URL, releaseDeployToken: RELEASE_DEPLOY_TOKEN, mailUnsubscribeSecret: undefined }) as AppConfig;
  const request = (to: string, text: string) => ({ to, kind: 'test', mandatory: true, subject: `Test ${text}`, paragraphs: [text], link: { path: '/', label: 'Antiquarium' } });

  test('with the mail server down, writing a mail answers at once; the worker retries with backoff and sends it once the server is back', async () => {
    const port = await freePort();
    const smtpUrl = `smtp://127.0.0.1:${port}`;
    const to = address('outage');

    // A server that takes the connection and never answers: the mail is stored at once all the same,
    // and the attempt the write woke fails at the greeting's time limit, in the background.
    const closeSilent = await listen(port);
    const delivery = new mail.deliveries.MailDelivery(config(smtpUrl), outbox, preferences);
    const writer = new mail.outboxes.MailOutbox(config(smtpUrl), outbox, delivery, new mail.links.UnsubscribeLinks(config(smtpUrl)));
    delivery.onApplicationBootstrap();
    const started = Date.now();
    const id = (await writer.enqueue(request(to, 'through an outage'))) as string;
    expect(Date.now() - started).toBeLessThan(2000);
    expect(await stored(id)).toEqual(expect.objectContaining({ to, status: 'pending' }));
    const deadline = Date.now() + mail.transports.SMTP_TIMEOUTS_MS.greetingTimeout + 10_000;
    while (!(await stored(id))?.['lastError'] && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 250));
    await delivery.onModuleDestroy();
    await closeSilent();
    const afterFirst = await stored(id);
    expect(afterFirst).toEqual(expect.objectContaining({ status: 'pending', attempts: 1, lastError: expect.stringMatching(/greeting|timeout/i) }));

    // From here the server refuses connections, on a clock the test moves.
    const firstRetry = (afterFirst?.['nextAttemptAt'] as Date).getTime();
    expect(firstRetry - (afterFirst?.['createdAt'] as Date).getTime()).toBeGreaterThanOrEqual(mail.schedules.retryDelayMs(1));
    let now = firstRetry - 1000;
    const worker = new mail.workers.MailWorker(outbox, preferences, new mail.transports.SmtpTransport(smtpUrl, 'Antiquarium <no-reply@antiquarium.local>'), { now: () => new Date(now), logger: quiet });
    expect(await worker.runOnce()).toEqual([]);
    now = firstRetry;
    expect(await worker.runOnce()).toEqual(['retry']);
    const afterSecond = await stored(id);
    expect(afterSecond).toEqual(expect.objectContaining({ status: 'pending', attempts: 2, lastError: expect.stringContaining('ECONNREFUSED'), nextAttemptAt: new Date(now + mail.schedules.retryDelayMs(2)) }));
    expect(await mailsTo(to)).toEqual([]);

    // The server is back on its address: the next due attempt sends it, once.
    const closeRelay = await listen(port, { host: mailpit.hostname, port: Number(mailpit.port) });
    try {
      now += mail.schedules.retryDelayMs(2) - 1;
      expect(await worker.runOnce()).toEqual([]);
      now += 1;
      expect(await worker.runOnce()).toEqual(['sent']);
      expect(await worker.runOnce()).toEqual([]);
    } finally {
      await closeRelay();
    }
    expect(await stored(id)).toEqual(expect.objectContaining({ status: 'sent', attempts: 3, sentAt: new Date(now) }));
    const [arrived] = (await waitForMailsTo(to)) as [MailMessage];
    expect(arrived.Text).toContain('through an outage');
    expect(await mailsTo(to)).toHaveLength(1);
  }, 60_000);

  test('two workers on one outbox never send a mail twice', async () => {
    const addresses = Array.from({ length: 6 }, () => address('pair'));
    const ids: string[] = [];
    for (const to of addresses) ids.push((await new mail.outboxes.MailOutbox(config(undefined), outbox, new mail.deliveries.MailDelivery(config(undefined), outbox, preferences), new mail.links.UnsubscribeLinks(config(undefined))).enqueue(request(to, 'once'))) as string);
    const now = Date.now() + 1000;
    // Both workers read the due mails before either claims one: each mail is wanted by both.
    let read = 0;
    let bothRead: () => void = () => undefined;
    const together = new Promise<void>((resolve) => (bothRead = resolve));
    const shared = Object.assign(Object.create(outbox) as typeof outbox, {
      due: async (at: Date, limit: number) => {
        const due = await outbox.due(at, limit);
        read += 1;
        if (read === 2) bothRead();
        await together;
        return due;
      },
    });
    const worker = () => new mail.workers.MailWorker(shared, preferences, new mail.transports.SmtpTransport(MAILPIT_SMTP_URL, 'Antiquarium <no-reply@antiquarium.local>'), { now: () => new Date(now), logger: quiet });
    const [first, second] = await Promise.all([worker().runOnce(), worker().runOnce()]);
    const outcomes = [...first, ...second];
    expect(outcomes.filter((outcome) => outcome === 'sent')).toHaveLength(addresses.length);
    expect(outcomes.filter((outcome) => outcome === 'taken')).toHaveLength(addresses.length);
    for (const to of addresses) expect({ to, mails: (await waitForMailsTo(to)).length }).toEqual({ to, mails: 1 });
    for (const id of ids) expect(await stored(id)).toEqual(expect.objectContaining({ status: 'sent', attempts: 1 }));
    // A moment later, on either worker, nothing is sent again.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    for (const to of addresses) expect((await mailsTo(to)).length).toBe(1);
  });

  test('a mail the server never takes is given up after MAX_ATTEMPTS and kept as failed, with the last error', async () => {
    const smtpUrl = `smtp://127.0.0.1:${await freePort()}`;
    const to = address('given-up');
    const delivery = new mail.deliveries.MailDelivery(config(undefined), outbox, preferences);
    const id = (await new mail.outboxes.MailOutbox(config(undefined), outbox, delivery, new mail.links.UnsubscribeLinks(config(undefined))).enqueue(request(to, 'never'))) as string;
    let now = Date.now() + 1000;
    const worker = new mail.workers.MailWorker(outbox, preferences, new mail.transports.SmtpTransport(smtpUrl, 'Antiquarium <no-reply@antiquarium.local>'), { now: () => new Date(now), logger: quiet });
    const outcomes: string[] = [];
    for (let attempt = 1; attempt <= mail.schedules.MAX_ATTEMPTS; attempt += 1) {
      outcomes.push(...(await worker.runOnce()));
      now = ((await stored(id))?.['nextAttemptAt'] as Date).getTime();
    }
    expect(outcomes).toEqual([...Array<string>(mail.schedules.MAX_ATTEMPTS - 1).fill('retry'), 'failed']);
    expect(await stored(id)).toEqual(expect.objectContaining({ status: 'failed', attempts: mail.schedules.MAX_ATTEMPTS, lastError: expect.stringContaining('ECONNREFUSED'), doneAt: expect.any(Date) }));
    now += 365 * 86_400_000;
    expect(await worker.runOnce()).toEqual([]);
  });
});

describe('one-click unsubscribe (RFC 8058)', () => {
  // No optional mail exists in the api yet: this one is written through the api's own Outbox class
  // into the main api's outbox, with its key (derived from the suite's RELEASE_DEPLOY_TOKEN), and
  // the main api's worker sends it to Mailpit.
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

  const optional = (to: string, text: string) => ({ to, kind: 'test-digest', mandatory: false, subject: `Digest ${text}`, paragraphs: [text], link: { path: '/', label: 'Antiquarium' } });

  test('an optional mail carries the link and both headers; posting to it opts the address out, and only optional mail stops', async () => {
    const to = address('optional');
    await writer.enqueue(optional(to, 'first'));
    const [first] = (await waitForMailsTo(to)) as [MailMessage];
    const headers = await mailHeaders(first.ID);
    expect(headers['List-Unsubscribe-Post']).toEqual(['List-Unsubscribe=One-Click']);
    const link = /^<(.+)>$/.exec(headers['List-Unsubscribe']?.[0] ?? '')?.[1] ?? '';
    expect(link).toMatch(new RegExp(`^${API_URL.replace(/[.]/g, '\\.')}/mail/unsubscribe\\?token=u1\\.`));
    expect(first.ListUnsubscribe).toEqual(expect.objectContaining({ Links: [link], Errors: '', HeaderPost: 'List-Unsubscribe=One-Click' }));
    expect(first.Text).toContain(`To receive no more of these emails: ${link}`);
    expect(first.HTML).toContain(`<a href="${link}">Receive no more of these emails</a>`);

    // Opening the link shows a page whose one button posts; opening it changes nothing.
    const page = await api<string>(link);
    expectStatus(page, 200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.text).toContain('<form method="post" action="">');
    expect(await (await preferenceRows()).findOne({ _id: to.toLowerCase() })).toBeNull();

    // What a mail client sends (RFC 8058): a POST with List-Unsubscribe=One-Click.
    const clicked = await fetch(link, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
    expect(clicked.status).toBe(200);
    expect(await clicked.json()).toEqual({ unsubscribed: true });
    expect(await (await preferenceRows()).findOne({ _id: to.toLowerCase() })).toEqual(expect.objectContaining({ optedOut: true }));
    // A browser's form post gets a page; again changes nothing more.
    const again = await fetch(link, { method: 'POST', headers: { accept: 'text/html', 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
    expect(again.status).toBe(200);
    expect(await again.text()).toContain('You will receive no more optional emails from Antiquarium at this address.');

    // The next optional mail is not sent; a mandatory notice still is.
    const suppressed = (await writer.enqueue(optional(to, 'second'))) as string;
    await writer.enqueue({ ...optional(to, 'a notice'), kind: 'test-notice', mandatory: true });
    const arrived = await waitForMailsTo(to, 2);
    expect(arrived.map((mail) => mail.Subject).sort()).toEqual(['Digest a notice', 'Digest first']);
    const notice = arrived.find((mail) => mail.Subject === 'Digest a notice');
    expect(notice?.ListUnsubscribe.Header).toBe('');
    const outboxEntry = await (await db()).collection('mail_outbox').findOne({ _id: objectId(suppressed) });
    expect(outboxEntry).toEqual(expect.objectContaining({ status: 'suppressed', doneAt: expect.any(Date) }));
    expect(outboxEntry?.['sentAt']).toBeUndefined();
  });

  test('a token this site did not sign, or made for another address, is a 400 and records nothing', async () => {
    const to = address('forged');
    // The link the api would put in a mail to this address.
    const link = new URL(links.urlFor(to));
    const [format, , mac] = (link.searchParams.get('token') ?? '').split('.');
    const other = `${format}.${Buffer.from('eve@example.org').toString('base64url')}.${mac}`;
    for (const token of [other, 'u1.x.y', '', `${link.searchParams.get('token')}x`]) {
      expect(expectApiError(await api(`/mail/unsubscribe?token=${encodeURIComponent(token)}`, { method: 'POST' }), 400).message).toBe('This unsubscribe link is not valid');
      expectApiError(await api(`/mail/unsubscribe?token=${encodeURIComponent(token)}`), 400);
    }
    expectApiError(await api('/mail/unsubscribe', { method: 'POST' }), 400);
    expect(await (await preferenceRows()).countDocuments({ _id: { $in: ['eve@example.org', to.toLowerCase()] } })).toBe(0);
  });
});
