// The moderation mails (issue 45; DSA Art. 16(4)-(5), 17, 20, 23) over real HTTP, a real FerretDB
// and a real SMTP server (Mailpit, read through its API): a notice with an address gets its receipt
// and, once decided, its outcome; the contributor gets the statement of reasons of a restriction or
// removal, with how to appeal; an appeal gets its receipt (optional: one-click unsubscribe) and its
// ruling; a warning reaches the member warned. What the site owes carries no unsubscribe.
import type { AppealView, DecisionView, ReportReceipt, ReportView } from '@antiquarium/contracts';
import { createArtifact } from './support/artifacts';
import { createUser, grantModerator, uniqueTag, type TestUser } from './support/auth';
import { db } from './support/db';
import { api, expectStatus } from './support/http';
import { mailHeaders, waitForMailsTo, type MailMessage } from './support/mailpit';

/** Where the main api's site links point (its SITE_ORIGIN: the first CORS origin scripts/test.mjs gives it). */
const SITE_ORIGIN = 'http://localhost:4200';

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

const visitorAddress = () => `${uniqueTag('notifier')}@example.org`;

async function sendReport(artifactId: string, overrides: Record<string, unknown> = {}, token?: string): Promise<ReportReceipt> {
  const answer = await api<ReportReceipt>('/reports', { method: 'POST', token, body: { artifactId, reason: 'illegal-trade', details: 'Offered for sale elsewhere', goodFaith: true, ...overrides } });
  expectStatus(answer, 201);
  return answer.body;
}

async function decide(moderator: TestUser, body: Record<string, unknown>): Promise<DecisionView> {
  const started = Date.now();
  const answer = await api<DecisionView>('/moderation/decisions', { method: 'POST', token: moderator.token, body: { ground: 'rule-2', facts: 'The text prices the object', reportIds: [], ...body } });
  expectStatus(answer, 201);
  // The request only writes the outbox: it never waits on the mail server.
  expect(Date.now() - started).toBeLessThan(5000);
  return answer.body;
}

/** The one mail with this subject that reached the address (waiting for it), whole. */
async function mailTo(address: string, subject: string): Promise<MailMessage> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const found = (await waitForMailsTo(address, 1)).filter((mail) => mail.Subject === subject);
    if (found.length === 1) return found[0]!;
    if (found.length > 1 || Date.now() > deadline) throw new Error(`${found.length} mails "${subject}" to ${address}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** A mandatory mail: no List-Unsubscribe header and no unsubscribe link in either part. */
async function expectMandatory(mail: MailMessage): Promise<void> {
  expect(mail.ListUnsubscribe.Header).toBe('');
  expect(Object.keys(await mailHeaders(mail.ID))).not.toContain('List-Unsubscribe');
  expect(`${mail.Text}${mail.HTML}`).not.toMatch(/unsubscribe/i);
}

/** The outbox's entries of one kind that name this text (the mails the api wrote, sent or not). */
async function outboxEntries(kind: string, text: string) {
  return (await db()).collection('mail_outbox').find({ kind, text: { $regex: text } }).toArray();
}

describe('a notice’s receipt', () => {
  test('a visitor who gives an address receives the receipt: reference, receipt and a status link that opens their notice; mandatory', async () => {
    const { id } = await createArtifact(contributor);
    const email = visitorAddress();
    const sent = await sendReport(id, { email });
    const mail = await mailTo(email, 'Your report to Antiquarium was received');
    expect(mail.From).toEqual({ Name: 'Antiquarium', Address: 'no-reply@antiquarium.local' });
    expect(mail.Text).toContain('Reason: Looted or trafficked (illegal trade)');
    expect(mail.Text).toContain(`Reference: ${sent.id}`);
    expect(mail.Text).toContain(`Receipt: ${sent.receipt}`);
    const link = `${SITE_ORIGIN}/reports/${sent.id}?receipt=${encodeURIComponent(sent.receipt)}`;
    expect(mail.Text).toContain(`Follow your report: ${link}`);
    expect(mail.HTML).toContain(`<a href="${link.replace(/&/g, '&amp;')}">Follow your report</a>`);
    await expectMandatory(mail);
    // The link's id and receipt are the ones the status page reads the notice with.
    const url = new URL(link);
    const followed = await api<ReportView>(`${url.pathname}?receipt=${encodeURIComponent(url.searchParams.get('receipt') ?? '')}`);
    expectStatus(followed, 200);
    expect(followed.body).toEqual(expect.objectContaining({ id: sent.id, status: 'open' }));
  });

  test('a member’s receipt goes to their account’s address, with their uid; a visitor without an address gets none', async () => {
    const { id } = await createArtifact(contributor);
    const mine = await sendReport(id, { reason: 'spam', details: '' }, member.token);
    const mail = await mailTo(member.email, 'Your report to Antiquarium was received');
    expect(mail.Text).toContain(`Reference: ${mine.id}`);
    const [stored] = await outboxEntries('report-receipt', mine.id);
    expect(stored).toEqual(expect.objectContaining({ to: member.email, recipientUid: member.uid, mandatory: true }));

    const anonymous = await sendReport(id, { reason: 'spam', details: '' });
    expect(await outboxEntries('report-receipt', anonymous.id)).toEqual([]);
  });

  test('an address typed into visitors’ notices gets at most three receipts a day, in any case: every notice is still kept', async () => {
    const { id } = await createArtifact(contributor);
    const email = visitorAddress();
    const sent: ReportReceipt[] = [];
    for (const address of [email, email, email.toUpperCase(), email]) sent.push(await sendReport(id, { email: address }));
    const receipts = (await Promise.all(sent.map((notice) => outboxEntries('report-receipt', notice.id)))).map((entries) => entries.length);
    expect(receipts).toEqual([1, 1, 1, 0]);
    expect(await (await db()).collection('moderation_reports').countDocuments({ artifactId: id })).toBe(4);
  });
});

describe('a decision', () => {
  test('mails each notifier the outcome, and the contributor the statement of reasons with how to appeal; all mandatory', async () => {
    const { id, input } = await createArtifact(contributor);
    const visitor = visitorAddress();
    const fromVisitor = await sendReport(id, { email: visitor });
    const fromMember = await sendReport(id, { reason: 'spam', details: '' }, member.token);
    const decision = await decide(moderatorA, { artifactId: id, action: 'restrict', reportIds: [fromVisitor.id, fromMember.id] });

    const outcome = await mailTo(visitor, 'A moderator decided on your report');
    expect(outcome.Text).toContain(`(reference ${fromVisitor.id})`);
    expect(outcome.Text).toContain('Outcome: restricted. The artifact is hidden from the public.');
    expect(outcome.Text).toContain('The ground: Terms, rule 2:');
    expect(outcome.Text).toContain(`Write to us: ${SITE_ORIGIN}/contact`);
    // A notifier never reads the artifact's name (it is the contributor's to erase).
    expect(outcome.Text).not.toContain(input.name);
    await expectMandatory(outcome);
    const memberOutcome = await mailTo(member.email, 'A moderator decided on your report');
    expect(memberOutcome.Text).toContain(`(reference ${fromMember.id})`);
    expect(memberOutcome.Text).toContain(`Open My Notices: ${SITE_ORIGIN}/my-notices`);

    const statement = await mailTo(contributor.email, `Your artifact "${input.name}" was restricted`);
    expect(statement.Text).toContain('This is the statement of reasons for that decision.');
    expect(statement.Text).toContain('What was decided: Your artifact is hidden from everyone but you and the moderators');
    expect(statement.Text).toContain('For how long: Until the decision is reversed, on appeal or by a new decision.');
    expect(statement.Text).toContain('The facts: The text prices the object');
    expect(statement.Text).toContain('The ground: Terms, rule 2:');
    expect(statement.Text).toMatch(/How to appeal: until \d{1,2} \w{3} \d{4}, \d{2}:\d{2} UTC, sign in and open My Notices/);
    expect(statement.Text).toContain(`Read the decision and appeal: ${SITE_ORIGIN}/my-notices#notice-${decision.id}`);
    await expectMandatory(statement);
    const [stored] = await outboxEntries('statement-of-reasons', decision.id);
    expect(stored).toEqual(expect.objectContaining({ to: contributor.email, recipientUid: contributor.uid, mandatory: true }));
  });

  test('a keep sends the contributor nothing; a second removal warns them by mail', async () => {
    const owner = await createUser();
    const kept = await createArtifact(owner);
    const keep = await decide(moderatorA, { artifactId: kept.id, action: 'keep', ground: 'spam', facts: 'Nothing wrong' });
    expect(await outboxEntries('statement-of-reasons', keep.id)).toEqual([]);

    const first = await createArtifact(owner);
    const second = await createArtifact(owner);
    await decide(moderatorA, { artifactId: first.id, action: 'remove' });
    await decide(moderatorA, { artifactId: second.id, action: 'remove' });
    const warning = await mailTo(owner.email, 'A warning about your Antiquarium account');
    expect(warning.Text).toMatch(/^Warning: nothing changes for your account now/);
    expect(warning.Text).toContain('The facts: 2 of your artifacts were removed by decisions in the last 180 days.');
    expect(warning.Text).toContain(`See your standing: ${SITE_ORIGIN}/my-notices`);
    await expectMandatory(warning);
    const removals = (await waitForMailsTo(owner.email, 3)).filter((mail) => mail.Subject.endsWith('was removed from public view'));
    expect(removals).toHaveLength(2);
  });
});

describe('an appeal', () => {
  test('the contributor’s appeal gets a receipt (optional: one-click unsubscribe) and its ruling (mandatory) with the reasons', async () => {
    const owner = await createUser();
    const { id, input } = await createArtifact(owner);
    const decision = await decide(moderatorA, { artifactId: id, action: 'remove' });
    const appeal = await api<AppealView>('/appeals', { method: 'POST', token: owner.token, body: { decisionId: decision.id, text: 'It is a museum piece, not for sale' } });
    expectStatus(appeal, 201);

    const receipt = await mailTo(owner.email, 'Your appeal was received');
    expect(receipt.Text).toContain(`to remove your artifact "${input.name}"`);
    expect(receipt.Text).toContain(`Reference: ${appeal.body.id}`);
    expect(receipt.Text).toContain(`Read your appeal: ${SITE_ORIGIN}/my-notices#notice-${decision.id}`);
    const headers = await mailHeaders(receipt.ID);
    expect(headers['List-Unsubscribe-Post']).toEqual(['List-Unsubscribe=One-Click']);
    expect(headers['List-Unsubscribe']?.[0]).toMatch(/^<http:\/\/127\.0\.0\.1:\d+\/mail\/unsubscribe\?token=u1\./);

    const ruled = await api<AppealView>(`/moderation/appeals/${appeal.body.id}/decision`, { method: 'POST', token: moderatorB.token, body: { outcome: 'reversed', reasons: 'A museum’s inventory number is shown' } });
    expectStatus(ruled, 200);
    const ruling = await mailTo(owner.email, 'Your appeal was decided: the decision was withdrawn');
    expect(ruling.Text).toContain(`on your appeal of `);
    expect(ruling.Text).toContain(`(reference ${appeal.body.id})`);
    expect(ruling.Text).toContain('Reversed: the decision was withdrawn.');
    expect(ruling.Text).toContain('Your artifact is no longer hidden by this decision.');
    expect(ruling.Text).toContain('The reasons: A museum’s inventory number is shown');
    await expectMandatory(ruling);
  });

  test('a notifier’s appeal against a keep gets its receipt and ruling at their account’s address', async () => {
    const notifier = await createUser();
    const { id, input } = await createArtifact(contributor);
    const notice = await sendReport(id, {}, notifier.token);
    const keep = await decide(moderatorA, { artifactId: id, action: 'keep', ground: 'illegal-trade', facts: 'A museum piece', reportIds: [notice.id] });
    const outcome = await mailTo(notifier.email, 'A moderator decided on your report');
    expect(outcome.Text).toContain('Outcome: kept.');
    expect(outcome.Text).toContain(`If you disagree, you can appeal this decision until`);
    expect(outcome.Text).toContain(`(decision ${keep.id})`);

    const appeal = await api<AppealView>('/appeals', { method: 'POST', token: notifier.token, body: { decisionId: keep.id, text: 'The price is in the photo' } });
    expectStatus(appeal, 201);
    const receipt = await mailTo(notifier.email, 'Your appeal was received');
    expect(receipt.Text).toContain('to keep the artifact you reported');
    expect(receipt.Text).not.toContain(input.name);

    expectStatus(await api(`/moderation/appeals/${appeal.body.id}/decision`, { method: 'POST', token: moderatorB.token, body: { outcome: 'upheld', reasons: 'The photo shows no price' } }), 200);
    const ruling = await mailTo(notifier.email, 'Your appeal was decided: the decision stays');
    expect(ruling.Text).toContain('Upheld: the decision stays.');
    expect(ruling.Text).toContain('The reasons: The photo shows no price');
    await expectMandatory(ruling);
  });
});
