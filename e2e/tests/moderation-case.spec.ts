// Moderators see the case (issue 43): the notice's sender's address, with a way to write to them;
// an appeal with its artifact (name, picture), the decision appealed (action, ground, facts, who
// decided, when), the appellant's text and thread; the moderator who decided told at once that
// another must rule, the other ruling; the audit naming them by name; the notice's sender told on
// the report's page and in My Notices which artifact it was and when the decision was reversed.
// /moderation/appeals, with two appeals listed, is clean to axe at a phone's and a desktop's width.
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { axeFindings } from '../support/axe';
import { randomUUID } from 'node:crypto';
import { createArtifactAs, expectToast, type CreatedArtifact } from '../support/account';
import { apiSend } from '../support/api';
import { API_URL } from '../support/env';
import { queueEntry } from '../support/moderators';
import { signIn } from '../support/session';
import { createUser, withClaims, type TestUser } from '../support/users';

const APPEAL_TEXT = 'It is a cast I made from a museum mould; the price was the museum shop’s, not mine.';

async function signedIn(browser: Browser, user: TestUser): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await page.goto('/login');
  await signIn(page, user);
  return page;
}


/** An appeal's article on /moderation/appeals (open ones, oldest first), paging on while it is not on the page shown. */
async function appealOn(page: Page, artifact: CreatedArtifact): Promise<Locator> {
  await page.goto('/moderation/appeals');
  const article = page.getByRole('article', { name: `Appeal by the contributor: ${artifact.name}` });
  for (;;) {
    await expect(page.getByRole('article').first().or(page.getByText('No open appeals.'))).toBeVisible();
    if ((await article.count()) > 0) return article;
    const next = page.getByRole('link', { name: 'Next' });
    if ((await next.count()) === 0) throw new Error(`No open appeal about ${artifact.name}`);
    await next.click();
    await expect(page).toHaveURL(/page=/);
  }
}

async function sendNotice(artifact: CreatedArtifact, body: Record<string, unknown>, token?: string): Promise<{ id: string; receipt: string }> {
  const response = await fetch(`${API_URL}/reports`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ artifactId: artifact._id, reason: 'illegal-trade', goodFaith: true, ...body }),
  });
  expect(response.status).toBe(201);
  return (await response.json()) as { id: string; receipt: string };
}

test('moderators see the case: the notifier to write to, the appeal with its artifact and decision; the one who decided is told another must rule, the other rules; the notifiers see it named and when it was reversed', async ({ browser }) => {
  test.setTimeout(240_000);
  const tag = randomUUID().slice(0, 6);
  const contributor = await createUser(`Cast Maker ${tag}`);
  const notifier = await createUser(`Careful Notifier ${tag}`);
  const [decider, reviewer] = [await withClaims(await createUser(`Deciding Moderator ${tag}`), { moderator: true }), await withClaims(await createUser(`Reviewing Moderator ${tag}`), { moderator: true })];
  const amphora = await createArtifactAs(contributor, `Priced amphora ${tag}`);
  const lamp = await createArtifactAs(contributor, `Priced lamp ${tag}`);
  const address = `finder-${tag}@example.org`;
  const visitorNotice = await sendNotice(amphora, { details: 'Priced for sale in the description.', email: address });
  const memberNotice = await sendNotice(amphora, { details: 'The price is in the text.' }, notifier.token);
  const lampNotice = await sendNotice(lamp, { details: 'Also priced.' });

  // The moderator who will decide sees who to write to about the visitor's notice.
  const first = await signedIn(browser, decider);
  const entry = await queueEntry(first, amphora.name);
  const write = entry.getByRole('link', { name: `Write to the notice’s sender at ${address}` });
  await expect(write).toHaveAttribute('href', `mailto:${address}?subject=${encodeURIComponent(`Your report to Antiquarium (reference ${visitorNotice.id})`)}`);

  // Both artifacts restricted by the first moderator (their decision screen is another journey's), both appealed.
  const facts = 'The description offers the object for sale at a price.';
  const decide = (artifact: CreatedArtifact, reportIds: string[]) =>
    apiSend<{ id: string }>('POST', '/moderation/decisions', decider.token, { artifactId: artifact._id, action: 'restrict', ground: 'rule-2', facts, reportIds });
  const amphoraDecision = await decide(amphora, [visitorNotice.id, memberNotice.id]);
  const lampDecision = await decide(lamp, [lampNotice.id]);
  const appeal = await apiSend<{ id: string }>('POST', '/appeals', contributor.token, { decisionId: amphoraDecision.id, text: APPEAL_TEXT });
  await apiSend('POST', '/appeals', contributor.token, { decisionId: lampDecision.id, text: 'The lamp is mine too, and not for sale.' });

  // The one who decided is told at once, where the ruling form would be, and offered no form.
  const theirOwn = await appealOn(first, amphora);
  await expect(theirOwn.getByText('Another moderator must rule on this appeal.')).toBeVisible();
  await expect(theirOwn).toContainText('A moderator other than the one who decided must review the appeal.');
  await expect(theirOwn.getByRole('radio')).toHaveCount(0);
  await expect(theirOwn.getByRole('button', { name: 'Record ruling' })).toHaveCount(0);

  // The other moderator sees the whole case.
  const second = await signedIn(browser, reviewer);
  const theCase = await appealOn(second, amphora);
  const picture = theCase.getByRole('img', { name: `Image of ${amphora.name}` });
  await picture.scrollIntoViewIfNeeded();
  // The restricted artifact's picture is shown to moderators (with a grant when it is a kept photo).
  await expect.poll(() => picture.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
  await expect(theCase.getByRole('link', { name: `Open the artifact’s page: ${amphora.name}` })).toHaveAttribute('href', `/artifacts/${amphora._id}`);
  const fact = (term: string) => theCase.locator('dt', { hasText: new RegExp(`^${term}$`) }).locator('xpath=following-sibling::dd[1]');
  await expect(fact('Action')).toHaveText('Restrict');
  await expect(fact('Ground')).toContainText('Terms, rule 2:');
  await expect(fact('Facts')).toHaveText(facts);
  await expect(fact('Decided by')).toHaveText(decider.name);
  await expect(fact('Decided on')).toHaveText(/^\d{1,2} \w{3} \d{4}, \d{2}:\d{2} UTC$/);
  await expect(theCase.getByText(APPEAL_TEXT)).toBeVisible();
  await expect(theCase.getByText('Another moderator must rule on this appeal.')).toHaveCount(0);

  // With both appeals listed, each with its ruling form: axe finds nothing, the landmarks included.
  await expect(second.getByRole('article', { name: `Appeal by the contributor: ${lamp.name}` })).toBeVisible();
  for (const size of [{ width: 390, height: 844 }, { width: 1280, height: 900 }]) {
    await second.setViewportSize(size);
    await expect(second.getByRole('heading', { level: 1, name: 'Appeals' })).toBeVisible();
    expect(await axeFindings(second, { afterToasts: true }), `axe on /moderation/appeals at ${size.width} px`).toEqual([]);
  }

  // A thread, then the ruling.
  await theCase.getByLabel('Reply to the appellant').fill('Which museum made the mould?');
  await theCase.getByRole('button', { name: 'Send reply' }).click();
  await expectToast(second, 'Your reply was sent.');
  await expect(theCase.getByText('Which museum made the mould?', { exact: false })).toBeVisible();
  await theCase.getByRole('radio', { name: /^Reverse the decision/ }).check();
  await theCase.getByLabel('Reasons for the ruling').fill('A cast of a museum piece; the price was the shop’s.');
  await theCase.getByRole('button', { name: 'Record ruling' }).click();
  await expectToast(second, 'Ruling recorded.');
  await expect(theCase).toHaveCount(0);

  // The audit log names both moderators by name.
  await second.goto('/moderation/audit');
  const ruling = second.getByRole('listitem').filter({ hasText: `appeal:reversed (appeal:${appeal.id})` });
  await expect(ruling.locator('dt', { hasText: /^Who$/ }).locator('xpath=following-sibling::dd[1]')).toHaveText(reviewer.name);
  await expect(second.getByRole('listitem').filter({ hasText: `decision:restrict (artifact:${amphora._id})` }).getByText(decider.name, { exact: true })).toBeVisible();

  // The visitor who reported it: the artifact named, and when the decision was reversed.
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(`/reports/${visitorNotice.id}?receipt=${encodeURIComponent(visitorNotice.receipt)}`);
  await expect(visitor.getByRole('heading', { level: 1, name: 'Your report' })).toBeVisible();
  await expect(visitor.locator('dt', { hasText: /^Artifact$/ }).locator('xpath=following-sibling::dd[1]')).toHaveText(amphora.name);
  await expect(visitor.locator('main')).toContainText(/This decision was reversed on appeal on \d{1,2} \w+ \d{4} at \d{2}:\d{2} UTC\./);

  // The member who reported it: My Notices names it and says when the decision was reversed.
  const member = await signedIn(browser, notifier);
  await member.goto('/my-notices');
  const sent = member.getByRole('region', { name: 'Notices you sent' });
  const notice = sent.getByRole('listitem').filter({ hasText: amphora.name });
  await expect(notice).toContainText(/Restricted, then reversed on appeal on \d{1,2} \w+ \d{4}/);
  await expect(notice.getByRole('link', { name: `Open the artifact ${amphora.name}` })).toHaveAttribute('href', `/artifacts/${amphora._id}`);
});
