import { expect, test, type Page } from '@playwright/test';
import { seriousFindings } from '../support/axe';
import { readFile } from 'node:fs/promises';
import { createArtifactAs, expectToast } from '../support/account';
import { apiGet, apiSend } from '../support/api';
import { openedDialog } from '../support/dialogs';
import { signIn } from '../support/session';
import { createUser, type TestUser } from '../support/users';

/** Opens My Data the way a member does: from the account menu of the top bar. */
async function openMyData(page: Page, user: TestUser) {
  await page.getByRole('button', { name: new RegExp(`${user.name}.*account menu`) }).click();
  await page.getByRole('link', { name: 'My Data' }).click();
  await expect(page).toHaveURL(/\/my-data$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My Data' })).toBeVisible();
}

async function deleteAccount(page: Page, user: TestUser, choice: 'Delete my artifacts' | RegExp) {
  await page.getByRole('button', { name: 'Delete my account', exact: true }).click();
  const dialog = await openedDialog(page, 'Delete your account?');
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  // The sign-in toast has gone first: axe would judge its text's contrast half-way through its fade.
  await expect(page.locator('.ant-notification-notice')).toHaveCount(0, { timeout: 10_000 });
  expect(await seriousFindings(page)).toEqual([]);
  await dialog.getByRole('radio', { name: choice }).check();
  await dialog.getByLabel('Type your email address to confirm').fill(user.email);
  await dialog.getByRole('button', { name: 'Delete my account for good' }).click();
  await expectToast(page, 'Your account was deleted and you are signed out.');
  await expect(page.getByRole('link', { name: 'Login' }).first()).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
}

async function expectSignInRefused(page: Page, user: TestUser) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign In to History' }).click();
  // The identity service's answer, as the member sees it (the account is gone), then still no session.
  await expectToast(page, 'The email or password is incorrect. Please check them and try again.');
  await expect(page.getByRole('button', { name: 'Logout' })).toHaveCount(0);
  await expect(page).toHaveURL(/\/login/);
}

test.describe('My Data: export and account deletion', () => {
  test('a member exports their data, then deletes their account and their artifacts', async ({ page }) => {
    const user = await createUser();
    const artifact = await createArtifactAs(user);
    await page.goto('/login');
    await signIn(page, user);
    await openMyData(page, user);

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export my data' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^antiquarium-data-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse(await readFile(await download.path(), 'utf8')) as { account: { email: string }; artifacts: { _id: string }[] };
    expect(data.account.email).toBe(user.email);
    expect(data.artifacts.map((item) => item._id)).toEqual([artifact._id]);
    await expectToast(page, 'Your data was downloaded.');

    await deleteAccount(page, user, 'Delete my artifacts');
    await expect(apiGet(`/artifacts/${artifact._id}`)).rejects.toThrow(/404/);
    await expectSignInRefused(page, user);
  });

  test('a member deletes their account and keeps their artifacts under “Former member”', async ({ page }) => {
    const user = await createUser();
    const fan = await createUser();
    const artifact = await createArtifactAs(user);
    await apiSend('PATCH', `/artifacts/toggle-like/${artifact._id}`, fan.token);
    await page.goto('/login');
    await signIn(page, user);
    await openMyData(page, user);

    await deleteAccount(page, user, /Former member/);
    const kept = await apiGet<{ adderName: string; likes: number }>(`/artifacts/${artifact._id}`);
    expect(kept.body).toEqual(expect.objectContaining({ adderName: 'Former member', likes: 1 }));
    await expectSignInRefused(page, user);
  });
});
