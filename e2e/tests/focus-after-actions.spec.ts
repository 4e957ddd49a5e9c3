import { expect, test } from '@playwright/test';
import { signIn } from '../support/session';
import { createUser } from '../support/users';

/**
 * Issue 43: after an action focus moves to what changed, never to <body>; a focused field's label
 * is never hidden under the sticky top bar (WCAG 2.2's 2.4.11), at a phone's width and a desktop's.
 */

const SIZES = [
  { name: 'phone', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  { name: 'desktop', viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false },
] as const;

test.describe('Focus after actions (issue 43)', () => {
  for (const size of SIZES) {
    test(`${size.name}: creating a collection by keyboard lands focus on the new collection's heading`, async ({ browser }) => {
      const member = await createUser();
      const context = await browser.newContext({ viewport: size.viewport, isMobile: size.isMobile, hasTouch: size.hasTouch });
      const page = await context.newPage();
      await signIn(page, member);
      await page.goto('/my-collections');
      const title = `Focus ${Date.now().toString(36)}`;
      await page.getByLabel('Title').fill(title);
      await page.getByRole('button', { name: 'Create collection' }).focus();
      await page.keyboard.press('Enter');
      const heading = page.getByRole('heading', { level: 1, name: title });
      await expect(heading).toBeVisible();
      await expect(heading).toBeFocused();
      await context.close();
    });

    test(`${size.name}: every field of the add form, tabbed to, shows its label below the sticky top bar`, async ({ browser }) => {
      const member = await createUser();
      const context = await browser.newContext({ viewport: size.viewport, isMobile: size.isMobile, hasTouch: size.hasTouch });
      const page = await context.newPage();
      await signIn(page, member);
      await page.goto('/add-artifact');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      // From the bottom of the page up: each field is scrolled into view from below the top bar.
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      const ids = await page.locator('main form :is(input:not([type=hidden]):not([type=file]), select, textarea)').evaluateAll((fields) =>
        fields.filter((field) => (field as HTMLElement).offsetParent !== null && field.id).map((field) => field.id),
      );
      expect(ids.length).toBeGreaterThan(3);
      for (const id of ids.reverse()) {
        await page.locator(`#${id}`).focus();
        const overlap = await page.evaluate((fieldId) => {
          const bar = document.querySelector('.aq-topbar')?.getBoundingClientRect();
          const label = document.querySelector(`label[for="${fieldId}"]`) ?? document.getElementById(fieldId);
          const box = label?.getBoundingClientRect();
          return bar && box ? bar.bottom - box.top : 0;
        }, id);
        expect(overlap, `#${id}'s label under the top bar by ${overlap} px`).toBeLessThanOrEqual(0);
      }
      await context.close();
    });
  }
});
