import { expect, test, type Browser, type BrowserContextOptions, type Locator, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { createArtifactAs } from '../support/account';
import { apiGet, apiSend, type ArtifactSummary } from '../support/api';
import { openedDialog, whenOpened } from '../support/dialogs';
import { API_URL, SITE_URL } from '../support/env';
import { startSite } from '../support/first-page';
import { grantModerator, queueEntry } from '../support/moderators';
import { signIn } from '../support/session';
import { createUser, type TestUser } from '../support/users';

/**
 * Issue 43's last items: a toast never covers an open dialog on a phone; Cancel or Escape in the
 * report dialog, and closing the moderators' decision form, ask before throwing away what was typed
 * (the leave guard's question) and ask nothing when nothing was; after Previous or Next the focus
 * goes to the results' heading on every paged list; the slideshow's play button keeps the focus
 * when the system's motion setting changes.
 */

const LEAVE = { title: 'Leave without saving?', stay: 'Stay on this page', leave: 'Leave without saving' };
const PHONE: BrowserContextOptions = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const DESKTOP: BrowserContextOptions = { viewport: { width: 1280, height: 800 } };

async function signedIn(browser: Browser, user: TestUser, options: BrowserContextOptions): Promise<Page> {
  const context = await browser.newContext({ ...options, baseURL: SITE_URL });
  const page = await context.newPage();
  await signIn(page, user);
  return page;
}

/** Where the shown toast and the open dialog overlap, the points the toast would cover (the element there is not the dialog's). */
async function toastOverDialog(page: Page): Promise<{ overlap: boolean; covered: string[] }> {
  return page.evaluate(() => {
    const toast = document.querySelector('.ant-notification-notice')?.getBoundingClientRect();
    const dialog = document.querySelector('.ant-modal');
    const box = dialog?.getBoundingClientRect();
    if (!toast || !dialog || !box) throw new Error('no toast or no dialog on screen');
    const left = Math.max(toast.left, box.left);
    const right = Math.min(toast.right, box.right, window.innerWidth);
    const top = Math.max(toast.top, box.top);
    const bottom = Math.min(toast.bottom, box.bottom, window.innerHeight);
    if (right - left < 2 || bottom - top < 2) return { overlap: false, covered: [] };
    const covered: string[] = [];
    for (let i = 1; i < 6; i += 1) {
      for (let j = 1; j < 6; j += 1) {
        const x = left + ((right - left) * i) / 6;
        const y = top + ((bottom - top) * j) / 6;
        const there = document.elementFromPoint(x, y);
        if (!there || !dialog.contains(there)) covered.push(`${Math.round(x)},${Math.round(y)}: ${there?.className ?? 'nothing'}`);
      }
    }
    return { overlap: true, covered };
  });
}

/** Whether the element at the centre of `control` is the control (nothing lies over it). */
async function uncovered(control: Locator): Promise<boolean> {
  return control.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const there = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return there !== null && element.contains(there);
  });
}

test('390 px with touch: a toast stays under the open report dialog; Escape and Cancel ask before throwing away what was typed, and nothing when nothing was', async ({ browser }) => {
  test.setTimeout(120_000);
  const member = await createUser();
  const page = await signedIn(browser, member, PHONE);
  const { body: artifacts } = await apiGet<ArtifactSummary[]>('/artifacts?limit=1');
  const artifact = artifacts[0]!;
  // A like the api refuses: its error toast stays until dismissed (libs/ui notify.ts).
  await page.route(/\/artifacts\/toggle-like\//, (route) => route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ statusCode: 500, message: 'Internal server error' }) }));
  await page.goto(`/artifacts/${artifact._id}`);
  await startSite(page);
  await page.locator('main button.cat-like').tap();
  const toast = page.locator('.ant-notification-notice');
  await expect(toast).toBeVisible();

  const opener = page.locator('main').getByRole('button', { name: 'Report', exact: true });
  await opener.tap();
  const report = await whenOpened(page.getByRole('dialog', { name: 'Report this artifact' }));
  const send = report.getByRole('button', { name: 'Send report' });
  const cancel = report.getByRole('button', { name: 'Cancel' });
  // The dialog's foot at the screen's foot, where the toast is.
  await send.evaluate((element) => element.scrollIntoView({ block: 'end' }));
  await expect(toast).toBeVisible();
  const found = await toastOverDialog(page);
  expect(found.overlap, 'the toast and the dialog share part of the screen').toBe(true);
  expect(found.covered).toEqual([]);
  expect(await uncovered(send)).toBe(true);
  expect(await uncovered(cancel)).toBe(true);

  // Something typed: Escape asks, focus on Stay; Stay keeps it.
  const explanation = report.getByRole('textbox', { name: /^Explanation/ });
  await explanation.fill('Taken from a museum store in 1990.');
  await page.keyboard.press('Escape');
  const asked = await openedDialog(page, LEAVE.title);
  await expect(asked.getByRole('button', { name: LEAVE.stay })).toBeFocused();
  await asked.getByRole('button', { name: LEAVE.stay }).tap();
  await expect(asked).toBeHidden();
  await expect(report).toBeVisible();
  await expect(explanation).toHaveValue('Taken from a museum store in 1990.');

  // Cancel asks too; Leave closes, the focus back on Report.
  await cancel.tap();
  const again = await openedDialog(page, LEAVE.title);
  await again.getByRole('button', { name: LEAVE.leave }).tap();
  await expect(report).toBeHidden();
  await expect(opener).toBeFocused();

  // Opened again, empty: Escape closes at once.
  await opener.tap();
  const empty = await whenOpened(page.getByRole('dialog', { name: 'Report this artifact' }));
  await expect(empty.getByRole('textbox', { name: /^Explanation/ })).toHaveValue('');
  await page.keyboard.press('Escape');
  await expect(empty).toBeHidden();
  await expect(page.getByRole('dialog', { name: LEAVE.title })).toHaveCount(0);
  await page.context().close();
});

test('desktop: a moderator closing a decision form with facts written is asked first; with nothing written it closes at once', async ({ browser }) => {
  test.setTimeout(120_000);
  const tag = randomUUID().slice(0, 8);
  const contributor = await createUser();
  const artifact = await createArtifactAs(contributor, `Guarded relic ${tag}`);
  const notice = await fetch(`${API_URL}/reports`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ artifactId: artifact._id, reason: 'spam', details: 'Advertises a shop.', goodFaith: true }),
  });
  expect(notice.status).toBe(201);
  const moderator = await createUser(`Careful Moderator ${tag}`);
  await grantModerator(moderator);
  const page = await signedIn(browser, moderator, DESKTOP);
  const entry = await queueEntry(page, artifact.name);
  const toggle = entry.getByRole('button', { name: /^(Decide|Close the decision form)$/ });
  const form = entry.getByRole('form', { name: `Decision on ${artifact.name}` });

  await toggle.click();
  await expect(form).toBeVisible();
  await toggle.click();
  await expect(form).toHaveCount(0);
  await expect(page.getByRole('dialog', { name: LEAVE.title })).toHaveCount(0);

  await toggle.click();
  await form.getByLabel('Facts').fill('The text advertises a shop.');
  await toggle.click();
  const asked = await openedDialog(page, LEAVE.title);
  await expect(asked.getByRole('button', { name: LEAVE.stay })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(asked).toBeHidden();
  await expect(form.getByLabel('Facts')).toHaveValue('The text advertises a shop.');
  await toggle.click();
  await (await openedDialog(page, LEAVE.title)).getByRole('button', { name: LEAVE.leave }).click();
  await expect(form).toHaveCount(0);
  await expect(toggle).toHaveText('Decide');
  await page.context().close();
});

test('desktop: after Next or Previous on My Artifacts and My Collections the focus goes to the results’ count or heading', async ({ browser }) => {
  test.setTimeout(120_000);
  const member = await createUser();
  const tag = member.uid.slice(0, 6);
  for (let index = 0; index < 21; index += 1) {
    await createArtifactAs(member, `Paged find ${String(index).padStart(2, '0')} ${tag}`);
    await apiSend('POST', '/collections', member.token, { title: `Paged set ${String(index).padStart(2, '0')} ${tag}`, visibility: 'public', description: '' });
  }
  const page = await signedIn(browser, member, DESKTOP);

  const pages = page.getByRole('navigation', { name: 'Pages' });
  await page.goto('/my-artifacts');
  await expect(page.getByText('Page 1 of 2')).toBeVisible();
  // By keyboard, as the pager's people use it.
  await pages.getByRole('link', { name: 'Next' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/my-artifacts\?page=2$/);
  await expect(page.getByRole('status').filter({ hasText: /^21 artifacts$/ })).toBeFocused();
  await pages.getByRole('link', { name: 'Previous' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Page 1 of 2')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /^21 artifacts$/ })).toBeFocused();

  await page.goto('/my-collections');
  await expect(page.getByText('Page 1 of 2')).toBeVisible();
  await pages.getByRole('link', { name: 'Next' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/my-collections\?page=2$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My Collections' })).toBeFocused();
  await page.context().close();
});

for (const [name, options] of [
  ['390 px with touch', PHONE],
  ['desktop', DESKTOP],
] as const) {
  test(`${name}: the slideshow's play button keeps the focus when the system's motion setting changes`, async ({ browser }) => {
    const context = await browser.newContext({ ...options, baseURL: SITE_URL });
    const page = await context.newPage();
    await page.goto('/');
    await startSite(page);
    const banner = page.locator('section[aria-roledescription="carousel"]');
    const pause = banner.getByRole('button', { name: 'Pause slideshow' });
    await pause.focus();
    await expect(pause).toBeFocused();
    const button = await pause.elementHandle();

    await page.emulateMedia({ reducedMotion: 'reduce' });
    // Paused, and said so, on the same element, which keeps the focus.
    await expect(banner.getByRole('button', { name: 'Play slideshow' })).toBeFocused();
    expect(await page.evaluate((element) => document.activeElement === element && element?.isConnected, button)).toBe(true);
    await expect(banner.getByRole('button', { name: /slideshow/ })).toHaveCount(1);

    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await expect(banner.getByRole('button', { name: 'Play slideshow' })).toBeFocused();
    await context.close();
  });
}
