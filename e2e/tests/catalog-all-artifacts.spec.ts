import { expect, test, type Page } from '@playwright/test';
import { apiGet, type ArtifactSummary } from '../support/api';
import { startSite } from '../support/first-page';

const cards = (page: Page) => page.locator('main article');

/** The names on the cards, once the whole page of them is shown (the list renders in two steps). */
async function cardNames(page: Page): Promise<string[]> {
  await expect(cards(page).first()).toBeVisible();
  await expect(page.locator('.cat-all__grid')).toHaveAttribute('aria-busy', 'false');
  return cards(page).locator('h2').allTextContents();
}

test.describe('All Artifacts', () => {
  test('shows the first page sorted by name, with every card field', async ({ page }) => {
    const { body: expected, headers } = await apiGet<ArtifactSummary[]>('/artifacts?sort=name');
    await page.goto('/all-artifacts');
    await startSite(page);
    await expect(page.getByRole('heading', { level: 1, name: 'All Artifacts' })).toBeVisible();
    await expect(page.getByLabel('Type')).toHaveValue('');
    await expect(page.getByLabel('Type', { exact: true }).locator('option')).toHaveText(['All Types', 'Tools', 'Weapons', 'Documents', 'Writings', 'Others']);
    await expect(page.getByLabel('Sort By').locator('option')).toHaveText(['Name A-Z', 'Latest', 'Oldest', 'Most Liked', 'Era: earliest first', 'Era: latest first']);
    expect(await cardNames(page)).toEqual(expected.map((artifact) => artifact.name));
    expect(Number(headers.get('x-total-count'))).toBeGreaterThan(expected.length);

    const first = cards(page).first();
    const artifact = expected[0]!;
    await expect(first.getByRole('img')).toHaveAttribute('alt', artifact.name);
    await expect(first).toContainText(artifact.type);
    await expect(first).toContainText(artifact.createdAt.split('T')[0]!);
    await expect(first).toContainText(String(artifact.likes));
    await expect(first.getByRole('link', { name: /Details/ })).toHaveAttribute('href', `/artifacts/${artifact._id}`);
  });

  test('filters by type, sorts and searches on the server, keeping the state in the URL', async ({ page }) => {
    await page.goto('/all-artifacts');
    await startSite(page);
    await page.getByLabel('Type').selectOption('Weapons');
    await expect(page).toHaveURL(/type=Weapons/);
    const { body: weapons } = await apiGet<ArtifactSummary[]>('/artifacts?type=Weapons&sort=name');
    await expect(cards(page).locator('h2')).toHaveText(weapons.map((artifact) => artifact.name));

    await page.getByLabel('Sort By').selectOption('likes');
    await expect(page).toHaveURL(/sort=likes/);
    const { body: byLikes } = await apiGet<ArtifactSummary[]>('/artifacts?type=Weapons&sort=likes');
    await expect(cards(page).locator('h2')).toHaveText(byLikes.map((artifact) => artifact.name));

    await page.getByLabel('Type').selectOption('');
    await page.getByLabel('Search').fill('rosetta');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/search=rosetta/);
    await expect(cards(page).locator('h2')).toHaveText([/Rosetta Stone/]);

    // The state survives a reload and can be shared.
    await page.reload();
    await expect(page.getByLabel('Search')).toHaveValue('rosetta');
    await expect(cards(page).locator('h2')).toHaveText([/Rosetta Stone/]);
  });

  test('shows the empty state when nothing matches', async ({ page }) => {
    await page.goto('/all-artifacts?search=zzqxnothingmatches');
    await startSite(page);
    await expect(page.getByText('No artifacts match your criteria.')).toBeVisible();
    await expect(cards(page)).toHaveCount(0);
  });

  test('pages reach every artifact', async ({ page }) => {
    const { headers } = await apiGet<ArtifactSummary[]>('/artifacts?limit=1');
    const total = Number(headers.get('x-total-count'));
    await page.goto('/all-artifacts');
    await startSite(page);
    const seen = new Set<string>();
    for (let guard = 0; guard < 20; guard += 1) {
      for (const name of await cardNames(page)) seen.add(name);
      const next = page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: /Next/ });
      if ((await next.count()) === 0 || (await next.getAttribute('aria-disabled')) === 'true') break;
      const before = await cards(page).first().locator('h2').textContent();
      // By keyboard, as the pager's people use it: focus then lands on the new page's count (issue 32).
      await next.focus();
      await page.keyboard.press('Enter');
      await expect(cards(page).first().locator('h2')).not.toHaveText(before ?? '');
      await expect(page.getByRole('status').filter({ hasText: /artifacts? found$/ })).toBeFocused();
    }
    expect(seen.size).toBe(total);
  });
});
