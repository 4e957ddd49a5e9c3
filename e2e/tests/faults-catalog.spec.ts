import { expect, test } from '@playwright/test';
import { apiGet, type ArtifactSummary } from '../support/api';
import { restoreApi, slowApi, stopApi, watchPageErrors } from '../support/faults';
import { signIn } from '../support/session';
import { createUser } from '../support/users';
import { startSite } from '../support/first-page';

test.describe('The site with the api stopped or slow', () => {
  test('home keeps its layout, says what failed, and recovers on Try again', async ({ page }) => {
    const errors = watchPageErrors(page);
    await stopApi(page);
    await page.goto('/');
    await startSite(page);
    await expect(page.locator('header')).toBeVisible();
    await expect(page.locator('footer')).toBeVisible();
    await expect(page.getByText('Featured artifacts could not be loaded right now.')).toBeVisible();
    const featured = page.locator('section[aria-labelledby="featured-title"]');

    await restoreApi(page);
    await featured.getByRole('button', { name: 'Try again' }).click();
    await expect(featured.getByRole('link', { name: /View Details/ })).toHaveCount(8);
    expect(errors).toEqual([]);
  });

  test('all artifacts shows the spec message, then the list once the api is back', async ({ page }) => {
    const errors = watchPageErrors(page);
    await stopApi(page);
    await page.goto('/all-artifacts');
    await startSite(page);
    await expect(page.getByText('Failed to fetch artifacts').first()).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'All Artifacts' })).toBeVisible();

    await restoreApi(page);
    await page.getByLabel('Type').selectOption('Tools');
    await expect(page.locator('main article').first()).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('a slow api shows loading indicators, then the content', async ({ page }) => {
    await slowApi(page, 2500);
    await page.goto('/all-artifacts');
    await startSite(page);
    await expect(page.getByRole('status').filter({ hasText: /Loading artifacts/ })).toBeAttached();
    await expect(page.locator('main article').first()).toBeVisible({ timeout: 20_000 });
  });

  test('a like that cannot reach the api says so and changes nothing', async ({ page }) => {
    const user = await createUser();
    const { body } = await apiGet<ArtifactSummary[]>('/artifacts?limit=1&sort=oldest');
    const artifact = body[0]!;
    const errors = watchPageErrors(page);
    await page.goto('/login');
    await signIn(page, user);
    await page.goto(`/artifacts/${artifact._id}`);
    await expect(page.getByRole('button', { name: 'Like', exact: true })).toBeVisible();

    await page.route(`**/artifacts/toggle-like/${artifact._id}`, (route) => route.abort('connectionrefused'));
    await page.getByRole('button', { name: 'Like', exact: true }).click();
    await expect(page.getByText('Failed to toggle like')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Like', exact: true })).toBeVisible();
    await expect(page.getByText(`${artifact.likes} likes`)).toBeVisible();

    await page.unroute(`**/artifacts/toggle-like/${artifact._id}`);
    await page.getByRole('button', { name: 'Like', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Liked', exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Liked', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Like', exact: true })).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('details with the api stopped offer a retry instead of a blank page', async ({ page }) => {
    const user = await createUser();
    const { body } = await apiGet<ArtifactSummary[]>('/artifacts?limit=1');
    await page.goto('/login');
    await signIn(page, user);
    await stopApi(page);
    await page.goto(`/artifacts/${body[0]!._id}`);
    await expect(page.getByRole('heading', { name: 'This artifact could not be loaded' })).toBeVisible();
    await restoreApi(page);
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('heading', { level: 1, name: body[0]!.name })).toBeVisible();
  });
});
