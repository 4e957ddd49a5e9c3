// A moderator never decides their own case (issue 45, docs/decisions/0019-moderation-second-pass.md):
// a party to a decision (the artifact's contributor, a notifier, the appellant) can neither take it
// nor rule on its appeal (403 naming why), and a decision that would lift another moderator's
// standing restrict or remove goes through the appeal review, by a moderator other than both.
import type { AppealView, AuditEntry, DecisionView, ReportReceipt } from '@antiquarium/contracts';
import { createArtifact } from './support/artifacts';
import { createUser, grantModerator, type TestUser } from './support/auth';
import { storedArtifact } from './support/db';
import { api, expectApiError, expectStatus } from './support/http';

let contributor: TestUser;
let member: TestUser;
let moderatorA: TestUser;
let moderatorB: TestUser;
let moderatorC: TestUser;
let moderatorD: TestUser;

beforeAll(async () => {
  contributor = await createUser();
  member = await createUser();
  moderatorA = await grantModerator(await createUser());
  moderatorB = await grantModerator(await createUser());
  moderatorC = await grantModerator(await createUser());
  moderatorD = await grantModerator(await createUser());
});

async function sendReport(artifactId: string, user: TestUser): Promise<ReportReceipt> {
  const answer = await api<ReportReceipt>('/reports', { method: 'POST', token: user.token, body: { artifactId, reason: 'spam', details: '', goodFaith: true } });
  expectStatus(answer, 201);
  return answer.body;
}

const decideAs = (moderator: TestUser, body: Record<string, unknown>) =>
  api<DecisionView>('/moderation/decisions', { method: 'POST', token: moderator.token, body: { ground: 'spam', facts: 'Checked by hand', reportIds: [], ...body } });

async function decide(moderator: TestUser, body: Record<string, unknown>): Promise<DecisionView> {
  const answer = await decideAs(moderator, body);
  expectStatus(answer, 201);
  return answer.body;
}

async function appeal(user: TestUser, decisionId: string, text: string): Promise<AppealView> {
  const answer = await api<AppealView>('/appeals', { method: 'POST', token: user.token, body: { decisionId, text } });
  expectStatus(answer, 201);
  return answer.body;
}

const rule = (moderator: TestUser, appealId: string, outcome: 'upheld' | 'reversed') =>
  api<AppealView>(`/moderation/appeals/${appealId}/decision`, { method: 'POST', token: moderator.token, body: { outcome, reasons: 'Looked at it again' } });

const moderationOf = async (id: string) => (await storedArtifact(id))?.['moderation'];

describe('a party cannot take the decision', () => {
  test('a moderator cannot decide about an artifact they added, with notices or without (403 naming why); another moderator can', async () => {
    const { id } = await createArtifact(moderatorA);
    const notice = await sendReport(id, member);
    const own = await decideAs(moderatorA, { artifactId: id, action: 'keep', reportIds: [notice.id], unfounded: true });
    expect(expectApiError(own, 403).message).toMatch(/you added this artifact/);
    expect(expectApiError(await decideAs(moderatorA, { artifactId: id, action: 'restrict' }), 403).message).toMatch(/you added this artifact/);
    expect(await moderationOf(id)).toBeUndefined();
    await decide(moderatorB, { artifactId: id, action: 'keep', reportIds: [notice.id] });
  });

  test('a moderator who sent an open notice about an artifact cannot decide about it; another moderator can', async () => {
    const { id } = await createArtifact(contributor);
    const mine = await sendReport(id, moderatorA);
    const theirs = await sendReport(id, member);
    expect(expectApiError(await decideAs(moderatorA, { artifactId: id, action: 'restrict', reportIds: [mine.id, theirs.id] }), 403).message).toMatch(/you sent a notice/);
    // Leaving their own notice out does not make them any less a party.
    expect(expectApiError(await decideAs(moderatorA, { artifactId: id, action: 'restrict', reportIds: [theirs.id] }), 403).message).toMatch(/you sent a notice/);
    expect(await moderationOf(id)).toBeUndefined();
    await decide(moderatorB, { artifactId: id, action: 'restrict', reportIds: [mine.id, theirs.id] });
    expect(await moderationOf(id)).toBe('restricted');
  });
});

describe('a party cannot rule on the appeal', () => {
  test('a moderator who appeals a decision about their own artifact cannot rule on it, nor can the one who decided; a third moderator does', async () => {
    const { id } = await createArtifact(moderatorA);
    const decision = await decide(moderatorB, { artifactId: id, action: 'restrict', facts: 'An advertisement' });
    const mine = await appeal(moderatorA, decision.id, 'A museum label, not an advertisement');
    expect(mine.appellant).toBe('contributor');
    expect(expectApiError(await rule(moderatorA, mine.id, 'reversed'), 403).message).toMatch(/your own appeal/);
    expect(await moderationOf(id)).toBe('restricted');
    expect(expectApiError(await rule(moderatorB, mine.id, 'reversed'), 403).message).toMatch(/other than the one who decided/);
    expectStatus(await rule(moderatorC, mine.id, 'reversed'), 200);
    expect(await moderationOf(id)).toBeUndefined();
  });

  test("on a notifier's appeal against a keep, neither a moderator who sent one of its notices nor the artifact's contributor may rule", async () => {
    const { id } = await createArtifact(moderatorC);
    const fromMember = await sendReport(id, member);
    const fromModerator = await sendReport(id, moderatorB);
    const kept = await decide(moderatorA, { artifactId: id, action: 'keep', reportIds: [fromMember.id, fromModerator.id] });
    const complaint = await appeal(member, kept.id, 'It is an advertisement');
    expect(expectApiError(await rule(moderatorB, complaint.id, 'upheld'), 403).message).toMatch(/you sent a notice/);
    expect(expectApiError(await rule(moderatorC, complaint.id, 'upheld'), 403).message).toMatch(/you added this artifact/);
    expectStatus(await rule(moderatorD, complaint.id, 'upheld'), 200);
  });
});

describe("lifting another moderator's decision goes through the appeal review", () => {
  test("a keep over another moderator's restrict is refused (409) and changes nothing; the moderator's appeal, ruled by a third, lifts it, and the audit says so", async () => {
    const { id } = await createArtifact(contributor);
    const restricted = await decide(moderatorB, { artifactId: id, action: 'restrict', ground: 'rule-6', facts: 'Advertises a shop' });
    const lift = await decideAs(moderatorA, { artifactId: id, action: 'keep', facts: 'Looks fine to me' });
    expect(expectApiError(lift, 409).message).toMatch(/another moderator.*appeal review/);
    expect(await moderationOf(id)).toBe('restricted');
    expectApiError(await api(`/artifacts/${id}`), 404);

    const review = await appeal(moderatorA, restricted.id, 'The shop is the museum that holds it');
    expect(review.appellant).toBe('moderator');
    expect(expectApiError(await rule(moderatorA, review.id, 'reversed'), 403).message).toMatch(/your own appeal/);
    expect(expectApiError(await rule(moderatorB, review.id, 'reversed'), 403).message).toMatch(/other than the one who decided/);
    expect(await moderationOf(id)).toBe('restricted');
    expectStatus(await rule(moderatorC, review.id, 'reversed'), 200);
    expect(await moderationOf(id)).toBeUndefined();
    expectStatus(await api(`/artifacts/${id}`), 200);

    const audit = await api<AuditEntry[]>('/moderation/audit?limit=100', { token: moderatorC.token });
    const trail = audit.body.filter((entry) => [`artifact:${id}`, `decision:${restricted.id}`, `appeal:${review.id}`].includes(entry.target));
    expect(trail).toHaveLength(4);
    expect(trail).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ actorUid: moderatorB.uid, action: 'decision:restrict' }),
        expect.objectContaining({ actorUid: moderatorA.uid, action: 'appeal:open', target: `decision:${restricted.id}` }),
        expect.objectContaining({ actorUid: moderatorC.uid, action: 'appeal:reversed', target: `appeal:${review.id}` }),
        expect.objectContaining({ actorUid: moderatorC.uid, action: 'decision:reversed', why: expect.stringContaining(`on a moderator's appeal (${review.id})`) }),
      ]),
    );
  });

  test("a restrict over another moderator's remove is lighter and refused too; a heavier decision, or one revising the moderator's own, needs no review", async () => {
    const { id } = await createArtifact(contributor);
    await decide(moderatorB, { artifactId: id, action: 'remove' });
    expect(expectApiError(await decideAs(moderatorA, { artifactId: id, action: 'restrict' }), 409).message).toMatch(/appeal review/);
    expect(await moderationOf(id)).toBe('removed');

    const { id: other } = await createArtifact(contributor);
    await decide(moderatorB, { artifactId: other, action: 'restrict' });
    await decide(moderatorA, { artifactId: other, action: 'remove' });
    expect(await moderationOf(other)).toBe('removed');
    await decide(moderatorA, { artifactId: other, action: 'keep', facts: 'I removed it by mistake' });
    expect(await moderationOf(other)).toBeUndefined();
  });

  test('a member who is neither the contributor nor a notifier against a keep still cannot appeal', async () => {
    const { id } = await createArtifact(contributor);
    const restricted = await decide(moderatorB, { artifactId: id, action: 'restrict' });
    expectApiError(await api('/appeals', { method: 'POST', token: member.token, body: { decisionId: restricted.id, text: 'Let it be' } }), 403);
    // Nor may the moderator who decided appeal their own decision: they revise it with a new one.
    expectApiError(await api('/appeals', { method: 'POST', token: moderatorB.token, body: { decisionId: restricted.id, text: 'Mine' } }), 403);
  });
});
