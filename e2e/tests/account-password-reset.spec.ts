import { expect, test } from '@playwright/test';
import { expectToast, passwordResetCode, submitLogin } from '../support/account';
import { createUser } from '../support/users';

test.describe('Forgot password', () => {
  test('request a reset, follow the emailed link with a new password, sign in with it', async ({ page, request }) => {
    const user = await createUser();
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await page.getByLabel('Email').fill(user.email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expectToast(page, 'Password reset email sent!');
    await expect(page).toHaveURL(/\/login$/);

    // The Auth Emulator keeps the "emailed" link; opening it with a new password resets it.
    const code = await passwordResetCode(user.email);
    expect(code.oobLink).toContain(code.oobCode);
    const newPassword = 'Renewed-2026';
    const reset = await request.get(`${code.oobLink}&newPassword=${encodeURIComponent(newPassword)}`);
    expect(reset.ok()).toBe(true);
    expect(await reset.json()).toMatchObject({ authEmulator: { email: user.email } });

    await submitLogin(page, user.email, user.password);
    await expectToast(page, 'The email or password is incorrect. Please check them and try again.');
    await submitLogin(page, user.email, newPassword);
    await expectToast(page, `Login successful! Welcome ${user.name}`);
    await expect(page.locator('header').getByRole('button', { name: 'Logout' })).toBeVisible();
  });

  test('an unknown email is explained, and Back to Login leads back', async ({ page }) => {
    await page.goto('/forgot-password');
    await page.getByLabel('Email').fill('nobody-at-all@test.antiquarium.example');
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expectToast(page, 'There is no account with this email address.');
    await expect(page).toHaveURL(/\/forgot-password$/);
    await page.getByRole('link', { name: 'Back to Login' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });
});
