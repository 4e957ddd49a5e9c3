// What the moderators' journeys share: the role granted as an operator grants it, and a screen
// checked as its people use it (axe, no sideways scroll, at a phone's and a desktop's width).
import { expect, type Locator, type Page } from '@playwright/test';
import { seriousFindings } from './axe';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { AUTH_EMULATOR_URL, FIREBASE_PROJECT_ID } from './env';
import type { TestUser } from './users';

const ROOT = path.resolve(__dirname, '../..');

/** `npm run roles -- grant moderator <email>`, against this run's Auth Emulator. */
export async function grantModerator(user: TestUser): Promise<void> {
  const env = { ...process.env, FIREBASE_AUTH_EMULATOR_HOST: new URL(AUTH_EMULATOR_URL).host, FIREBASE_PROJECT_ID };
  const { stdout } = await promisify(execFile)(process.execPath, [path.join(ROOT, 'scripts/roles.mjs'), 'grant', 'moderator', user.email], { cwd: ROOT, env });
  expect(stdout).toContain(`${user.email} is now a moderator`);
}

/** Axe-clean and no sideways scroll, at 360 px and at a desktop width. */
export async function checkScreen(page: Page, heading: string): Promise<void> {
  for (const size of [{ width: 360, height: 740 }, { width: 1280, height: 900 }]) {
    await page.setViewportSize(size);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
    expect(await seriousFindings(page, { afterToasts: true })).toEqual([]);
  }
}

/** The moderation queue's entry for an artifact, paging on while it is not on the page shown. */
export async function queueEntry(page: Page, name: string): Promise<Locator> {
  await page.goto('/moderation');
  const entry = page.getByRole('article', { name });
  for (;;) {
    await expect(page.getByText(/artifacts? with open notices\.|The queue is clear\./)).toBeVisible();
    if ((await entry.count()) > 0) return entry;
    const next = page.getByRole('link', { name: 'Next' });
    if ((await next.count()) === 0) throw new Error(`${name} is not in the moderation queue`);
    await next.click();
    await expect(page).toHaveURL(/page=/);
  }
}
