// The contributor's and the public's side of notice and action (issue 27): a contributor whose
// artifact a moderator restricted (through the api) sees the statement of reasons on the artifact
// and in My Notices, appeals with the keyboard only, follows the thread, and sees the outcome once a
// second moderator reverses the decision; the artifact is public again. A visitor's transparency
// page counts the decision. Both screens axe-clean at 390 px and at a desktop width.
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { seriousFindings } from '../support/axe';
import { createArtifactAs, expectToast } from '../support/account';
import { apiGet, apiSend } from '../support/api';
import { signIn } from '../support/session';
import { createUser, withClaims, type TestUser } from '../support/users';
import { startSite } from '../support/first-page';

interface Statement {
  decisionId: string;
  artifactId: string;
  appeal: { appealId: string | null };
}

/** Axe-clean and no sideways scroll, at 390 px and at a desktop width (then back to the desktop). */
async function checkScreen(page: Page, heading: string): Promise<void> {
  for (const size of [{ width: 390, height: 844 }, { width: 1280, height: 900 }]) {
    await page.setViewportSize(size);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
    expect(await seriousFindings(page, { afterToasts: true })).toEqual([]);
  }
}

async function newPage(browser: Browser): Promise<Page> {
  return (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
}

const moderator = async () => withClaims(await createUser(), { moderator: true });

/** This month's figure in one of the transparency tables (0 when the month has no row yet). */
async function figure(page: Page, table: string, column: string): Promise<number> {
  await page.goto('/transparency');
  // The figures are counted on each call: on a busy machine that can take a few seconds.
  await expect(page.getByText(/^Counted on /)).toBeVisible({ timeout: 20_000 });
  const region = page.getByRole('region', { name: table });
  // No table at all while nothing was ever noticed or decided.
  if ((await region.count()) === 0) return 0;
  const headers = await region.getByRole('columnheader').allTextContents();
  const month = new Date().toLocaleDateString('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });
  const row = region.getByRole('row').filter({ has: page.getByRole('rowheader', { name: month, exact: true }) });
  if ((await row.count()) === 0) return 0;
  const cells = await row.locator('th, td').allTextContents();
  return Number(cells[headers.indexOf(column)]);
}

async function focused(page: Page, target: Locator): Promise<void> {
  await expect(target).toBeFocused();
}

test('a restricted contributor reads the reasons, appeals by keyboard, follows the thread and sees the reversal; the figures count it', async ({ browser }) => {
  // One long journey: two browsers, four screens checked with axe at two widths, three api decisions.
  test.setTimeout(180_000);
  const contributor: TestUser = await createUser();
  const artifact = await createArtifactAs(contributor);
  const [first, second] = [await moderator(), await moderator()];

  // A visitor's transparency page before the decision.
  const visitor = await newPage(browser);
  const restrictedBefore = await figure(visitor, 'Decisions by action', 'Restricted');
  const reversedBefore = await figure(visitor, 'Appeals and suspensions', 'Reversed');

  const decision = await apiSend<{ id: string }>('POST', '/moderation/decisions', first.token, {
    artifactId: artifact._id,
    action: 'restrict',
    ground: 'rule-2',
    facts: 'The description prices the object',
    reportIds: [],
  });
  // Counted from the records on each call: the next visit shows it.
  expect(await figure(visitor, 'Decisions by action', 'Restricted')).toBe(restrictedBefore + 1);
  await checkScreen(visitor, 'Transparency');

  // On the artifact: the notice, linked to its statement.
  const page = await newPage(browser);
  await page.goto('/login');
  await signIn(page, contributor);
  await page.goto(`/artifacts/${artifact._id}`);
  await expect(page.getByRole('heading', { level: 1, name: artifact.name })).toBeVisible();
  await expect(page.getByRole('note')).toHaveText(/A moderator restricted this artifact: only you and the moderators can see it\./);
  const toStatement = page.getByRole('note').getByRole('link', { name: 'Read the reasons and appeal' });
  await expect(toStatement).toHaveAttribute('href', `/my-notices#notice-${decision.id}`);
  await toStatement.focus();
  await page.keyboard.press('Enter');

  // In My Notices: the statement, focused.
  await expect(page).toHaveURL(new RegExp(`/my-notices#notice-${decision.id}$`));
  const card = page.getByRole('article', { name: `Restricted: ${artifact.name}` });
  await focused(page, card);
  await expect(card).toContainText('hidden from everyone but you and the moderators');
  await expect(card).toContainText('The description prices the object');
  await expect(card).toContainText('Terms, rule 2:');
  await expect(card).toContainText('no automated means');
  await expect(card).toContainText(/You can appeal until \d{1,2} \w+ \d{4}\./);
  await checkScreen(page, 'My Notices');

  // In My Artifacts: still there, marked.
  await page.goto('/my-artifacts');
  await expect(page.getByRole('link', { name: `Restricted: see why (${artifact.name})` })).toHaveAttribute('href', '/my-notices');

  // The appeal, with the keyboard only: from the statement, past its link, into the text, to Send.
  await page.goto(`/my-notices#notice-${decision.id}`);
  await focused(page, card);
  await page.keyboard.press('Tab');
  await focused(page, card.getByRole('link', { name: `Open the artifact ${artifact.name}` }));
  await page.keyboard.press('Tab');
  await focused(page, card.getByRole('textbox', { name: 'Why should this decision change?' }));
  await page.keyboard.type('The price is the auction record of 1901, not an offer.');
  await page.keyboard.press('Tab');
  await focused(page, card.getByRole('button', { name: 'Send appeal' }));
  await page.keyboard.press('Enter');
  await expectToast(page, 'Your appeal was sent. A moderator will answer here.');
  const thread = card.getByRole('region', { name: 'Your appeal' });
  await focused(page, thread);
  await expect(thread).toContainText('Under review: a moderator other than the one who decided will answer.');
  await expect(thread).toContainText('The price is the auction record of 1901, not an offer.');

  // A moderator asks; the contributor answers in the thread, by keyboard.
  const { body: notices } = await apiGet<Statement[]>('/me/notices', contributor.token);
  const appealId = notices.find((item) => item.decisionId === decision.id)?.appeal.appealId;
  expect(appealId).toBeTruthy();
  await apiSend('POST', `/appeals/${appealId}/messages`, second.token, { text: 'Which auction was it?' });
  await page.reload();
  await expect(thread).toContainText('Which auction was it?');
  await focused(page, card);
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await focused(page, thread.getByRole('textbox', { name: 'Reply to the moderators' }));
  await page.keyboard.type('Sotheby’s, lot 12.');
  await page.keyboard.press('Tab');
  await focused(page, thread.getByRole('button', { name: 'Send reply' }));
  await page.keyboard.press('Enter');
  await expectToast(page, 'Your reply was sent.');
  await expect(thread.locator('.acc-thread__message')).toHaveCount(3);
  await expect(thread.locator('.acc-thread__message').last()).toContainText('Sotheby’s, lot 12.');

  // A second moderator reverses: the contributor sees the outcome, and the artifact is public again.
  await apiSend('POST', `/moderation/appeals/${appealId}/decision`, second.token, { outcome: 'reversed', reasons: 'A historical record, not an offer' });
  await page.reload();
  await expect(card).toContainText(/Reversed on \d{1,2} \w+ \d{4}: the decision was withdrawn\./);
  await expect(thread).toContainText('Reversed: the decision was withdrawn.');
  await expect(thread).toContainText('The reasons: A historical record, not an offer');
  await expect(thread.getByRole('textbox')).toHaveCount(0);
  await page.goto(`/artifacts/${artifact._id}`);
  await expect(page.getByRole('heading', { level: 1, name: artifact.name })).toBeVisible();
  await expect(page.getByRole('note')).toHaveCount(0);
  await visitor.goto(`/all-artifacts?search=${encodeURIComponent(artifact.name)}`);
  await startSite(visitor);
  await expect(visitor.locator('.aq-card').filter({ hasText: artifact.name })).toHaveCount(1);
  expect(await figure(visitor, 'Appeals and suspensions', 'Reversed')).toBe(reversedBefore + 1);
});
