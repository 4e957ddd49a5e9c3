import { expect, type Browser, type BrowserContextOptions, type Page } from '@playwright/test';
import { submitLogin } from './account';
import { SITE_URL } from './env';

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

/**
 * Signs in through /login with Remember me in a context of its own (with `options`, e.g. a phone's),
 * and returns what a browser keeps across a restart, for contexts that start signed in.
 */
export async function rememberedSignIn(browser: Browser, user: { email: string; password: string }, options: BrowserContextOptions = {}) {
  const context = await browser.newContext({ ...options, baseURL: SITE_URL });
  const page = await context.newPage();
  await page.goto('/login');
  await submitLogin(page, user.email, user.password, { remember: true });
  await expect(page.locator('header').getByRole('button', { name: 'Logout' })).toBeVisible();
  const state = await context.storageState({ indexedDB: true });
  await context.close();
  return state;
}
