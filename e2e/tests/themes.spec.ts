import { expect, test, type Page } from '@playwright/test';
import { SITE_URL } from '../support/env';
import { DARK_BACKGROUND, LIGHT_BACKGROUND } from '../support/themes';
import { gotoComposed, startSite } from '../support/first-page';
import { FULL_CHROMIUM } from '../support/browser';

/**
 * Issue 43: the site follows the system's light or dark preference, and a toggle the visitor's
 * choice overrides, remembered; a composed first page arrives in the visitor's theme (no flash of
 * the other); pictures are never inverted.
 */

// Judged before the first intent: in the browser that has no pointer on the page of its own.
test.use(FULL_CHROMIUM);

const backgroundOf = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

test.describe('Light and dark themes (issue 43)', () => {
  test("the system's preference applies on a fresh visit, before any code", async ({ browser }) => {
    for (const [scheme, background] of [['light', LIGHT_BACKGROUND], ['dark', DARK_BACKGROUND]] as const) {
      const context = await browser.newContext({ baseURL: SITE_URL, colorScheme: scheme });
      const page = await context.newPage();
      await gotoComposed(page, '/all-artifacts');
      await expect(page.locator('[data-aq-frame]')).toHaveCount(1);
      expect(await backgroundOf(page)).toBe(background);
      await context.close();
    }
  });

  test('the toggle overrides the system, is remembered, and the next composed document arrives in it', async ({ browser }) => {
    const context = await browser.newContext({ baseURL: SITE_URL, colorScheme: 'light' });
    const page = await context.newPage();
    await page.goto('/');
    await startSite(page);
    const toggle = page.getByRole('button', { name: 'Dark theme' });
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(await backgroundOf(page)).toBe(DARK_BACKGROUND);

    // The server composes the next page in the chosen theme: right in the document, before any code.
    const response = await gotoComposed(page, '/all-artifacts');
    expect(await response?.text()).toMatch(/<html[^>]* data-aq-theme="dark"/);
    await expect(page.locator('[data-aq-frame]')).toHaveCount(1);
    expect(await backgroundOf(page)).toBe(DARK_BACKGROUND);
    // Pictures are shown as they are.
    const filters = await page.locator('main img').evaluateAll((images) => images.map((image) => getComputedStyle(image).filter));
    expect(filters.length).toBeGreaterThan(0);
    expect(new Set(filters)).toEqual(new Set(['none']));

    // Back to light, by keyboard; remembered too.
    await startSite(page);
    await page.getByRole('button', { name: 'Dark theme' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', { name: 'Dark theme' })).toHaveAttribute('aria-pressed', 'false');
    await page.reload();
    expect(await backgroundOf(page)).toBe(LIGHT_BACKGROUND);
    await context.close();
  });
});
