import { expect, test, type Browser, type Page } from '@playwright/test';
import { seriousFindings } from '../support/axe';
import { quietArtifacts } from '../support/account';
import { apiSend } from '../support/api';
import { DEMO_USER, SITE_URL } from '../support/env';
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

test.describe('Accessibility of the account screens (axe)', () => {
  for (const viewport of VIEWPORTS) {
    test(`login, register and forgot password at ${viewport.width} px, also showing their errors`, async ({ browser }) => {
      await withPage(browser, viewport, async (page) => {
        const forms: [string, string][] = [
          ['/login', 'Sign In to History'],
          ['/register', 'Register'],
          ['/forgot-password', 'Send Reset Link'],
        ];
        for (const [path, submit] of forms) {
          await page.goto(path);
          await expect(page.getByRole('button', { name: submit, exact: true })).toBeVisible();
          expect(await seriousFindings(page), path).toEqual([]);
          await page.getByRole('button', { name: submit, exact: true }).click();
          await expect(page.locator('.aq-field__error').first()).toBeVisible();
          expect(await seriousFindings(page), `${path} with errors`).toEqual([]);
        }
      });
    });

    test(`my artifacts and liked artifacts, empty and filled, at ${viewport.width} px`, async ({ browser }) => {
      // Three sign-ins and four pages scanned by axe (seconds of CPU each on a shared 2-core machine).
      test.slow();
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

      // Filled: the seeded demo account's own artifacts (read only), and the new user's one like
      // (of a quiet artifact, toggled back after).
      await withPage(browser, viewport, async (page) => {
        await page.goto('/login');
        await signIn(page, DEMO_USER);
        await page.goto('/my-artifacts');
        await expect(page.getByRole('table')).toBeVisible();
        expect(await seriousFindings(page), '/my-artifacts').toEqual([]);
      });
      const [liked] = await quietArtifacts(1);
      if (!liked) throw new Error('an artifact to like expected');
      await apiSend('PATCH', `/artifacts/toggle-like/${liked._id}`, user.token);
      try {
        await withPage(browser, viewport, async (page) => {
          await page.goto('/login');
          await signIn(page, user);
          await page.goto('/liked-artifacts');
          await expect(page.locator('main article')).toHaveCount(1);
          expect(await seriousFindings(page), '/liked-artifacts').toEqual([]);
        });
      } finally {
        await apiSend('PATCH', `/artifacts/toggle-like/${liked._id}`, user.token);
      }
    });
  }
});
