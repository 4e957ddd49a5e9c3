// Mail that reaches people (issue 45), read in a real inbox (Mailpit) as its recipients read it: a
// visitor who reports with their address gets the receipt, follows its link to the report's page and
// gets the outcome; a contributor gets the statement of reasons of a restriction, follows its link to
// My Notices, appeals there and gets the appeal's receipt; the sender of a contact message gets the
// answer a moderator wrote in the inbox, their message quoted; and with the mail server down, a
// decision answers at once and its mails arrive once the server is back. The texts asserted are the
// api's own (api/src/moderation/moderation-mails.ts, api/src/contact/contact-reply-mail.ts).
import { expect, test, type Browser, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { createArtifactAs, expectToast } from '../support/account';
import { apiGet, apiSend } from '../support/api';
import { API_URL, MAIL_RELAY_URL, SITE_URL } from '../support/env';
import { startSite } from '../support/first-page';
import { expectFromTheSite, expectMandatory, mailLink, mailServerState, mailTo, setMailServer, subjectsTo } from '../support/mailpit';
import { queueEntry } from '../support/moderators';
import { signIn } from '../support/session';
import { createUser, withClaims } from '../support/users';

/** A day and time as mails write them (mail-template.ts's mailDate): `20 Nov 2026, 09:30 UTC`. */
const MAIL_DATE = String.raw`\d{1,2} \w{3,4} \d{4}, \d{2}:\d{2} UTC`;
/** Text as a pattern that matches only itself. */
const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const RULE_2 = 'Terms, rule 2: No trade: do not offer, seek or price objects';

const moderator = async () => withClaims(await createUser(), { moderator: true });
const visitorAddress = () => `visitor-${randomUUID().slice(0, 8)}@example.org`;

async function phone(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  return context.newPage();
}

async function desktop(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  return context.newPage();
}

/** A visitor's notice through the api (its form is the first journey's), with an address. */
async function report(artifactId: string, email: string): Promise<{ id: string; receipt: string }> {
  const response = await fetch(`${API_URL}/reports`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ artifactId, reason: 'illegal-trade', details: 'Offered for sale at a fair.', email, goodFaith: true }),
  });
  expect(response.status).toBe(201);
  return (await response.json()) as { id: string; receipt: string };
}

test.describe('Mail that reaches people', () => {
  test('a visitor reports with their address on a phone, gets the receipt by mail, follows it to the report’s page, and gets the outcome', async ({ browser }) => {
    test.setTimeout(90_000);
    const contributor = await createUser();
    const artifact = await createArtifactAs(contributor);
    const decider = await moderator();
    const email = visitorAddress();

    // The report form, from the artifact's card on the list (a composed first page).
    const page = await phone(browser);
    await page.goto(`/all-artifacts?search=${encodeURIComponent(artifact.name)}`);
    await startSite(page);
    const card = page.locator('main article.aq-card').filter({ hasText: artifact.name });
    await card.getByRole('link', { name: `Report ${artifact.name}`, exact: true }).tap();
    await expect(page.getByRole('heading', { level: 1, name: 'Report an artifact' })).toBeVisible();
    await page.getByRole('radio', { name: 'Looted or trafficked (illegal trade)' }).check();
    await page.getByRole('textbox', { name: 'Explanation (required for this reason)' }).fill('It is offered for sale at a fair next week.');
    await page.getByRole('textbox', { name: 'Your email (optional)' }).fill(email);
    await page.getByRole('checkbox', { name: 'I send this report in good faith: I believe what I say in it is accurate and complete.' }).check();
    const sent = page.waitForResponse((response) => response.url().endsWith('/reports') && response.request().method() === 'POST');
    await page.getByRole('button', { name: 'Send report' }).tap();
    const { id, receipt } = (await (await sent).json()) as { id: string; receipt: string };
    await expect(page.getByRole('heading', { name: 'Report received' })).toBeFocused();

    // The receipt (Art. 16(4)): what was received, its reference and receipt, and the way to follow it.
    const received = await mailTo(email, 'Your report to Antiquarium was received');
    expectFromTheSite(received);
    expectMandatory(received);
    expect(received.Text).toMatch(new RegExp(`^We received your report on ${MAIL_DATE}\\. A moderator will look at it, and we will write to this address when they decide\\.`));
    expect(received.Text).toContain(`Reason: Looted or trafficked (illegal trade)\nReference: ${id}\nReceipt: ${receipt}`);
    expect(received.Text).toContain('Keep this email: the link below shows your report and its outcome, without an account.');
    // Nothing of the artifact itself: the address was typed by whoever sent the notice.
    expect(received.Text).not.toContain(artifact.name);
    const follow = mailLink(received, 'Follow your report');
    expect(follow).toBe(`${SITE_URL}/reports/${id}?receipt=${encodeURIComponent(receipt)}`);

    // Its link, opened from the mail (a new visit): the report, still open.
    await page.goto(follow);
    await expect(page.getByRole('heading', { level: 1, name: 'Your report' })).toBeVisible();
    const main = page.locator('main');
    await expect(main).toContainText('Open: waiting for a moderator');
    await expect(main).toContainText(id);

    // A moderator decides: the outcome (Art. 16(5)), without the artifact's name either.
    await apiSend('POST', '/moderation/decisions', decider.token, { artifactId: artifact._id, action: 'restrict', ground: 'rule-2', facts: 'It is offered for sale.', reportIds: [id] });
    const outcome = await mailTo(email, 'A moderator decided on your report');
    expectFromTheSite(outcome);
    expectMandatory(outcome);
    expect(outcome.Text).toMatch(new RegExp(`^A moderator decided on your report of ${MAIL_DATE} \\(reference ${id}\\) on ${MAIL_DATE}\\.`));
    expect(outcome.Text).toContain('Outcome: restricted. The artifact is hidden from the public.');
    expect(outcome.Text).toContain(`The ground: ${RULE_2}`);
    expect(outcome.Text).toContain('A moderator took this decision in person; no automated means decided.');
    expect(outcome.Text).toContain('To ask about this decision, write to us from the contact page.');
    expect(outcome.Text).not.toContain(artifact.name);
    expect(mailLink(outcome, 'Write to us')).toBe(`${SITE_URL}/contact`);

    // The receipt's link shows the outcome too.
    await page.goto(follow);
    await expect(main).toContainText('Restricted: the artifact is hidden from the public.');
    await expect(main).toContainText('Decided');
    await page.context().close();
  });

  test('a contributor gets the statement of reasons by mail, follows its link to My Notices, appeals there and gets the appeal’s receipt', async ({ browser }) => {
    test.setTimeout(90_000);
    const contributor = await createUser();
    const artifact = await createArtifactAs(contributor);
    const decider = await moderator();
    const facts = `The description prices the object at 400 guineas (${randomUUID().slice(0, 6)}).`;
    const decision = await apiSend<{ id: string }>('POST', '/moderation/decisions', decider.token, { artifactId: artifact._id, action: 'restrict', ground: 'rule-2', facts, reportIds: [] });

    // The statement of reasons (Art. 17), with how to appeal.
    const statement = await mailTo(contributor.email, `Your artifact "${artifact.name}" was restricted`);
    expectFromTheSite(statement);
    expectMandatory(statement);
    expect(statement.Text).toMatch(new RegExp(`^A moderator decided about your artifact "${literal(artifact.name)}" on ${MAIL_DATE}\\. This is the statement of reasons for that decision\\.`));
    expect(statement.Text).toContain('What was decided: Your artifact is hidden from everyone but you and the moderators: it is in no list, search or page of the site.');
    expect(statement.Text).toContain('For how long: Until the decision is reversed, on appeal or by a new decision.');
    expect(statement.Text).toContain(`The facts: ${facts}`);
    expect(statement.Text).toContain(`The ground: ${RULE_2}`);
    expect(statement.Text).toContain('How it was decided: A moderator took this decision in person; no automated means detected the content or decided.');
    expect(statement.Text).toMatch(new RegExp(`How to appeal: until ${MAIL_DATE}, sign in and open My Notices, where this decision has a form to appeal\\. A moderator other than the one who decided reviews it`));
    const link = mailLink(statement, 'Read the decision and appeal');
    expect(link).toBe(`${SITE_URL}/my-notices#notice-${decision.id}`);

    // Opened on a phone, signed out: the sign-in brings the contributor to the statement itself.
    const page = await phone(browser);
    await page.goto(link);
    await expect(page).toHaveURL(/\/login/);
    await signIn(page, contributor);
    await expect(page).toHaveURL(`${SITE_URL}/my-notices#notice-${decision.id}`);
    const card = page.getByRole('article', { name: `Restricted: ${artifact.name}` });
    await expect(card).toBeFocused();
    await expect(card).toContainText(facts);
    await card.getByRole('textbox', { name: 'Why should this decision change?' }).fill('The price is the auction record of 1901, not an offer.');
    await card.getByRole('button', { name: 'Send appeal' }).tap();
    await expectToast(page, 'Your appeal was sent. A moderator will answer here.');
    const { body: notices } = await apiGet<{ decisionId: string; appeal: { appealId: string | null } }[]>('/me/notices', contributor.token);
    const appealId = notices.find((notice) => notice.decisionId === decision.id)?.appeal.appealId;
    expect(appealId).toBeTruthy();

    // The appeal's receipt: a courtesy, so it carries a one-click unsubscribe (RFC 8058).
    const appealReceipt = await mailTo(contributor.email, 'Your appeal was received');
    expectFromTheSite(appealReceipt);
    expect(appealReceipt.Text).toMatch(new RegExp(`^We received your appeal on ${MAIL_DATE} against the decision of ${MAIL_DATE} to restrict your artifact "${literal(artifact.name)}"\\.`));
    expect(appealReceipt.Text).toContain(`Reference: ${appealId}`);
    expect(appealReceipt.Text).toContain('A moderator other than the one who decided reviews it; until then the decision stays in force. We will write to this address when they rule.');
    expect(appealReceipt.ListUnsubscribe.HeaderPost).toBe('List-Unsubscribe=One-Click');
    expect(appealReceipt.Text).toMatch(/To receive no more of these emails: http\S+/);
    const thread = mailLink(appealReceipt, 'Read your appeal');
    expect(thread).toBe(link);
    await page.goto(thread);
    await expect(card.getByRole('region', { name: 'Your appeal' })).toContainText('The price is the auction record of 1901, not an offer.');
    await page.context().close();
  });

  test('a moderator answers a contact message from the inbox and the sender receives the answer, their message quoted', async ({ browser }) => {
    test.setTimeout(90_000);
    const tag = randomUUID().slice(0, 8);
    const sender = { name: `Visitor ${tag}`, email: visitorAddress(), message: `Is the photo of the bronze mirror yours?\nI'd like to reuse it in a school talk (${tag}).` };
    const sent = await fetch(`${API_URL}/contact`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(sender) });
    expect(sent.status).toBe(201);
    const desk = await desktop(browser);
    await desk.goto('/login');
    await signIn(desk, await moderator());
    await desk.goto('/moderation/inbox');
    // Newest first: the message just sent is on the first page.
    const item = desk.getByRole('article', { name: `From ${sender.name}` });
    const form = item.getByRole('form', { name: `Reply to the message from ${sender.name}` });
    const answer = `Yes, it is ours: you may reuse it with the credit “Antiquarium” (${tag}).`;
    await form.getByRole('textbox', { name: 'Your reply' }).fill(answer);
    await form.getByRole('button', { name: 'Send reply' }).click();
    await expectToast(desk, 'Your reply is on its way to the sender.');
    // Kept with the message.
    await expect(item.getByRole('heading', { name: 'Replies' })).toBeVisible();
    await expect(item.locator('.mod-thread blockquote')).toHaveText(answer);

    const mail = await mailTo(sender.email, 'Re: your message to Antiquarium');
    expectFromTheSite(mail);
    expectMandatory(mail);
    expect(mail.Text).toMatch(new RegExp(`^Hello ${literal(sender.name)},\n\n${literal(answer)}\n\nThis address does not read replies: to write to us again, use the contact page\\.`));
    expect(mail.Text).toMatch(new RegExp(`\n\nYou wrote on ${MAIL_DATE}:\n${literal(`> Is the photo of the bronze mirror yours?\n> I'd like to reuse it in a school talk (${tag}).`)}\n`));
    expect(mail.HTML).toContain(`<blockquote style="margin: 0 0 1em; padding-left: 1em; border-left: 3px solid #ccc;">Is the photo of the bronze mirror yours?<br>\nI&#39;d like to reuse it in a school talk (${tag}).</blockquote>`);
    expect(mailLink(mail, 'Write to us again')).toBe(`${SITE_URL}/contact`);
    await desk.context().close();
  });

  test('with the mail server down, a moderator’s decision answers at once, and its mails arrive once the server is back', async ({ browser }) => {
    test.skip(!MAIL_RELAY_URL, 'only scripts/test.mjs puts a relay between the api and the mail server');
    // The outbox's worker tries a refused mail again after 30 s (api/src/mail/retry-schedule.ts), and
    // looks for due mail every 5 s: the mails arrive 30-35 s after the decision.
    test.setTimeout(120_000);
    const contributor = await createUser();
    const artifact = await createArtifactAs(contributor);
    const email = visitorAddress();
    await report(artifact._id, email);
    // The receipt first: nothing of this journey is still on its way when the server goes down.
    await mailTo(email, 'Your report to Antiquarium was received');

    const desk = await desktop(browser);
    await desk.goto('/login');
    await signIn(desk, await moderator());
    const entry = await queueEntry(desk, artifact.name);
    await entry.getByRole('button', { name: 'Decide' }).click();
    const form = entry.getByRole('form', { name: `Decision on ${artifact.name}` });
    await form.getByRole('radio', { name: /^Restrict/ }).check();
    await form.getByLabel('Ground').selectOption('rule-2');
    await form.getByLabel('Facts').fill('It is offered for sale at a fair.');

    const before = await setMailServer('down');
    try {
      const decided = desk.waitForResponse((response) => response.url().endsWith('/moderation/decisions') && response.request().method() === 'POST');
      const started = Date.now();
      await form.getByRole('button', { name: 'Record decision' }).click();
      expect((await decided).status()).toBe(201);
      // The request only writes the outbox: it never waits on the mail server.
      expect(Date.now() - started).toBeLessThan(5000);
      await expectToast(desk, 'Decision recorded: the artifact is restricted.');

      // The worker tried both mails (the statement of reasons and the notifier's outcome) and was refused.
      await expect.poll(async () => (await mailServerState()).refused - before.refused, { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
      expect(await subjectsTo(contributor.email)).toEqual([]);
      expect(await subjectsTo(email)).toEqual(['Your report to Antiquarium was received']);
    } finally {
      await setMailServer('up');
    }

    // Back up: the next attempt sends them, nothing lost and nothing twice.
    const statement = await mailTo(contributor.email, `Your artifact "${artifact.name}" was restricted`, 45_000);
    expect(statement.Text).toContain('The facts: It is offered for sale at a fair.');
    const outcome = await mailTo(email, 'A moderator decided on your report', 45_000);
    expect(outcome.Text).toContain('Outcome: restricted. The artifact is hidden from the public.');
    expect(await subjectsTo(contributor.email)).toEqual([statement.Subject]);
    expect((await subjectsTo(email)).sort()).toEqual(['A moderator decided on your report', 'Your report to Antiquarium was received']);
    await desk.context().close();
  });
});
