import { expect, type Page } from '@playwright/test';

/**
 * Signs in through the real /login screen (account remote) and waits until the shell's top bar
 * shows the signed-in state. The contract every journey relies on: the fields are labelled
 * 'Email' and 'Password' and the submit button reads 'Sign In to History' (product spec).
 */
export async function signIn(page: Page, user: { email: string; password: string }, from = '/login'): Promise<void> {
  if (!page.url().includes('/login')) await page.goto(from);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign In to History' }).click();
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
}
