// Notice and action over real HTTP (docs/decisions/0012-moderation.md): notices from anyone with a
// receipt, the moderators' queue and decisions, restriction hiding an artifact from every list and
// instance while its contributor still sees it, statements of reasons, appeals decided by another
// moderator within six months, misuse measures, the audit log and the public figures.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import {
  MISUSE_THRESHOLDS,
  type AppealView,
  type Artifact,
  type ArtifactFacets,
  type AuditEntry,
  type DecisionView,
  type MisuseCase,
  type QueueEntry,
  type ReportReceipt,
  type ReportView,
  type StatementOfReasons,
  type TransparencyReport,
} from '@antiquarium/contracts';
import { FORMER_MEMBER_UID } from '../src/members/former-member';
import { createArtifact } from './support/artifacts';
import { createUser, grantClaims, grantModerator, uniqueTag, type TestUser } from './support/auth';
import { moderationCollection, objectId, storedArtifact } from './support/db';
import { AUTH_EMULATOR_HOST, RATE_LIMITED_API_URL, RATE_LIMITED_TWIN_URL } from './support/env';
import { api, expectApiError, expectStatus, newClientAddress, pageHeaders } from './support/http';

let contributor: TestUser;
let member: TestUser;
let moderatorA: TestUser;
let moderatorB: TestUser;

beforeAll(async () => {
  contributor = await createUser();
  member = await createUser();
  moderatorA = await grantModerator(await createUser());
  moderatorB = await grantModerator(await createUser());
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function report(artifactId: string, overrides: Record<string, unknown> = {}, token?: string, base = '') {
  return api<ReportReceipt>(`${base}/reports`, {
    method: 'POST',
    token,
    body: { artifactId, reason: 'spam', details: 'Advertises a shop', goodFaith: true, ...overrides },
  });
}

async function sendReport(artifactId: string, overrides: Record<string, unknown> = {}, token?: string): Promise<ReportReceipt> {
  const answer = await report(artifactId, overrides, token);
  expectStatus(answer, 201);
  return answer.body;
}

async function decide(moderator: TestUser, body: Record<string, unknown>): Promise<DecisionView> {
  const answer = await api<DecisionView>('/moderation/decisions', { method: 'POST', token: moderator.token, body: { ground: 'spam', facts: 'Checked by hand', reportIds: [], ...body } });
  expectStatus(answer, 201);
  return answer.body;
}

async function queueEntry(artifactId: string): Promise<QueueEntry | undefined> {
  for (let page = 1; page < 50; page += 1) {
    const answer = await api<QueueEntry[]>(`/moderation/reports?status=open&limit=100&page=${page}`, { token: moderatorA.token });
    expectStatus(answer, 200);
    const found = answer.body.find((entry) => entry.artifactId === artifactId);
    if (found || answer.body.length < 100) return found;
  }
  return undefined;
}

/** Where an artifact is seen by a caller: list by search word, facets, the home list, details. */
async function visibility(id: string, word: string, token?: string, base = '') {
  const headers = base ? { 'x-forwarded-for': newClientAddress() } : undefined;
  const list = await api<Artifact[]>(`${base}/artifacts?search=${word}`, { token, headers });
  expectStatus(list, 200);
  const facets = await api<ArtifactFacets>(`${base}/artifacts/facets?search=${word}`, { token, headers });
  expectStatus(facets, 200);
  const home = await api<Artifact[]>(`${base}/artifacts?sort=latest&limit=8`, { token, headers });
  expectStatus(home, 200);
  const details = await api<Artifact>(`${base}/artifacts/${id}`, { token, headers });
  return {
    inList: list.body.some((artifact) => artifact._id === id),
    inFacets: facets.body.total,
    inHome: home.body.some((artifact) => artifact._id === id),
    details: details.status,
  };
}

describe('roles', () => {
  test.each([
    ['GET', '/moderation/reports?status=open'],
    ['POST', '/moderation/decisions'],
    ['GET', '/moderation/appeals'],
    ['POST', `/moderation/appeals/${'a'.repeat(24)}/decision`],
    ['GET', '/moderation/cases'],
    ['GET', '/moderation/audit'],
  ] as const)('%s %s: 401 signed out, 403 for a member, a moderator passes', async (method, path) => {
    expectApiError(await api(path, { method, body: method === 'POST' ? {} : undefined }), 401);
    expect(expectApiError(await api(path, { method, token: member.token, body: method === 'POST' ? {} : undefined }), 403).message).toMatch(/moderators/);
    const asModerator = await api(path, { method, token: moderatorA.token, body: method === 'POST' ? {} : undefined });
    // Past the guard: the empty body is refused for what it is, reads answer.
    expect([200, 400]).toContain(asModerator.status);
  });
});

describe('npm run roles', () => {
  const ROLES = path.resolve(__dirname, '../../scripts/roles.mjs');
  const roles = (...args: string[]) =>
    promisify(execFile)(process.execPath, [ROLES, ...args], { env: { ...process.env, FIREBASE_AUTH_EMULATOR_HOST: AUTH_EMULATOR_HOST } }).then(
      ({ stdout }) => ({ code: 0, out: stdout }),
      (error: { code?: number; stderr?: string }) => ({ code: error.code ?? 1, out: error.stderr ?? '' }),
    );
  test('grant and revoke the moderator role by email, keeping other roles; the next token carries it', async () => {
    const person = await createUser();
    await grantClaims(person, { operator: true });
    const granted = await roles('grant', 'moderator', person.email);
    expect(granted).toEqual({ code: 0, out: expect.stringContaining(`${person.email} is now a moderator`) });
    const answer = await api('/moderation/reports?status=open', { token: (await signInAgain(person)).token });
    expectStatus(answer, 200);
    expect(await roles('revoke', 'moderator', person.email)).toEqual({ code: 0, out: expect.stringContaining('is no longer a moderator') });
    expectApiError(await api('/moderation/reports?status=open', { token: (await signInAgain(person)).token }), 403);
    // The operator claim set before is still there.
    expectStatus(await api('/releases', { token: (await signInAgain(person)).token }), 200);
  });

  test('usage, an unknown role and an unknown member are refused with their cause', async () => {
    expect(await roles('grant', 'moderator')).toEqual({ code: 1, out: expect.stringMatching(/usage: npm run roles -- grant\|revoke moderator\|operator <email>/) });
    expect(await roles('grant', 'admin', 'a@example.org')).toEqual({ code: 1, out: expect.stringContaining('no role "admin"') });
    expect(await roles('grant', 'moderator', `nobody-${uniqueTag()}@example.org`)).toEqual({ code: 1, out: expect.stringContaining('no member with the email') });
  });
});

/** A new ID token for the member (the emulator's sign-in), carrying their claims as they are now. */
async function signInAgain(user: TestUser): Promise<TestUser> {
  const response = await fetch(`http://${AUTH_EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: user.email, password: user.password, returnSecureToken: true }),
  });
  const body = (await response.json()) as { idToken?: string };
  if (!body.idToken) throw new Error(`sign-in answered ${response.status}`);
  return { ...user, token: body.idToken };
}

describe("members' rights", () => {
  test('the export holds the notices sent and received and the appeals; deletion keeps only what the law needs', async () => {
    const person = await createUser();
    const { id: theirs } = await createArtifact(contributor);
    const { id: mine } = await createArtifact(person);
    const sent = await sendReport(theirs, { reason: 'privacy', details: 'My neighbour’s house' }, person.token);
    const decision = await decide(moderatorA, { artifactId: mine, action: 'restrict', ground: 'rule-4', facts: 'Shows a private address' });
    const appeal = await api<AppealView>('/appeals', { method: 'POST', token: person.token, body: { decisionId: decision.id, text: 'The address is blurred' } });
    expectStatus(appeal, 201);
    const exported = await api<Record<string, unknown>>('/me/export', { token: person.token });
    expectStatus(exported, 200);
    const notices = exported.body['notices'] as { sent: ReportView[]; received: StatementOfReasons[] };
    expect(notices.sent.map((item) => item.id)).toEqual([sent.id]);
    expect(notices.received.map((item) => item.decisionId)).toEqual([decision.id]);
    expect((exported.body['appeals'] as AppealView[]).map((item) => item.id)).toEqual([appeal.body.id]);

    const deleted = await api('/me', { method: 'DELETE', token: person.token, body: { contributions: 'anonymize', confirmEmail: person.email } });
    expectStatus(deleted, 200);
    const report = await (await moderationCollection('moderation_reports')).findOne({ _id: objectId(sent.id) });
    expect(report).toEqual(expect.objectContaining({ reason: 'privacy', details: '' }));
    expect(report?.['reporterUid']).toBeUndefined();
    const kept = await (await moderationCollection('moderation_decisions')).findOne({ _id: objectId(decision.id) });
    expect(kept).toEqual(expect.objectContaining({ action: 'restrict', ground: 'rule-4', contributorUid: FORMER_MEMBER_UID }));
    const appealLeft = await (await moderationCollection('moderation_appeals')).findOne({ _id: objectId(appeal.body.id) });
    expect(appealLeft).toEqual(expect.objectContaining({ text: '', messages: [] }));
    expect(JSON.stringify([report, kept, appealLeft])).not.toContain(person.uid);
  });
});

describe('POST /reports', () => {
  test('a visitor reports and follows the notice with the receipt; a wrong receipt is a 404 like an unknown id', async () => {
    const { id } = await createArtifact(contributor);
    const sent = await sendReport(id, { reason: 'copyright', details: 'This is my photograph', email: 'owner@test.antiquarium.example' });
    expect(sent).toEqual({ id: expect.stringMatching(/^[0-9a-f]{24}$/), receipt: expect.any(String), receivedAt: expect.any(String) });
    const followed = await api<ReportView>(`/reports/${sent.id}?receipt=${encodeURIComponent(sent.receipt)}`);
    expectStatus(followed, 200);
    expect(followed.body).toEqual(expect.objectContaining({ id: sent.id, artifactId: id, reason: 'copyright', status: 'open', outcome: null }));
    expectApiError(await api(`/reports/${sent.id}?receipt=${sent.receipt.slice(0, -2)}xx`), 404);
    expectApiError(await api(`/reports/${sent.id}`), 400);
    expectApiError(await api(`/reports/${'b'.repeat(24)}?receipt=${encodeURIComponent(sent.receipt)}`), 404);
    // The receipt is never stored, only its hash; the visitor's address is.
    const stored = await (await moderationCollection('moderation_reports')).findOne({ _id: objectId(sent.id) });
    expect(JSON.stringify(stored)).not.toContain(sent.receipt);
  });

  test("a member's notice is linked to them (GET /me/reports), a visitor's is not", async () => {
    const { id } = await createArtifact(contributor);
    const mine = await sendReport(id, { reason: 'wrong-information', details: '' }, member.token);
    const answer = await api<ReportView[]>('/me/reports', { token: member.token });
    expectStatus(answer, 200);
    expect(answer.body.map((item) => item.id)).toContain(mine.id);
    expect(pageHeaders(answer).total).toBeGreaterThanOrEqual(1);
    expectApiError(await api('/me/reports'), 401);
  });

  test('unknown artifact 404; bad input 400 naming the field; hostile text refused and never stored', async () => {
    const { id } = await createArtifact(contributor);
    expectApiError(await report(`00000001${randomBytes(8).toString('hex')}`), 404);
    const cases: [Record<string, unknown>, string][] = [
      [{ reason: 'copyright', details: '' }, 'details'],
      [{ reason: 'illegal-trade', details: undefined }, 'details'],
      [{ reason: 'privacy', details: '   ' }, 'details'],
      [{ reason: 'looks-bad' }, 'reason'],
      [{ goodFaith: false }, 'goodFaith'],
      [{ goodFaith: 'yes' }, 'goodFaith'],
      [{ email: 'not an email' }, 'email'],
      [{ artifactId: 'not-an-id' }, 'artifactId'],
      [{ details: 'x'.repeat(2001) }, 'details'],
      [{ details: `bad\u0000text` }, 'details'],
      [{ details: `hidden\u202Etext` }, 'details'],
      [{ $where: 'sleep(1000)' }, '$where'],
    ];
    for (const [overrides, field] of cases) {
      const error = expectApiError(await report(overrides['artifactId'] ? String(overrides['artifactId']) : id, overrides), 400);
      expect({ overrides, fields: error.fields }).toEqual({ overrides, fields: expect.objectContaining({ [field]: expect.any(String) }) });
    }
    expectApiError(await api('/reports', { method: 'POST', rawBody: '[1,2]' }), 400);
    const stored = await (await moderationCollection('moderation_reports')).countDocuments({ artifactId: id });
    expect(stored).toBe(0);
  });

  test('notices have their own budget per client address (429 past it), another address is not affected', async () => {
    const { id } = await createArtifact(contributor);
    const one = newClientAddress();
    const other = newClientAddress();
    const send = (address: string) => api(`${RATE_LIMITED_API_URL}/reports`, { method: 'POST', headers: { 'x-forwarded-for': address }, body: { artifactId: id, reason: 'spam', goodFaith: true } });
    // REPORT_RATE_LIMIT is 3 on the low-limit apis (scripts/test.mjs).
    for (let i = 0; i < 3; i += 1) expectStatus(await send(one), 201);
    const refused = await send(one);
    expectApiError(refused, 429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expectStatus(await send(other), 201);
    // The budget is shared by the instances (counters in Redis).
    expectApiError(await api(`${RATE_LIMITED_TWIN_URL}/reports`, { method: 'POST', headers: { 'x-forwarded-for': one }, body: { artifactId: id, reason: 'spam', goodFaith: true } }), 429);
  });
});

describe('the queue', () => {
  test('open notices grouped by artifact, with count, reasons, the content and earlier decisions, oldest first', async () => {
    const { id, input } = await createArtifact(contributor);
    const { id: second } = await createArtifact(contributor);
    const first = await sendReport(id, { reason: 'spam', details: '' });
    await sendReport(id, { reason: 'human-remains', details: 'A skull' }, member.token);
    await sendReport(second, { reason: 'spam', details: '' });
    // An earlier decision on the contributor's other artifact shows beside this one.
    const { id: earlier } = await createArtifact(contributor);
    const earlierDecision = await decide(moderatorA, { artifactId: earlier, action: 'keep' });
    const entry = await queueEntry(id);
    expect(entry).toEqual(
      expect.objectContaining({
        artifactId: id,
        count: 2,
        reasons: { spam: 1, 'human-remains': 1 },
        artifact: expect.objectContaining({ name: input.name, shortDescription: input.shortDescription, moderation: null }),
      }),
    );
    expect(entry?.reports.map((item) => item.id)[0]).toBe(first.id);
    expect(entry?.contributorDecisions.map((decision) => decision.id)).toContain(earlierDecision.id);
    // Oldest first: the artifact reported first comes before the one reported after it.
    const all = await api<QueueEntry[]>('/moderation/reports?status=open&limit=100', { token: moderatorA.token });
    const order = all.body.map((item) => item.artifactId);
    if (order.includes(second)) expect(order.indexOf(id)).toBeLessThan(order.indexOf(second));
    expect(all.body.map((item) => item.oldestAt)).toEqual([...all.body.map((item) => item.oldestAt)].sort());
    expectApiError(await api('/moderation/reports?status=closed', { token: moderatorA.token }), 400);
  });

  test('a decision names open notices about this artifact only; bad input 400 naming the field', async () => {
    const { id } = await createArtifact(contributor);
    const { id: other } = await createArtifact(contributor);
    const elsewhere = await sendReport(other);
    const bad = (body: Record<string, unknown>) => api('/moderation/decisions', { method: 'POST', token: moderatorA.token, body: { artifactId: id, action: 'restrict', ground: 'spam', facts: 'x', reportIds: [], ...body } });
    expect(expectApiError(await bad({ reportIds: [elsewhere.id] }), 400).fields).toHaveProperty('reportIds');
    expect(expectApiError(await bad({ action: 'ban' }), 400).fields).toHaveProperty('action');
    expect(expectApiError(await bad({ ground: 'rule-99' }), 400).fields).toHaveProperty('ground');
    expect(expectApiError(await bad({ facts: '' }), 400).fields).toHaveProperty('facts');
    expectApiError(await bad({ artifactId: `00000001${randomBytes(8).toString('hex')}` }), 404);
    expect((await storedArtifact(id))?.['moderation']).toBeUndefined();
  });
});

describe('restrict, statements of reasons, appeals', () => {
  test('restrict hides the artifact from every list, search, facet, home list and instance, details 404 for others; the contributor still sees it; a second moderator reverses on appeal and it is back everywhere', async () => {
    const word = uniqueTag('mod');
    const { id } = await createArtifact(contributor, { name: `Amphora ${word}` });
    const before = await visibility(id, word);
    expect(before).toEqual({ inList: true, inFacets: 1, inHome: true, details: 200 });
    const sent = await sendReport(id, { reason: 'illegal-trade', details: 'Offered for sale elsewhere' });
    const notifier = await sendReport(id, { reason: 'spam', details: '' }, member.token);

    const decision = await decide(moderatorA, { artifactId: id, action: 'restrict', ground: 'rule-2', facts: 'The text prices the object', reportIds: [sent.id, notifier.id] });
    // Hidden for visitors and other members, on this instance at once.
    expect(await visibility(id, word)).toEqual({ inList: false, inFacets: 0, inHome: false, details: 404 });
    expect(await visibility(id, word, member.token)).toEqual({ inList: false, inFacets: 0, inHome: false, details: 404 });
    // ... and on another instance within 2 s (the change travels on the Redis channel).
    const deadline = Date.now() + 2000;
    let elsewhere = await visibility(id, word, undefined, RATE_LIMITED_TWIN_URL);
    while ((elsewhere.inList || elsewhere.inHome || elsewhere.details !== 404) && Date.now() < deadline) {
      await pause(100);
      elsewhere = await visibility(id, word, undefined, RATE_LIMITED_TWIN_URL);
    }
    expect(elsewhere).toEqual({ inList: false, inFacets: 0, inHome: false, details: 404 });
    // The contributor and moderators still see it, marked.
    const own = await api<Artifact>(`/artifacts/${id}`, { token: contributor.token });
    expectStatus(own, 200);
    expect(own.body.moderation).toBe('restricted');
    expect((await api<Artifact>(`/artifacts/${id}`, { token: moderatorB.token })).body.moderation).toBe('restricted');
    // Nobody else can report or like what they cannot see.
    expectApiError(await report(id), 404);
    expectApiError(await api(`/artifacts/toggle-like/${id}`, { method: 'PATCH', token: member.token }), 404);

    // The statement of reasons.
    const notices = await api<StatementOfReasons[]>('/me/notices', { token: contributor.token });
    expectStatus(notices, 200);
    const statement = notices.body.find((item) => item.decisionId === decision.id);
    expect(statement).toEqual(
      expect.objectContaining({
        artifactId: id,
        action: 'restrict',
        facts: 'The text prices the object',
        ground: 'rule-2',
        groundText: expect.stringMatching(/^Terms, rule 2:/),
        decidedByPerson: true,
        automation: expect.stringMatching(/no automated means/),
        duration: expect.stringMatching(/reversed/),
      }),
    );
    const decidedAt = Date.parse(decision.decidedAt);
    const appealBy = new Date(statement!.appeal.deadline);
    expect(appealBy.getUTCMonth()).toBe((new Date(decidedAt).getUTCMonth() + 6) % 12);
    expect((await api<StatementOfReasons[]>('/me/notices', { token: member.token })).body.some((item) => item.decisionId === decision.id)).toBe(false);
    // Notifiers see the outcome of their notice.
    const outcome = await api<ReportView>(`/reports/${sent.id}?receipt=${encodeURIComponent(sent.receipt)}`);
    expect(outcome.body).toEqual(expect.objectContaining({ status: 'decided', outcome: expect.objectContaining({ action: 'restrict', ground: 'rule-2', reversed: false }) }));
    expect((await api<ReportView[]>('/me/reports', { token: member.token })).body.find((item) => item.id === notifier.id)?.outcome?.action).toBe('restrict');
    expect(await queueEntry(id)).toBeUndefined();

    // The appeal: only the contributor (a notifier only against a keep).
    expectApiError(await api('/appeals', { method: 'POST', token: member.token, body: { decisionId: decision.id, text: 'Mine too' } }), 403);
    expectApiError(await api('/appeals', { method: 'POST', body: { decisionId: decision.id, text: 'Anyone' } }), 401);
    const appealAnswer = await api<AppealView>('/appeals', { method: 'POST', token: contributor.token, body: { decisionId: decision.id, text: 'The price was the auction record of 1901' } });
    expectStatus(appealAnswer, 201);
    const appeal = appealAnswer.body;
    expectApiError(await api('/appeals', { method: 'POST', token: contributor.token, body: { decisionId: decision.id, text: 'Again' } }), 400);
    // A reply thread between the appellant and the moderators; nobody else reads it.
    expectStatus(await api(`/appeals/${appeal.id}/messages`, { method: 'POST', token: moderatorB.token, body: { text: 'Which auction?' } }), 201);
    expectStatus(await api(`/appeals/${appeal.id}/messages`, { method: 'POST', token: contributor.token, body: { text: 'Sotheby’s, lot 12' } }), 201);
    const thread = await api<AppealView>(`/appeals/${appeal.id}`, { token: contributor.token });
    expect(thread.body.messages.map((message) => message.from)).toEqual(['moderator', 'appellant']);
    expectApiError(await api(`/appeals/${appeal.id}`, { token: member.token }), 404);
    expect(statusOf(await api<StatementOfReasons[]>('/me/notices', { token: contributor.token }), decision.id)).toBe(appeal.id);
    // Until the appeal is decided the artifact stays as decided.
    expect((await visibility(id, word)).details).toBe(404);
    const queue = await api<AppealView[]>('/moderation/appeals', { token: moderatorB.token });
    expect(queue.body.map((item) => item.id)).toContain(appeal.id);

    // The moderator who decided may not review it.
    const same = await api(`/moderation/appeals/${appeal.id}/decision`, { method: 'POST', token: moderatorA.token, body: { outcome: 'reversed', reasons: 'I was wrong' } });
    expect(expectApiError(same, 403).message).toMatch(/other than the one who decided/);
    expect((await visibility(id, word)).details).toBe(404);
    const reversed = await api<AppealView>(`/moderation/appeals/${appeal.id}/decision`, { method: 'POST', token: moderatorB.token, body: { outcome: 'reversed', reasons: 'A historical record, not an offer' } });
    expectStatus(reversed, 200);
    expect(reversed.body.decision).toEqual(expect.objectContaining({ outcome: 'reversed', reasons: 'A historical record, not an offer' }));
    expectApiError(await api(`/moderation/appeals/${appeal.id}/decision`, { method: 'POST', token: moderatorB.token, body: { outcome: 'upheld', reasons: 'Twice' } }), 400);

    // Back everywhere, on every instance.
    expect(await visibility(id, word)).toEqual({ inList: true, inFacets: 1, inHome: true, details: 200 });
    const back = Date.now() + 2000;
    let twin = await visibility(id, word, undefined, RATE_LIMITED_TWIN_URL);
    while (!(twin.inList && twin.details === 200) && Date.now() < back) {
      await pause(100);
      twin = await visibility(id, word, undefined, RATE_LIMITED_TWIN_URL);
    }
    expect(twin).toEqual({ inList: true, inFacets: 1, inHome: true, details: 200 });
    expect((await api<Artifact>(`/artifacts/${id}`)).body.moderation).toBeUndefined();
    expect((await api<ReportView>(`/reports/${sent.id}?receipt=${encodeURIComponent(sent.receipt)}`)).body.outcome?.reversed).toBe(true);

    // Every step is in the audit log: who, when, what, why.
    const audit = await api<AuditEntry[]>('/moderation/audit?limit=100', { token: moderatorA.token });
    const actions = audit.body.filter((entry) => entry.target === `artifact:${id}` || entry.target === `appeal:${appeal.id}` || entry.target === `decision:${decision.id}`);
    expect(actions).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ actorUid: moderatorA.uid, action: 'decision:restrict', why: expect.stringContaining('rule-2') }),
        expect.objectContaining({ actorUid: contributor.uid, action: 'appeal:open' }),
        expect.objectContaining({ actorUid: moderatorB.uid, action: 'appeal:reversed', why: 'A historical record, not an offer' }),
        expect.objectContaining({ actorUid: moderatorB.uid, action: 'decision:reversed' }),
      ]),
    );
  });

  test('remove takes the artifact out of public view and keeps the document for the appeal', async () => {
    const word = uniqueTag('rem');
    const { id } = await createArtifact(contributor, { name: `Skull ${word}` });
    await decide(moderatorA, { artifactId: id, action: 'remove', ground: 'human-remains', facts: 'Remains shown for sale' });
    expect(await visibility(id, word)).toEqual({ inList: false, inFacets: 0, inHome: false, details: 404 });
    expect((await api<Artifact>(`/artifacts/${id}`, { token: contributor.token })).body.moderation).toBe('removed');
    expect(await storedArtifact(id)).toEqual(expect.objectContaining({ moderation: 'removed', name: `Skull ${word}` }));
  });

  test('appeals are open for six months after the decision, not a day more', async () => {
    const { id } = await createArtifact(contributor);
    const inside = await decide(moderatorA, { artifactId: id, action: 'restrict', ground: 'spam', facts: 'An advertisement' });
    const outside = await decide(moderatorA, { artifactId: id, action: 'restrict', ground: 'spam', facts: 'An advertisement again' });
    const decisions = await moderationCollection('moderation_decisions');
    const monthsAgo = (days: number) => {
      const date = new Date();
      date.setUTCMonth(date.getUTCMonth() - 6);
      return new Date(date.getTime() + days * 86_400_000);
    };
    await decisions.updateOne({ _id: objectId(inside.id) }, { $set: { decidedAt: monthsAgo(1) } });
    await decisions.updateOne({ _id: objectId(outside.id) }, { $set: { decidedAt: monthsAgo(-1) } });
    const late = await api('/appeals', { method: 'POST', token: contributor.token, body: { decisionId: outside.id, text: 'Too late?' } });
    expect(expectApiError(late, 400).fields).toHaveProperty('decisionId');
    expectStatus(await api('/appeals', { method: 'POST', token: contributor.token, body: { decisionId: inside.id, text: 'Just in time' } }), 201);
    expectApiError(await api('/appeals', { method: 'POST', token: contributor.token, body: { decisionId: `00000001${randomBytes(8).toString('hex')}`, text: 'Nothing' } }), 404);
    expect(expectApiError(await api('/appeals', { method: 'POST', token: contributor.token, body: { decisionId: inside.id, text: '' } }), 400).fields).toHaveProperty('text');
  });

  test('a notifier may appeal a decision to keep; upheld leaves it as it was', async () => {
    const { id } = await createArtifact(contributor);
    const notice = await sendReport(id, { reason: 'privacy', details: 'My house is in the photo' }, member.token);
    const kept = await decide(moderatorA, { artifactId: id, action: 'keep', ground: 'privacy', facts: 'No one can be identified', reportIds: [notice.id] });
    const appeal = await api<AppealView>('/appeals', { method: 'POST', token: member.token, body: { decisionId: kept.id, text: 'The house number shows' } });
    expectStatus(appeal, 201);
    expect(appeal.body.appellant).toBe('notifier');
    const upheld = await api<AppealView>(`/moderation/appeals/${appeal.body.id}/decision`, { method: 'POST', token: moderatorB.token, body: { outcome: 'upheld', reasons: 'The number is not legible' } });
    expectStatus(upheld, 200);
    expect((await api(`/artifacts/${id}`)).status).toBe(200);
  });
});

function statusOf(answer: { body: StatementOfReasons[] }, decisionId: string): string | null | undefined {
  return answer.body.find((item) => item.decisionId === decisionId)?.appeal.appealId;
}

describe('misuse', () => {
  test('a member whose artifacts are repeatedly removed is warned, then suspended: no writes, reads and deletes still work', async () => {
    const offender = await createUser();
    const { warnAt, suspendAt } = MISUSE_THRESHOLDS.removedArtifacts;
    const ids: string[] = [];
    for (let i = 0; i < suspendAt + 1; i += 1) ids.push((await createArtifact(offender)).id);
    const caseOf = async () => (await api<MisuseCase[]>('/moderation/cases?limit=100', { token: moderatorA.token })).body.find((item) => item.uid === offender.uid && item.kind === 'removedArtifacts');
    for (let i = 0; i < suspendAt; i += 1) {
      await decide(moderatorA, { artifactId: ids[i], action: 'remove', ground: 'rule-6', facts: `Spam ${i}` });
      if (i + 1 === warnAt) expect(await caseOf()).toEqual(expect.objectContaining({ level: 'warned', count: warnAt, suspendedUntil: null }));
    }
    const suspended = await caseOf();
    expect(suspended).toEqual(expect.objectContaining({ level: 'suspended', count: suspendAt, suspendedUntil: expect.any(String) }));
    expect(suspended?.history.map((entry) => entry.artifactId)).toEqual(ids.slice(0, suspendAt));
    expect(Date.parse(suspended!.suspendedUntil!)).toBeGreaterThan(Date.now() + 29 * 86_400_000);
    // Writes refused with the reason; reads, their notices and deleting their artifact still work.
    const refused = await api('/artifacts', { method: 'POST', token: offender.token, body: { name: 'x' } });
    expect(expectApiError(refused, 403).message).toMatch(/suspended/);
    expectApiError(await api(`/artifacts/toggle-like/${ids[suspendAt]}`, { method: 'PATCH', token: offender.token }), 403);
    expectApiError(await api(`/artifacts/${ids[suspendAt]}`, { method: 'PATCH', token: offender.token, body: { name: 'Renamed' } }), 403);
    const { id: someone } = await createArtifact(contributor);
    expectApiError(await report(someone, {}, offender.token), 403);
    expectStatus(await api('/artifacts', { token: offender.token }), 200);
    expectStatus(await api('/me/notices', { token: offender.token }), 200);
    expect((await api<MisuseCase[]>('/me/standing', { token: offender.token })).body[0]?.level).toBe('suspended');
    expectStatus(await api(`/artifacts/${ids[suspendAt]}`, { method: 'DELETE', token: offender.token }), 200);
  });

  test('a notifier whose notices are repeatedly manifestly unfounded is warned, then suspended', async () => {
    const notifier = await createUser();
    const { warnAt, suspendAt } = MISUSE_THRESHOLDS.unfoundedNotices;
    for (let i = 0; i < suspendAt; i += 1) {
      const { id } = await createArtifact(contributor);
      const notice = await sendReport(id, { reason: 'spam', details: '' }, notifier.token);
      await decide(moderatorA, { artifactId: id, action: 'keep', ground: 'rule-7', facts: 'A plain museum object', reportIds: [notice.id], unfounded: true });
      const standing = (await api<MisuseCase[]>('/me/standing', { token: notifier.token })).body.find((item) => item.kind === 'unfoundedNotices');
      if (i + 1 < warnAt) expect(standing).toBeUndefined();
      else expect(standing?.level).toBe(i + 1 >= suspendAt ? 'suspended' : 'warned');
    }
    const { id } = await createArtifact(contributor);
    expect(expectApiError(await report(id, {}, notifier.token), 403).message).toMatch(/suspended/);
    // Signed out, the same person is a visitor: the notice is not linked and not refused (the DSA
    // keeps notices open to everyone); the budget per address still applies.
    expectStatus(await report(id), 201);
  });
});

describe('GET /transparency', () => {
  test('public figures per month: notices by reason, decisions by action and ground, time to decision, appeals, suspensions', async () => {
    const { id } = await createArtifact(contributor);
    const notice = await sendReport(id, { reason: 'hate-or-harassment', details: '' });
    const before = await api<TransparencyReport>('/transparency');
    expectStatus(before, 200);
    const month = new Date().toISOString().slice(0, 7);
    const now = (report: TransparencyReport) => report.months.find((entry) => entry.month === month)!;
    await decide(moderatorA, { artifactId: id, action: 'restrict', ground: 'hate-or-harassment', facts: 'Insults', reportIds: [notice.id] });
    const after = await api<TransparencyReport>('/transparency');
    expect(now(after.body).decisions.byAction.restrict).toBe((now(before.body).decisions.byAction.restrict ?? 0) + 1);
    expect(now(after.body).decisions.byGround['hate-or-harassment']).toBe((now(before.body).decisions.byGround['hate-or-harassment'] ?? 0) + 1);
    expect(now(after.body).notices.byReason['hate-or-harassment']).toBeGreaterThanOrEqual(1);
    expect(now(after.body).medianHoursToDecision).toEqual(expect.any(Number));
    expect(now(after.body).appeals).toEqual(expect.objectContaining({ total: expect.any(Number), reversed: expect.any(Number), upheld: expect.any(Number) }));
    expect(typeof now(after.body).suspensions).toBe('number');
    // Nobody is named.
    expect(after.text).not.toContain(contributor.uid);
  });
});
