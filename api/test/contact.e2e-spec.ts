// The contact form's messages over real HTTP (issue #32): stored when sent (bounded, validated,
// hostile input refused, a budget per client address), the answer only once stored; the
// moderators' inbox beside their queue (newest first, paged), marking a message handled (idempotent,
// in the audit log), and a member's own messages in their export and deletion.
import { randomBytes } from 'node:crypto';
import type { AuditEntry, ContactMessage, ContactReceipt } from '@antiquarium/contracts';
import { createUser, grantModerator, uniqueTag, type TestUser } from './support/auth';
import { contactCollection, moderationCollection, objectId } from './support/db';
import { RATE_LIMITED_API_URL, RATE_LIMITED_TWIN_URL } from './support/env';
import { api, expectApiError, expectStatus, newClientAddress, nextLink, pageHeaders } from './support/http';

let member: TestUser;
let moderatorA: TestUser;
let moderatorB: TestUser;

beforeAll(async () => {
  member = await createUser();
  moderatorA = await grantModerator(await createUser());
  moderatorB = await grantModerator(await createUser());
});

function contact(body: unknown, token?: string, base = '', headers?: Record<string, string>) {
  return api<ContactReceipt>(`${base}/contact`, { method: 'POST', token, body, headers });
}

/** A message with a tag of its own in every field, so the test can find what was stored. */
function messageFor(tag: string) {
  return { name: `Ada ${tag}`, email: `${tag}@example.org`, message: `Where was the astrolabe ${tag} found?` };
}

async function send(body: unknown, token?: string): Promise<ContactReceipt> {
  const answer = await contact(body, token);
  expectStatus(answer, 201);
  return answer.body;
}

async function inbox(query: string, token = moderatorA.token) {
  const answer = await api<ContactMessage[]>(`/moderation/contact${query}`, { token });
  expectStatus(answer, 200);
  return answer;
}

/** The message with this id in the inbox's list of one status (searched page by page). */
async function inInbox(id: string, status: 'open' | 'handled'): Promise<ContactMessage | undefined> {
  for (let page = 1; page < 50; page += 1) {
    const answer = await inbox(`?status=${status}&limit=100&page=${page}`);
    const found = answer.body.find((item) => item.id === id);
    if (found || answer.body.length < 100) return found;
  }
  return undefined;
}

describe('POST /contact', () => {
  test('a visitor’s message is stored trimmed and answered 201 { id, receivedAt }; a member’s carries their uid', async () => {
    const tag = uniqueTag('contact');
    const input = messageFor(tag);
    const receipt = await send({ name: `  ${input.name} `, email: ` ${input.email}\n`, message: `\n${input.message}\t` });
    expect(receipt).toEqual({ id: expect.stringMatching(/^[0-9a-f]{24}$/), receivedAt: expect.any(String) });
    expect(Math.abs(Date.parse(receipt.receivedAt) - Date.now())).toBeLessThan(60_000);
    const stored = await (await contactCollection()).findOne({ _id: objectId(receipt.id) });
    expect(stored).toEqual({ _id: objectId(receipt.id), ...input, receivedAt: new Date(receipt.receivedAt), status: 'open' });

    const mine = await send(messageFor(uniqueTag('contact')), member.token);
    expect((await (await contactCollection()).findOne({ _id: objectId(mine.id) }))?.['senderUid']).toBe(member.uid);
    // A token, when sent, must be a valid one.
    expectApiError(await contact(messageFor(uniqueTag('contact')), 'not-a-token'), 401);
  });

  test('bad input is a 400 naming the field with the form’s message; hostile input and unknown fields are refused; nothing is stored', async () => {
    const tag = uniqueTag('contact');
    const base = messageFor(tag);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: '' }, 'name', 'Name is required'],
      [{ name: '   ' }, 'name', 'Name is required'],
      [{ name: undefined }, 'name', 'Name is required'],
      [{ email: '' }, 'email', 'Email is required'],
      [{ email: 'ada@example' }, 'email', 'Enter a valid email address'],
      [{ email: 'ada lovelace@example.org' }, 'email', 'Enter a valid email address'],
      [{ message: ' \n ' }, 'message', 'Message is required'],
      [{ name: 'x'.repeat(101) }, 'name', 'Name must be at most 100 characters'],
      [{ email: `${'a'.repeat(243)}@example.org` }, 'email', 'Email must be at most 254 characters'],
      [{ message: 'x'.repeat(5001) }, 'message', 'Message must be at most 5000 characters'],
      [{ message: `bad\u0000text ${tag}` }, 'message', 'Message contains invalid characters'],
      [{ name: `hidden\u202Etext` }, 'name', 'Name must not contain characters that change the reading direction'],
      [{ name: '\u200B\u200D' }, 'name', 'Name must contain visible characters'],
      [{ email: { $gt: '' } }, 'email', 'Email must be text'],
      [{ $where: 'sleep(1000)' }, '$where', 'Unknown field'],
      [{ senderUid: member.uid }, 'senderUid', 'Unknown field'],
      [{ status: 'handled', handledBy: 'me' }, 'status', 'Unknown field'],
    ];
    for (const [overrides, field, message] of cases) {
      const error = expectApiError(await contact({ ...base, ...overrides }), 400);
      expect({ overrides, fields: error.fields }).toEqual({ overrides, fields: expect.objectContaining({ [field]: message }) });
      expect({ overrides, message: error.message }).toEqual({ overrides, message: expect.stringContaining(field) });
    }
    // The exact 5000 characters are accepted: the limit is the form's, not less.
    const longest = await send({ ...messageFor(uniqueTag('contact')), message: 'x'.repeat(5000) });
    expect((await (await contactCollection()).findOne({ _id: objectId(longest.id) }))?.['message']).toHaveLength(5000);

    const body = JSON.stringify(base);
    for (const rawBody of ['[1,2]', 'null', '"text"', `{"__proto__": {"status": "handled"}, ${body.slice(1)}`, `{"constructor": {"prototype": {"polluted": true}}, ${body.slice(1)}`]) {
      expectApiError(await api('/contact', { method: 'POST', rawBody }), 400);
    }
    expectApiError(await api('/contact', { method: 'POST' }), 400);
    const stored = await (await contactCollection()).countDocuments({ $or: [{ email: base.email }, { name: base.name }] });
    expect(stored).toBe(0);
  });

  test('an address that would add to the reply (a query, an escape, a second recipient) is a 400 and nothing is stored (issue 45)', async () => {
    const tag = uniqueTag('smuggled');
    const addresses = ['x@y.z?bcc=a@b.c&body=hi', `${tag}@example.org?body=Hello&subject=Urgent`, `${tag}@example.org?cc=eve%40evil.example`, `${tag},eve@evil.example`, `<${tag}@example.org>`];
    for (const email of addresses) {
      const error = expectApiError(await contact({ ...messageFor(tag), email }), 400);
      expect({ email, fields: error.fields, message: error.message }).toEqual({ email, fields: { email: 'Enter a valid email address' }, message: 'email: Enter a valid email address' });
    }
    expect(await (await contactCollection()).countDocuments({ name: messageFor(tag).name })).toBe(0);
  });

  test('messages have their own budget per client address (429 past it, before the body is read), another address is not affected', async () => {
    const one = newClientAddress();
    const other = newClientAddress();
    const sendFrom = (address: string, base = RATE_LIMITED_API_URL) => contact(messageFor(uniqueTag('limited')), undefined, base, { 'x-forwarded-for': address });
    // CONTACT_RATE_LIMIT is 3 on the low-limit apis (scripts/test.mjs).
    for (let i = 0; i < 3; i += 1) expectStatus(await sendFrom(one), 201);
    const refused = await sendFrom(one);
    expectApiError(refused, 429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // Counted before the body is read: a bad body past the budget is a 429 too, and nothing is stored.
    const tag = uniqueTag('limited');
    expectApiError(await contact({ ...messageFor(tag), name: '' }, undefined, RATE_LIMITED_API_URL, { 'x-forwarded-for': one }), 429);
    expectApiError(await contact(messageFor(tag), undefined, RATE_LIMITED_API_URL, { 'x-forwarded-for': one }), 429);
    expect(await (await contactCollection()).countDocuments({ email: messageFor(tag).email })).toBe(0);
    expectStatus(await sendFrom(other), 201);
    // The budget is shared by the instances (counters in Redis).
    expectApiError(await sendFrom(one, RATE_LIMITED_TWIN_URL), 429);
  });
});

describe('the moderators’ inbox', () => {
  test.each([
    ['GET', '/moderation/contact'],
    ['GET', '/moderation/contact?status=handled'],
    ['POST', `/moderation/contact/${'a'.repeat(24)}/handled`],
    ['POST', `/moderation/contact/${'a'.repeat(24)}/replies`],
  ] as const)('%s %s: 401 signed out, 403 for a member, a moderator passes', async (method, path) => {
    expectApiError(await api(path, { method }), 401);
    expect(expectApiError(await api(path, { method, token: member.token }), 403).message).toMatch(/moderators/);
    const asModerator = await api(path, { method, token: moderatorA.token });
    // Past the guard: the list answers, an id that names nothing is a 404 (a reply without its text, a 400).
    expect([200, 404, ...(path.endsWith('/replies') ? [400] : [])]).toContain(asModerator.status);
  });

  test('open messages newest first, paged with the headers of the other moderation lists; limit and status bounded', async () => {
    const inputs = [0, 1, 2].map((i) => messageFor(uniqueTag(`inbox-${i}`)));
    const sent: ContactReceipt[] = [];
    for (const input of inputs) sent.push(await send(input));
    const all = await inbox('?status=open&limit=100');
    const order = all.body.map((item) => item.id);
    // Newest first: the last sent comes first (the spec files run one at a time: nothing came after).
    expect(order.slice(0, 3)).toEqual(sent.map((receipt) => receipt.id).reverse());
    expect(all.body.map((item) => item.receivedAt)).toEqual([...all.body.map((item) => item.receivedAt)].sort().reverse());
    expect(await inInbox(sent[2]!.id, 'open')).toEqual({ id: sent[2]!.id, ...inputs[2], receivedAt: sent[2]!.receivedAt, status: 'open' });
    // The default status is open.
    expect((await inbox('?limit=100')).body.map((item) => item.id)).toEqual(order);

    const first = await inbox('?status=open&limit=1');
    const headers = pageHeaders(first);
    expect(headers).toEqual({ total: expect.any(Number), page: 1, pageSize: 1, nextPage: 2, link: expect.stringContaining('page=2') });
    expect(headers.total).toBeGreaterThanOrEqual(3);
    expect(first.body).toHaveLength(1);
    const second = await api<ContactMessage[]>(nextLink(headers.link)!, { token: moderatorA.token });
    expectStatus(second, 200);
    expect(pageHeaders(second)).toEqual(expect.objectContaining({ page: 2, pageSize: 1 }));
    expect(second.body[0]?.id).not.toBe(first.body[0]?.id);

    for (const query of ['?status=closed', '?status=OPEN', '?status=open&status=handled', '?limit=101', '?limit=0', '?page=0', '?limit=x']) {
      expectApiError(await api(`/moderation/contact${query}`, { token: moderatorA.token }), 400);
    }
  });

  test('marking a message handled: 200 with when and by whom, it moves to the handled list, the audit log has it; again (by anyone) answers the stored state', async () => {
    const { id } = await send(messageFor(uniqueTag('handled')));
    const marked = await api<ContactMessage>(`/moderation/contact/${id}/handled`, { method: 'POST', token: moderatorA.token });
    expectStatus(marked, 200);
    expect(marked.body).toEqual(expect.objectContaining({ id, status: 'handled', handledAt: expect.any(String), handledBy: moderatorA.uid }));
    expect(await inInbox(id, 'open')).toBeUndefined();
    expect(await inInbox(id, 'handled')).toEqual(marked.body);
    const stored = await (await contactCollection()).findOne({ _id: objectId(id) });
    expect(stored).toEqual(expect.objectContaining({ status: 'handled', handledAt: new Date(marked.body.handledAt!), handledBy: moderatorA.uid }));

    const again = await api<ContactMessage>(`/moderation/contact/${id}/handled`, { method: 'POST', token: moderatorB.token });
    expectStatus(again, 200);
    expect(again.body).toEqual(marked.body);

    const audit = await (await moderationCollection('moderation_audit')).find({ target: `contact:${id}` }).toArray();
    expect(audit).toEqual([expect.objectContaining({ actorUid: moderatorA.uid, action: 'contact:handled', target: `contact:${id}` })]);
    const log = await api<AuditEntry[]>('/moderation/audit?limit=100', { token: moderatorA.token });
    expect(log.body.some((entry) => entry.target === `contact:${id}` && entry.action === 'contact:handled')).toBe(true);
  });

  test('an unknown or malformed id is a 404, as on the other moderation routes', async () => {
    expectApiError(await api(`/moderation/contact/${'0'.repeat(8)}${randomBytes(8).toString('hex')}/handled`, { method: 'POST', token: moderatorA.token }), 404);
    for (const id of ['not-an-id', 'A'.repeat(24), '1'.repeat(25), '%24gt']) {
      expectApiError(await api(`/moderation/contact/${id}/handled`, { method: 'POST', token: moderatorA.token }), 404);
    }
  });
});

describe("members' rights", () => {
  test('the export holds the messages a member sent signed in (not who handled them); deleting the account deletes them, a visitor’s stay', async () => {
    const person = await createUser();
    const mine = await send(messageFor(uniqueTag('mine')), person.token);
    const handled = await send(messageFor(uniqueTag('mine')), person.token);
    expectStatus(await api(`/moderation/contact/${handled.id}/handled`, { method: 'POST', token: moderatorA.token }), 200);
    const visitors = await send({ ...messageFor(uniqueTag('visitor')), email: person.email });

    const exported = await api<Record<string, unknown>>('/me/export', { token: person.token });
    expectStatus(exported, 200);
    const messages = exported.body['contactMessages'] as ContactMessage[];
    expect(messages.map((item) => item.id).sort()).toEqual([mine.id, handled.id].sort());
    expect(messages.find((item) => item.id === handled.id)).toEqual(expect.objectContaining({ status: 'handled', handledAt: expect.any(String) }));
    expect(JSON.stringify(messages)).not.toContain(moderatorA.uid);

    const deleted = await api('/me', { method: 'DELETE', token: person.token, body: { contributions: 'anonymize', confirmEmail: person.email } });
    expectStatus(deleted, 200);
    const left = await (await contactCollection()).find({ _id: { $in: [mine.id, handled.id, visitors.id].map(objectId) } }).toArray();
    expect(left.map((doc) => String(doc['_id']))).toEqual([visitors.id]);
    expect(JSON.stringify(left)).not.toContain(person.uid);
  });
});
