// The moderators' remote (issue 27): a moderator restricts a reported artifact with a ground and the
// facts, it disappears for visitors everywhere and stays for its contributor; on the contributor's
// appeal a second moderator reverses it (the first may not) and it is back. Members are refused.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { createArtifactAs, expectToast, type CreatedArtifact } from '../support/account';
import { apiGet, apiSend } from '../support/api';
import { API_URL } from '../support/env';
import { checkScreen, grantModerator, queueEntry } from '../support/moderators';
import { signIn } from '../support/session';
import { createUser, type TestUser } from '../support/users';
import { startSite } from '../support/first-page';

async function newSignedInPage(browser: Browser, user: TestUser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto('/login');
  await signIn(page, user);
  return page;
}

/** Everything a visitor could find the artifact by: search (and its facets), the list, the composed home page. */
async function expectVisitorSees(visitor: Page, artifact: CreatedArtifact, seen: boolean): Promise<void> {
  const count = seen ? 1 : 0;
  // The composed first page (docs/decisions/0010) as the server sends it, every cache included:
  // a decision reaches it within 2 s.
  await expect
    .poll(async () => (await (await visitor.request.get('/')).text()).includes(artifact.name), { timeout: 5000 })
    .toBe(seen);
  await visitor.goto('/');
  await startSite(visitor);
  const recent = visitor.getByRole('region', { name: 'Recently Added Artifacts' });
  await recent.scrollIntoViewIfNeeded();
  await expect(recent.locator('.cat-strip__item').first()).toBeVisible();
  await expect(recent.getByRole('heading', { level: 3, name: artifact.name })).toHaveCount(count);
  await visitor.goto(`/all-artifacts?search=${encodeURIComponent(artifact.name)}`);
  await startSite(visitor);
  if (seen) await expect(visitor.locator('.aq-card').filter({ hasText: artifact.name })).toHaveCount(1);
  else await expect(visitor.getByText('No artifacts match your criteria.')).toBeVisible();
  const { body: facets } = await apiGet<{ total: number }>(`/artifacts/facets?search=${encodeURIComponent(artifact.name)}`);
  expect(facets.total).toBe(count);
  // The whole list, newest first, as a visitor pages it.
  const { body: newest } = await apiGet<{ _id: string }[]>('/artifacts?sort=latest&limit=48');
  expect(newest.filter((item) => item._id === artifact._id)).toHaveLength(count);
}

test.describe('Moderators: the queue, decisions and appeals', () => {
  test('a visitor opening /moderation is sent to sign in; a member is told they are not a moderator', async ({ page }) => {
    // Two first pages, a sign-in and two axe scans: more than the default minute on a busy 2-core machine.
    test.setTimeout(120_000);
    // The public first pages load nothing of the moderators' remote.
    const config = (await (await page.request.get('/runtime-config.json')).json()) as { remotes: Record<string, string> };
    const moderationOrigin = new URL(config.remotes['moderation'] ?? '').origin;
    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.url().startsWith(moderationOrigin)) asked.push(request.url());
    });
    await page.goto('/');
    await startSite(page);
    await expect(page.getByRole('heading', { level: 2, name: 'Featured Historical Artifacts' })).toBeVisible();
    await page.goto('/all-artifacts');
    await startSite(page);
    // The catalog's list page loads its code after the home page's (a busy 2-core machine is slow).
    await expect(page.locator('.aq-card').first()).toBeVisible({ timeout: 30_000 });
    expect(asked).toEqual([]);
    await page.goto('/moderation');
    await expect(page).toHaveURL(/\/login/);
    const member = await createUser();
    await signIn(page, member);
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Moderation' })).toHaveCount(0);
    await page.goto('/moderation');
    await expect(page.getByRole('heading', { name: 'Not a moderator' })).toBeVisible();
    await expect(page.getByText('your account does not have the moderator role')).toBeVisible();
    await checkScreen(page, 'Moderation queue');
  });

  test('a moderator restricts a reported artifact; it is hidden from visitors, kept for its contributor, and back once a second moderator reverses it on appeal', async ({ browser, page }) => {
    test.setTimeout(180_000);
    const tag = randomUUID().slice(0, 6);
    const contributor = await createUser(`Careful Contributor ${tag}`);
    const artifact = await createArtifactAs(contributor, `Moderated relic ${randomUUID().slice(0, 8)}`);
    // A visitor's notice, through the api (the report dialog is another screen's journey).
    const notice = await fetch(`${API_URL}/reports`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ artifactId: artifact._id, reason: 'illegal-trade', details: 'Dug up without a permit and offered for sale.', goodFaith: true }),
    });
    expect(notice.status).toBe(201);
    const [first, second] = [await createUser(`First Moderator ${tag}`), await createUser(`Second Moderator ${tag}`)];
    await grantModerator(first);
    await grantModerator(second);

    const visitor = await (await browser.newContext()).newPage();
    await expectVisitorSees(visitor, artifact, true);

    // The first moderator finds the queue from the main navigation.
    await page.goto('/login');
    await signIn(page, first);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Moderation' }).click();
    await expect(page).toHaveURL(/\/moderation$/);
    const entry = await queueEntry(page, artifact.name);
    await expect(entry.getByText('1 open notice')).toBeVisible();
    await expect(entry.getByText('1 × Looted or trafficked (illegal trade)')).toBeVisible();
    // The artifact's current content, beside its notices.
    await expect(entry.getByText(`A test artifact named ${artifact.name}.`)).toBeVisible();
    await expect(entry.getByText('Dug up without a permit and offered for sale.', { exact: false })).toBeVisible();
    await entry.getByRole('button', { name: 'Decide' }).click();
    const form = entry.getByRole('form', { name: `Decision on ${artifact.name}` });
    await checkScreen(page, 'Moderation queue');
    // Nothing chosen: each missing piece is named at its field, and nothing is sent.
    await form.getByRole('button', { name: 'Record decision' }).click();
    await expect(form.getByText('Choose what happens to the artifact.')).toBeVisible();
    await expect(form.getByText('Write the facts the decision rests on.')).toBeVisible();
    await form.getByRole('radio', { name: /^Restrict/ }).check();
    await form.getByLabel('Ground').selectOption('rule-2');
    await form.getByLabel('Facts').fill('The description offers the object for sale; its find spot is an unlicensed excavation.');
    await expect(form.getByRole('checkbox', { name: /Looted or trafficked/ })).toBeChecked();
    await form.getByRole('button', { name: 'Record decision' }).click();
    await expectToast(page, 'Decision recorded: the artifact is restricted.');
    await expect(page.getByRole('article', { name: artifact.name })).toHaveCount(0);

    await expectVisitorSees(visitor, artifact, false);
    // Its contributor still sees it.
    const own = await newSignedInPage(browser, contributor);
    await own.goto(`/artifacts/${artifact._id}`);
    await expect(own.getByRole('heading', { level: 1, name: artifact.name })).toBeVisible();

    // The contributor appeals through the api (their appeal screen is another journey's).
    const [statement] = (await apiGet<{ decisionId: string; artifactId: string }[]>('/me/notices', contributor.token)).body.filter((item) => item.artifactId === artifact._id);
    expect(statement).toBeDefined();
    const appeal = await apiSend<{ id: string }>('POST', '/appeals', contributor.token, { decisionId: statement?.decisionId, text: 'The object is a cast replica I made; nothing is for sale.' });

    // The moderator who decided may not rule on it, and is told so at once, with no form to fill in vain.
    await page.getByRole('navigation', { name: 'Moderation' }).getByRole('link', { name: 'Appeals' }).click();
    const mine = page.getByRole('article', { name: `Appeal by the contributor: ${artifact.name}` });
    await expect(mine.getByText('The object is a cast replica I made; nothing is for sale.')).toBeVisible();
    await expect(mine.getByText('Another moderator must rule on this appeal.')).toBeVisible();
    await expect(mine.getByRole('button', { name: 'Record ruling' })).toHaveCount(0);
    await checkScreen(page, 'Appeals');
    await expectVisitorSees(visitor, artifact, false);

    // The second moderator replies, then reverses it.
    const reviewer = await newSignedInPage(browser, second);
    await reviewer.goto('/moderation/appeals');
    const theirs = reviewer.getByRole('article', { name: `Appeal by the contributor: ${artifact.name}` });
    await theirs.getByLabel('Reply to the appellant').fill('Thank you: could you send a photograph of the maker’s mark?');
    await theirs.getByRole('button', { name: 'Send reply' }).click();
    await expectToast(reviewer, 'Your reply was sent.');
    await expect(theirs.getByText('could you send a photograph of the maker’s mark?', { exact: false })).toBeVisible();
    await theirs.getByRole('radio', { name: /^Reverse the decision/ }).check();
    await theirs.getByLabel('Reasons for the ruling').fill('The contributor made the replica; no trade is offered.');
    await theirs.getByRole('button', { name: 'Record ruling' }).click();
    await expectToast(reviewer, 'Ruling recorded.');
    await expect(theirs).toHaveCount(0);
    expect((await apiGet<{ status: string }>(`/appeals/${appeal.id}`, contributor.token)).body.status).toBe('reversed');

    await expectVisitorSees(visitor, artifact, true);

    // The record of it all, and the other screens of the desk.
    await reviewer.goto('/moderation/audit');
    await expect(reviewer.getByText(/appeal/).first()).toBeVisible();
    await checkScreen(reviewer, 'Audit log');
    await reviewer.goto('/moderation/cases');
    await expect(reviewer.getByText(/No member is warned or suspended\.|Member /).first()).toBeVisible();
    await checkScreen(reviewer, 'Misuse cases');
    await reviewer.goto('/moderation/transparency');
    await expect(reviewer.getByRole('heading', { level: 2 }).first()).toBeVisible();
    await checkScreen(reviewer, 'Transparency');
    await reviewer.goto('/moderation/appeals?status=decided');
    await expect(reviewer.getByText('The contributor made the replica; no trade is offered.', { exact: false })).toBeVisible();
  });
});
