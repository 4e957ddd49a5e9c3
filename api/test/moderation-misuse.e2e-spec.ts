// Misuse measures (DSA Art. 23, issue 45, docs/decisions/0012-moderation.md): misuse counts decisions,
// not notices; the first measure is always a warning with its statement of reasons, a suspension
// only comes after it; and a suspended member's notices sent signed out still spend the address's
// budget.
import { randomBytes } from 'node:crypto';
import { MISUSE_THRESHOLDS, MISUSE_WINDOW_DAYS, SUSPENSION_DAYS, type DecisionView, type MisuseCase, type ReportReceipt } from '@antiquarium/contracts';
import { artifactInput, createArtifact } from './support/artifacts';
import { createUser, grantModerator, type TestUser } from './support/auth';
import { moderationCollection } from './support/db';
import { RATE_LIMITED_API_URL } from './support/env';
import { api, expectApiError, expectStatus, newClientAddress } from './support/http';

let contributor: TestUser;
let moderator: TestUser;

beforeAll(async () => {
  contributor = await createUser();
  moderator = await grantModerator(await createUser());
});

const report = (artifactId: string, token?: string, base = '', headers?: Record<string, string>) =>
  api<ReportReceipt>(`${base}/reports`, { method: 'POST', token, headers, body: { artifactId, reason: 'spam', details: '', goodFaith: true } });

async function sendReport(artifactId: string, token: string): Promise<ReportReceipt> {
  const answer = await report(artifactId, token);
  expectStatus(answer, 201);
  return answer.body;
}

async function unfounded(artifactId: string, reportIds: string[]): Promise<DecisionView> {
  const answer = await api<DecisionView>('/moderation/decisions', {
    method: 'POST',
    token: moderator.token,
    body: { artifactId, action: 'keep', ground: 'rule-7', facts: 'A plain museum object', reportIds, unfounded: true },
  });
  expectStatus(answer, 201);
  return answer.body;
}

async function standing(user: TestUser): Promise<MisuseCase | undefined> {
  const answer = await api<MisuseCase[]>('/me/standing', { token: user.token });
  expectStatus(answer, 200);
  return answer.body.find((item) => item.kind === 'unfoundedNotices');
}

/** One decision that found one notice of the member's unfounded. */
async function oneUnfoundedDecision(notifier: TestUser): Promise<DecisionView> {
  const { id } = await createArtifact(contributor);
  return unfounded(id, [(await sendReport(id, notifier.token)).id]);
}

const { warnAt, suspendAt } = MISUSE_THRESHOLDS.unfoundedNotices;

describe('misuse counts decisions, not notices', () => {
  test('five notices about one artifact, found unfounded by one decision, count once: no suspension, the member still writes and reports', async () => {
    const notifier = await createUser();
    const { id } = await createArtifact(contributor);
    const notices: string[] = [];
    for (let i = 0; i < suspendAt; i += 1) notices.push((await sendReport(id, notifier.token)).id);
    await unfounded(id, notices);
    expect(await standing(notifier)).toBeUndefined();
    const { id: other } = await createArtifact(contributor);
    expectStatus(await report(other, notifier.token), 201);
    expectStatus(await api('/artifacts', { method: 'POST', token: notifier.token, body: artifactInput() }), 201);
  });

  test('decision after decision: a warning with its statement of reasons at the first threshold, the suspension only at the second', async () => {
    const notifier = await createUser();
    for (let i = 1; i <= suspendAt; i += 1) {
      await oneUnfoundedDecision(notifier);
      const now = await standing(notifier);
      if (i < warnAt) expect(now).toBeUndefined();
      else expect({ i, level: now?.level, count: now?.count }).toEqual({ i, level: i >= suspendAt ? 'suspended' : 'warned', count: i });
      if (i === warnAt) {
        expect(now?.suspendedUntil).toBeNull();
        expect(now?.statement).toEqual({
          what: expect.stringMatching(/^Warning:/),
          facts: expect.stringContaining(`${warnAt} decisions in the last ${MISUSE_WINDOW_DAYS} days found your notices manifestly unfounded`),
          ground: expect.stringMatching(/^Terms, rule 7:/),
          next: expect.stringContaining(`${suspendAt} such decisions`),
          appeal: expect.stringMatching(/appeal/),
          automation: expect.any(String),
        });
        expect(now?.statement.next).toContain(`suspended for ${SUSPENSION_DAYS} days`);
      }
    }
    expect((await standing(notifier))?.statement.what).toMatch(/^Your account is suspended until/);
  });

  test('a member never warned is warned first, even when their count reaches the suspension threshold at once', async () => {
    const notifier = await createUser();
    // What older records can leave behind: unfounded notices and their decisions already counted
    // past the second threshold, with no warning ever issued (no case).
    const { id } = await createArtifact(contributor);
    const planted = new Date();
    for (let i = 1; i < suspendAt; i += 1) {
      const reportDoc = await (await moderationCollection('moderation_reports')).insertOne({
        artifactId: id,
        contributorUid: contributor.uid,
        reason: 'spam',
        details: '',
        reporterUid: notifier.uid,
        receiptHash: randomBytes(32).toString('hex'),
        receivedAt: planted,
        status: 'decided',
        unfounded: true,
      });
      await (await moderationCollection('moderation_decisions')).insertOne({
        artifactId: id,
        artifactName: 'Planted',
        contributorUid: contributor.uid,
        action: 'keep',
        ground: 'rule-7',
        facts: 'Planted',
        reportIds: [reportDoc.insertedId.toHexString()],
        notifierUids: [notifier.uid],
        unfounded: true,
        moderatorUid: moderator.uid,
        decidedAt: planted,
        reversedAt: null,
      });
    }
    await oneUnfoundedDecision(notifier);
    expect(await standing(notifier)).toEqual(expect.objectContaining({ level: 'warned', count: suspendAt, suspendedUntil: null }));
    expectStatus(await report(id, notifier.token), 201);
    // Warned, the next decision suspends.
    await oneUnfoundedDecision(notifier);
    expect(await standing(notifier)).toEqual(expect.objectContaining({ level: 'suspended', count: suspendAt + 1, suspendedUntil: expect.any(String) }));
  });
});

describe("a suspended member's notices", () => {
  test('refused signed in (403), accepted signed out, and both spend the address budget (429 past REPORT_RATE_LIMIT)', async () => {
    const suspended = await createUser();
    const now = new Date();
    await (await moderationCollection('moderation_cases')).insertOne({
      _id: `unfoundedNotices:${suspended.uid}` as never,
      uid: suspended.uid,
      kind: 'unfoundedNotices',
      count: suspendAt,
      level: 'suspended',
      suspendedAt: now,
      suspendedUntil: new Date(now.getTime() + SUSPENSION_DAYS * 86_400_000),
      history: [],
      updatedAt: now,
    });
    const { id } = await createArtifact(contributor);
    const address = { 'x-forwarded-for': newClientAddress() };
    expect(expectApiError(await report(id, suspended.token, RATE_LIMITED_API_URL, address), 403).message).toMatch(/suspended/);
    // REPORT_RATE_LIMIT is 3 on the low-limit apis (scripts/test.mjs): the refused one counted.
    expectStatus(await report(id, undefined, RATE_LIMITED_API_URL, address), 201);
    expectStatus(await report(id, undefined, RATE_LIMITED_API_URL, address), 201);
    expectApiError(await report(id, undefined, RATE_LIMITED_API_URL, address), 429);
  });
});
