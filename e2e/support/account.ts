import { randomUUID } from 'node:crypto';
import { expect, type Locator, type Page } from '@playwright/test';
import { apiGet, apiSend, type ArtifactSummary } from './api';
import { AUTH_EMULATOR_URL, FIREBASE_PROJECT_ID } from './env';
import type { TestUser } from './users';
import { demoPictureUrl } from './demo-picture';

/** A toast (antd's notification at the bottom right, libs/ui antd-kit.tsx) with exactly this text. */
export function toast(page: Page, text: string): Locator {
  return page.locator('.ant-notification').getByText(text, { exact: true });
}

export async function expectToast(page: Page, text: string): Promise<void> {
  await expect(toast(page, text)).toBeVisible();
}

/** Logs out through the top bar and its confirmation, and waits for the signed-out state. */
export async function signOut(page: Page): Promise<void> {
  const header = page.locator('header');
  await header.getByRole('button', { name: 'Logout' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Yes, logout!' }).click();
  // Said by a toast, no dialog to dismiss (issue 32): two clicks.
  await expectToast(page, 'Logged out!');
  await expect(header.getByRole('button', { name: 'Logout' })).toHaveCount(0);
}

/**
 * Fills the /login form (the same labels session.ts relies on) and submits it. The form must hold
 * what was typed before it is sent: a form drawn again as the page settles (seen once after a
 * client-side detour through /register) is filled again, as a person would retype.
 */
export async function submitLogin(page: Page, email: string, password: string, options: { remember?: boolean } = {}): Promise<void> {
  const emailField = page.getByLabel('Email');
  const passwordField = page.getByLabel('Password', { exact: true });
  await expect(async () => {
    await emailField.fill(email);
    await passwordField.fill(password);
    await expect(emailField).toHaveValue(email, { timeout: 1000 });
    await expect(passwordField).toHaveValue(password, { timeout: 1000 });
  }).toPass({ timeout: 10_000 });
  if (options.remember) await page.getByRole('checkbox', { name: 'Remember me' }).check();
  await page.getByRole('button', { name: 'Sign In to History' }).click();
}

export interface CreatedArtifact {
  _id: string;
  name: string;
}

/** An artifact added by `user` through the api (POST /artifacts with the user's token). */
export async function createArtifactAs(user: TestUser, name = `E2E relic ${randomUUID().slice(0, 8)}`): Promise<CreatedArtifact> {
  const { insertedId } = await apiSend<{ insertedId: string }>('POST', '/artifacts', user.token, {
    name,
    image: demoPictureUrl(),
    type: 'Tools',
    context: 'Made for a browser journey',
    shortDescription: `A test artifact named ${name}.`,
    createdAt: '100 BC',
    discoveredAt: '2026',
    discoveredBy: 'A Playwright test',
    location: 'The test suite',
  });
  return { _id: insertedId, name };
}

interface OobCode {
  email: string;
  requestType: string;
  oobCode: string;
  oobLink: string;
}

/** The newest code of this kind the Auth Emulator "sent" to `email` (it keeps them instead of mailing). */
export async function emailedCode(email: string, requestType: 'PASSWORD_RESET' | 'VERIFY_EMAIL'): Promise<OobCode> {
  const response = await fetch(`${AUTH_EMULATOR_URL}/emulator/v1/projects/${FIREBASE_PROJECT_ID}/oobCodes`);
  if (!response.ok) throw new Error(`oobCodes: ${response.status}`);
  const { oobCodes } = (await response.json()) as { oobCodes: OobCode[] };
  const mine = oobCodes.filter((code) => code.email === email && code.requestType === requestType);
  const latest = mine[mine.length - 1];
  if (!latest) throw new Error(`no ${requestType} code for ${email}`);
  return latest;
}

export function passwordResetCode(email: string): Promise<OobCode> {
  return emailedCode(email, 'PASSWORD_RESET');
}

/**
 * Seeded artifacts that journeys may like without disturbing others: the least-liked ones of
 * contributors outside the top three, so neither the home page's featured list nor its top
 * contributors (read by other journeys meanwhile) move.
 */
export async function quietArtifacts(count: number): Promise<ArtifactSummary[]> {
  const { body: top } = await apiGet<{ name: string }[]>('/contributors/top?limit=3');
  const { body: all } = await apiGet<(ArtifactSummary & { adderName: string })[]>('/artifacts?sort=likes&limit=100');
  const quiet = all.filter((artifact) => !top.some((contributor) => contributor.name === artifact.adderName)).slice(-count);
  if (quiet.length < count) throw new Error('the seed has too few artifacts outside the top contributors');
  return quiet;
}
