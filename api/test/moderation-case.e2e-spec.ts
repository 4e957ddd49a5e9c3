// Moderators see the case (issue 43): the notifier's address on the queue's notice (and nowhere
// else), an appeal with its artifact, the decision appealed and who took it, and whether the
// moderator reading may rule (the parties rule, as the api would refuse it); the audit log names
// people by their display name; a notice's sender sees the artifact named and when its decision
// was reversed.
import type { AppealCase, AppealView, AuditEntry, DecisionView, QueueEntry, ReportReceipt, ReportView } from '@antiquarium/contracts';
import { createArtifact } from './support/artifacts';
import { createUser, grantModerator, type TestUser } from './support/auth';
import { api, expectApiError, expectStatus } from './support/http';

let contributor: TestUser;
let member: TestUser;
let decider: TestUser;
let reviewer: TestUser;

beforeAll(async () => {
  contributor = await createUser();
  member = await createUser();
  decider = await grantModerator(await createUser());
  reviewer = await grantModerator(await createUser());
});

async function sendReport(artifactId: string, body: Record<string, unknown>, token?: string): Promise<ReportReceipt> {
  const answer = await api<ReportReceipt>('/reports', { method: 'POST', token, body: { artifactId, reason: 'spam', details: 'Advertises a shop', goodFaith: true, ...body } });
  expectStatus(answer, 201);
  return answer.body;
}

async function decide(moderator: TestUser, body: Record<string, unknown>): Promise<DecisionView> {
  const answer = await api<DecisionView>('/moderation/decisions', { method: 'POST', token: moderator.token, body: { ground: 'rule-2', facts: 'Offered for sale', reportIds: [], ...body } });
  expectStatus(answer, 201);
  return answer.body;
}

/** Pages through a moderators' list until `found` matches (the suite's other files fill it too). */
async function findIn<T>(path: string, token: string, found: (item: T) => boolean): Promise<T | undefined> {
  for (let page = 1; page < 50; page += 1) {
    const answer = await api<T[]>(`${path}${path.includes('?') ? '&' : '?'}limit=100&page=${page}`, { token });
    expectStatus(answer, 200);
    const item = answer.body.find(found);
    if (item || answer.body.length < 100) return item;
  }
  return undefined;
}

const queueEntry = (artifactId: string) => findIn<QueueEntry>('/moderation/reports?status=open', reviewer.token, (entry) => entry.artifactId === artifactId);

test("the notifier's address is on the moderators' queue only: a visitor's as given, a member's account's; none when none was given", async () => {
  const { id } = await createArtifact(contributor);
  const visitor = await sendReport(id, { email: 'Finder.Of.Things@test.antiquarium.example' });
  const anonymous = await sendReport(id, {});
  const fromMember = await sendReport(id, {}, member.token);
  const entry = await queueEntry(id);
  const byId = new Map(entry?.reports.map((report) => [report.id, report]));
  expect(byId.get(visitor.id)?.email).toBe('Finder.Of.Things@test.antiquarium.example');
  expect(byId.get(anonymous.id)).not.toHaveProperty('email');
  expect(byId.get(fromMember.id)?.email).toBe(member.email);

  // Neither the sender's follow-up, nor the member's list, nor anyone but a moderator gets it.
  const followed = await api<ReportView>(`/reports/${visitor.id}?receipt=${encodeURIComponent(visitor.receipt)}`);
  expectStatus(followed, 200);
  expect(JSON.stringify(followed.body)).not.toContain('Finder.Of.Things');
  const mine = await api<ReportView[]>('/me/reports', { token: member.token });
  expect(JSON.stringify(mine.body)).not.toContain(member.email);
  expectApiError(await api('/moderation/reports?status=open', { token: member.token }), 403);
});

test('an appeal carries its artifact, the decision appealed and who took it; the moderator who decided is told they may not rule, another is not', async () => {
  const { id, input } = await createArtifact(contributor);
  const notice = await sendReport(id, { reason: 'illegal-trade', details: 'Priced for sale' });
  const decision = await decide(decider, { artifactId: id, action: 'restrict', reportIds: [notice.id] });
  const appealed = await api<AppealView>('/appeals', { method: 'POST', token: contributor.token, body: { decisionId: decision.id, text: 'A cast replica; nothing is for sale.' } });
  expectStatus(appealed, 201);
  const appealId = appealed.body.id;

  const asDecider = await findIn<AppealCase>('/moderation/appeals?status=open', decider.token, (item) => item.id === appealId);
  expect(asDecider).toEqual(
    expect.objectContaining({
      text: 'A cast replica; nothing is for sale.',
      appellant: 'contributor',
      messages: [],
      artifact: { id, name: input.name, image: input.image, moderation: 'restricted', deleted: false },
      appealed: {
        id: decision.id,
        action: 'restrict',
        ground: 'rule-2',
        groundText: expect.stringMatching(/^Terms, rule 2: No trade/),
        facts: 'Offered for sale',
        decidedAt: decision.decidedAt,
        reversedAt: null,
        moderatorUid: decider.uid,
        moderatorName: decider.name,
      },
      mayNotRule: 'A moderator other than the one who decided must review the appeal',
    }),
  );
  // What the screen says is what the api answers to the ruling.
  const refused = await api(`/moderation/appeals/${appealId}/decision`, { method: 'POST', token: decider.token, body: { outcome: 'reversed', reasons: 'On second thoughts' } });
  expect(expectApiError(refused, 403).message).toBe(asDecider?.mayNotRule);

  const asReviewer = await findIn<AppealCase>('/moderation/appeals?status=open', reviewer.token, (item) => item.id === appealId);
  expect(asReviewer?.mayNotRule).toBeNull();
  expect(asReviewer?.appealed.moderatorName).toBe(decider.name);

  // The appellant's own view of it stays what it was: no moderator named, no case around it.
  const own = await api<Record<string, unknown>>(`/appeals/${appealId}`, { token: contributor.token });
  expectStatus(own, 200);
  for (const key of ['artifact', 'appealed', 'mayNotRule']) expect(own.body).not.toHaveProperty(key);
  expect(JSON.stringify(own.body)).not.toContain(decider.uid);

  const ruled = await api(`/moderation/appeals/${appealId}/decision`, { method: 'POST', token: reviewer.token, body: { outcome: 'reversed', reasons: 'A replica, not an offer' } });
  expectStatus(ruled, 200);
  const decided = await findIn<AppealCase>('/moderation/appeals?status=decided', decider.token, (item) => item.id === appealId);
  expect(decided?.appealed.reversedAt).toEqual(expect.any(String));
  expect(decided?.artifact.moderation).toBeNull();
  expect(decided?.mayNotRule).toBeNull();

  // The notice's sender follows it: the artifact named, and when its decision was reversed.
  const followed = await api<ReportView>(`/reports/${notice.id}?receipt=${encodeURIComponent(notice.receipt)}`);
  expect(followed.body.artifactName).toBe(input.name);
  expect(followed.body.outcome).toEqual({ action: 'restrict', ground: 'rule-2', decidedAt: decision.decidedAt, reversed: true, reversedAt: decided?.appealed.reversedAt });
});

test("a member's notices name their artifact, hidden ones included", async () => {
  const { id, input } = await createArtifact(contributor);
  const hidden = await createArtifact(contributor);
  const open = await sendReport(id, {}, member.token);
  const other = await sendReport(hidden.id, {}, member.token);
  // Hidden by a decision on another notice: this member's stays open, and still names it.
  const elsewhere = await sendReport(hidden.id, { reason: 'copyright', details: 'My photograph' });
  await decide(decider, { artifactId: hidden.id, action: 'remove', ground: 'copyright', reportIds: [elsewhere.id] });
  const mine = await findIn<ReportView>('/me/reports', member.token, (report) => report.id === open.id);
  expect(mine?.artifactName).toBe(input.name);
  const theirs = await findIn<ReportView>('/me/reports', member.token, (report) => report.id === other.id);
  expect(theirs).toEqual(expect.objectContaining({ status: 'open', artifactName: hidden.input.name }));
});

test('the audit log names each actor by their display name, beside their uid', async () => {
  const { id } = await createArtifact(contributor);
  const decision = await decide(decider, { artifactId: id, action: 'restrict' });
  const appeal = await api<AppealView>('/appeals', { method: 'POST', token: contributor.token, body: { decisionId: decision.id, text: 'Please look again' } });
  expectStatus(appeal, 201);
  const decided = await findIn<AuditEntry>('/moderation/audit', reviewer.token, (entry) => entry.action === 'decision:restrict' && entry.target === `artifact:${id}`);
  expect(decided).toEqual(expect.objectContaining({ actorUid: decider.uid, actorName: decider.name }));
  const appealed = await findIn<AuditEntry>('/moderation/audit', reviewer.token, (entry) => entry.action === 'appeal:open' && entry.target === `decision:${decision.id}`);
  expect(appealed).toEqual(expect.objectContaining({ actorUid: contributor.uid, actorName: contributor.name }));
});
