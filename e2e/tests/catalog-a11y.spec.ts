import { expect, test } from '@playwright/test';
import { seriousFindings } from '../support/axe';
import { apiGet, type ArtifactSummary } from '../support/api';
import { signIn } from '../support/session';
import { createUser } from '../support/users';
import { startSite } from '../support/first-page';

test.describe('Accessibility (axe)', () => {
  test('home and all artifacts have no serious or critical issue', async ({ browser }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto('/');
    await startSite(page);
    await expect(page.locator('section[aria-labelledby="recent-title"] h3').first()).toBeVisible();
    expect(await seriousFindings(page)).toEqual([]);
    await page.goto('/all-artifacts');
    await startSite(page);
    await expect(page.locator('main article').first()).toBeVisible();
    expect(await seriousFindings(page)).toEqual([]);
    await context.close();
  });

  test('artifact details have no serious or critical issue', async ({ browser }) => {
    const user = await createUser();
    const { body } = await apiGet<ArtifactSummary[]>('/artifacts?limit=1');
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto('/login');
    await signIn(page, user);
    await page.goto(`/artifacts/${body[0]!._id}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await seriousFindings(page)).toEqual([]);
    await context.close();
  });
});
