import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { seriousFindings } from '../support/axe';
import { apiGet, type ArtifactSummary } from '../support/api';
import { whenOpened } from '../support/dialogs';
import { signIn } from '../support/session';
import { createUser } from '../support/users';
import { startSite } from '../support/first-page';

/**
 * Notices anyone can send (issue 27): a visitor reports from an artifact's card on a phone and
 * follows the receipt; a member reports from the details page's dialog with the keyboard only; a
 * refused notice keeps what was typed. axe on every new screen.
 */

const GOOD_FAITH = 'I send this report in good faith: I believe what I say in it is accurate and complete.';

async function phone(browser: Browser, width = 390) {
  const context = await browser.newContext({ viewport: { width, height: 844 }, isMobile: true, hasTouch: true });
  return { context, page: await context.newPage() };
}

async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: (document.scrollingElement ?? document.documentElement).scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
}

async function expectTarget(locator: Locator) {
  const box = await locator.boundingBox();
  expect(box?.width).toBeGreaterThanOrEqual(44);
  expect(box?.height).toBeGreaterThanOrEqual(44);
}

/** Answers the next POST /reports with `status` and `body` (the api's own budget and its 400 are tested in api/test). */
async function refuseNextReport(page: Page, status: number, body: object) {
  let refused = false;
  await page.route(/\/reports$/, async (route) => {
    if (route.request().method() !== 'POST' || refused) return route.fallback();
    refused = true;
    await route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });
  });
}

test.describe('Reports', () => {
  // The composed documents' markup is checked in mfe-catalog/src/server/frames.test.tsx (a frame
  // missing its 400 ms budget on a busy machine is sent plain, by design).
  test('every card on the first pages has its Report link', async ({ page }) => {
    for (const path of ['/all-artifacts', '/']) {
      await page.goto(path);
      const cards = page.locator('main article.aq-card, main article.cat-mini-card');
      await expect(cards.first()).toBeVisible();
      await expect(page.locator('main a[href^="/report?artifact="]')).toHaveCount(await cards.count());
    }
  });

  test('a visitor reports an artifact from its card on a phone, is refused once and keeps what was typed, then follows the receipt', async ({ browser }) => {
    // Two pages and a follow-up on a busy 2-core machine.
    test.setTimeout(150_000);
    const { context, page } = await phone(browser);
    await page.goto('/all-artifacts');
    await startSite(page);
    const card = page.locator('main article.aq-card').first();
    const name = (await card.getByRole('heading').textContent())!.trim();
    const link = card.getByRole('link', { name: `Report ${name}`, exact: true });
    await expectTarget(link);
    await expectNoSidewaysScroll(page);
    await link.click();
    await expect(page).toHaveURL(/\/report\?artifact=[0-9a-f]{24}$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Report an artifact' })).toBeVisible();
    await expect(page.locator('main')).toContainText(`You are reporting: ${name}`);
    // The form and the receipt page are judged by axe in every-page.spec.ts, at any impact.
    await expectNoSidewaysScroll(page);

    // Said before sending: the explanation is required for this reason.
    await page.getByRole('radio', { name: 'Privacy' }).check();
    const explanation = page.getByRole('textbox', { name: 'Explanation (required for this reason)' });
    await expect(explanation).toBeVisible();
    await page.getByRole('button', { name: 'Send report' }).click();
    await expect(explanation).toBeFocused();
    await expect(page.getByText('Explain what is wrong: it is required for this reason')).toBeVisible();

    await explanation.fill('It shows the front of my house with its number.');
    await page.getByRole('textbox', { name: 'Your email (optional)' }).fill('visitor@example.com');
    await page.getByRole('checkbox', { name: GOOD_FAITH }).check();

    await refuseNextReport(page, 429, { message: 'Too many requests, try again later' });
    await page.getByRole('button', { name: 'Send report' }).click();
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('Your report was not sent.');
    await expect(alert).toContainText('Too many reports were sent from here.');
    await expect(alert).toContainText('What you typed is kept');
    await expect(page.getByRole('radio', { name: 'Privacy' })).toBeChecked();
    await expect(explanation).toHaveValue('It shows the front of my house with its number.');
    await expect(page.getByRole('textbox', { name: 'Your email (optional)' })).toHaveValue('visitor@example.com');
    await expect(page.getByRole('checkbox', { name: GOOD_FAITH })).toBeChecked();

    const sent = page.waitForResponse((response) => response.url().endsWith('/reports') && response.request().method() === 'POST');
    await page.getByRole('button', { name: 'Send report' }).click();
    expect((await sent).status()).toBe(201);
    await expect(page.getByRole('heading', { name: 'Report received' })).toBeFocused();
    await expectNoSidewaysScroll(page);
    await page.getByRole('link', { name: 'Follow your report' }).click();
    await expect(page).toHaveURL(/\/reports\/[0-9a-f]{24}\?receipt=/);
    await expect(page.getByRole('heading', { level: 1, name: 'Your report' })).toBeVisible();
    const main = page.locator('main');
    await expect(main).toContainText('Open: waiting for a moderator');
    await expect(main).toContainText('Privacy');
    await expect(main).toContainText(name);
    await expectNoSidewaysScroll(page);

    // Someone else's guess at the receipt finds nothing.
    const wrong = new URL(page.url());
    wrong.searchParams.set('receipt', 'not-the-receipt');
    await page.goto(wrong.toString());
    await expect(page.getByText('No report matches this link.')).toBeVisible();
    await context.close();
  });

  test('a member reports from the details dialog with the keyboard only, and the api refusing it keeps what was typed', async ({ browser }) => {
    test.setTimeout(150_000);
    const user = await createUser();
    const { body } = await apiGet<ArtifactSummary[]>('/artifacts?sort=name&limit=1');
    const artifact = body[0]!;
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto('/login');
    await signIn(page, user);
    await page.goto(`/artifacts/${artifact._id}`);
    await expect(page.getByRole('heading', { level: 1, name: artifact.name })).toBeVisible();

    const opener = page.getByRole('button', { name: 'Report', exact: true });
    await opener.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Report this artifact' });
    await whenOpened(dialog);
    // A member's report is linked to their account: no email asked.
    await expect(dialog.getByRole('textbox', { name: 'Your email (optional)' })).toHaveCount(0);
    const first = dialog.getByRole('radio', { name: 'Looted or trafficked (illegal trade)' });
    await expect(first).toBeFocused();
    expect(await seriousFindings(page, { include: '.ant-modal' })).toEqual([]);

    // Reasons with the arrow keys: Space picks the first, two steps down is copyright.
    await page.keyboard.press('Space');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect(dialog.getByRole('radio', { name: 'Copyright (this is my work)' })).toBeChecked();
    await page.keyboard.press('Tab');
    const explanation = dialog.getByRole('textbox', { name: 'Explanation (required for this reason)' });
    await expect(explanation).toBeFocused();
    await page.keyboard.type('This is my photograph, shared without my leave.');
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('checkbox', { name: GOOD_FAITH })).toBeFocused();
    await page.keyboard.press('Space');
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('button', { name: 'Send report' })).toBeFocused();

    // The api's 400 names the field; everything typed stays.
    await refuseNextReport(page, 400, { statusCode: 400, message: 'details: Details contains invalid characters', fields: { details: 'Details contains invalid characters' } });
    await page.keyboard.press('Enter');
    await expect(dialog.getByRole('alert')).toContainText('Your report was not sent.');
    await expect(dialog.getByText('Details contains invalid characters', { exact: true })).toBeVisible();
    await expect(explanation).toHaveValue('This is my photograph, shared without my leave.');
    await expect(dialog.getByRole('radio', { name: 'Copyright (this is my work)' })).toBeChecked();

    // The message has the focus; Tab goes through the form again, down to the button.
    await expect(dialog.getByRole('alert')).toBeFocused();
    for (let step = 0; step < 5; step += 1) await page.keyboard.press('Tab');
    await expect(dialog.getByRole('button', { name: 'Send report' })).toBeFocused();
    const sent = page.waitForResponse((response) => response.url().endsWith('/reports') && response.request().method() === 'POST');
    await page.keyboard.press('Enter');
    expect((await sent).status()).toBe(201);
    await expect(dialog.getByRole('heading', { name: 'Report received' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('link', { name: 'Follow your report' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
    // The focus is trapped: Tab from the last control stays in the dialog.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('.ant-modal')))).toBe(true);
    await page.keyboard.press('Shift+Tab');
    await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();

    // The member's notice is theirs (GET /me/reports).
    const { body: mine } = await apiGet<{ artifactId: string; reason: string }[]>('/me/reports', user.token);
    expect(mine).toEqual([expect.objectContaining({ artifactId: artifact._id, reason: 'copyright' })]);

    // Escape closes a fresh dialog and gives the focus back too.
    await page.keyboard.press('Enter');
    await whenOpened(dialog);
    await expect(first).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
    await context.close();
  });

  test('the report page without an artifact says so at 360 px', async ({ browser }) => {
    const { context, page } = await phone(browser, 360);
    await page.goto('/report');
    await expect(page.getByText('No artifact was named.')).toBeVisible();
    await expectNoSidewaysScroll(page);
    await context.close();
  });
});
