import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { apiGet, type ArtifactSummary } from '../support/api';
import { signIn } from '../support/session';
import { createUser } from '../support/users';
import { startSite } from '../support/first-page';

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

test.describe('Accessibility (axe)', () => {
  test('home and all artifacts have no serious or critical issue', async ({ browser }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto('/');
    await startSite(page);
    await expect(page.locator('section[aria-labelledby="recent-title"] h3').first()).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.goto('/all-artifacts');
    await startSite(page);
    await expect(page.locator('main article').first()).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
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
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });
});
