import { expect, test, type Browser, type Page } from '@playwright/test';
import { seriousFindings } from '../support/axe';
import { SITE_URL } from '../support/env';
import { signIn } from '../support/session';
import { createUser, type TestUser } from '../support/users';

const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 360, height: 740 },
];

async function withPage(browser: Browser, viewport: { width: number; height: number }, run: (page: Page) => Promise<void>) {
  const context = await browser.newContext({ baseURL: SITE_URL, viewport });
  try {
    await run(await context.newPage());
  } finally {
    await context.close();
  }
}

// The forms as they first show, and My Artifacts and Liked Artifacts with something in them, are
// judged by every-page.spec.ts (any impact, a phone's width and a desktop's, both themes); here the
// states it does not reach: the forms showing their errors, and the lists empty.
test.describe('Accessibility of the account screens (axe)', () => {
  for (const viewport of VIEWPORTS) {
    test(`login, register and forgot password showing their errors at ${viewport.width} px`, async ({ browser }) => {
      await withPage(browser, viewport, async (page) => {
        const forms: [string, string][] = [
          ['/login', 'Sign In to History'],
          ['/register', 'Register'],
          ['/forgot-password', 'Send Reset Link'],
        ];
        for (const [path, submit] of forms) {
          await page.goto(path);
          await page.getByRole('button', { name: submit, exact: true }).click();
          await expect(page.locator('.aq-field__error').first()).toBeVisible();
          expect(await seriousFindings(page), `${path} with errors`).toEqual([]);
        }
      });
    });

    test(`my artifacts and liked artifacts empty at ${viewport.width} px`, async ({ browser }) => {
      const user: TestUser = await createUser();
      await withPage(browser, viewport, async (page) => {
        await page.goto('/login');
        await signIn(page, user);
        for (const path of ['/my-artifacts', '/liked-artifacts']) {
          await page.goto(path);
          await expect(page.locator('main .acc-message')).toBeVisible();
          expect(await seriousFindings(page), `${path} (empty)`).toEqual([]);
        }
      });
    });
  }
});
