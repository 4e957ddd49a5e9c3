import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { expectToast } from '../support/account';
import { SITE_URL } from '../support/env';
import { routeGoogleScripts, signInWithGooglePopup } from '../support/google-popup';

/** Where the Firebase SDK keeps the signed-in user: localStorage (remembered) or sessionStorage (this tab). */
function storedSession(page: Page) {
  return page.evaluate(() => {
    const has = (storage: Storage) => Object.keys(storage).some((key) => key.startsWith('firebase:authUser:'));
    return { local: has(localStorage), session: has(sessionStorage) };
  });
}

test.describe('Google sign-in (the Auth Emulator’s popup)', () => {
  test.beforeEach(async ({ context }) => {
    await routeGoogleScripts(context);
  });

  test('from a protected route: the popup, "Welcome {name}", and back to the route', async ({ page }) => {
    const account = { email: `e2e-google-${randomUUID()}@test.antiquarium.example`, name: `Google Explorer ${randomUUID().slice(0, 6)}` };
    await page.goto('/liked-artifacts');
    await expect(page).toHaveURL(/\/login$/);
    await signInWithGooglePopup(page, account);
    await expectToast(page, `Welcome ${account.name}`);
    await expect(page).toHaveURL(/\/liked-artifacts$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Liked Artifacts' })).toBeVisible();
    await expect(page.locator('header')).toContainText(account.name);
    // "Remember me" was left unticked: the session is for this tab only.
    expect(await storedSession(page)).toEqual({ local: false, session: true });
  });

  test('with Remember me ticked the Google session is kept across browser restarts', async ({ page, context, browser }) => {
    const account = { email: `e2e-google-${randomUUID()}@test.antiquarium.example`, name: `Google Keeper ${randomUUID().slice(0, 6)}` };
    await page.goto('/login');
    await page.getByRole('checkbox', { name: 'Remember me' }).check();
    await signInWithGooglePopup(page, account);
    await expectToast(page, `Welcome ${account.name}`);
    expect(await storedSession(page)).toEqual({ local: true, session: false });

    const restarted = await browser.newContext({ baseURL: SITE_URL, storageState: await context.storageState({ indexedDB: true }) });
    const again = await restarted.newPage();
    await again.goto('/liked-artifacts');
    await expect(again.getByRole('heading', { level: 1, name: 'Liked Artifacts' })).toBeVisible();
    await expect(again.locator('header')).toContainText(account.name);
    await restarted.close();
  });

  test('from Register, to the home page', async ({ page }) => {
    const account = { email: `e2e-google-${randomUUID()}@test.antiquarium.example`, name: `Google Joiner ${randomUUID().slice(0, 6)}` };
    await page.goto('/register');
    await signInWithGooglePopup(page, account);
    await expectToast(page, `Welcome ${account.name}`);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator('header').getByRole('button', { name: 'Logout' })).toBeVisible();
  });
});
