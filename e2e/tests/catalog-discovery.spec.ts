import { expect, test, type Page } from '@playwright/test';
import { seriousFindings } from '../support/axe';
import { apiGet, type ArtifactSummary } from '../support/api';
import { startSite } from '../support/first-page';

// Exploring the seeded collection by time, type and words, against the real shell,
// catalog remote and api: the counts shown must agree with what the list then holds.
const cards = (page: Page) => page.locator('main article');
const refine = (page: Page) => page.locator('aside.cat-refine');

/**
 * The number of artifacts the status line reports. Right after a choice it may still show the last
 * list's (the new one is on its way): compare with `expect.poll`, which asks until it agrees.
 */
async function shownTotal(page: Page): Promise<number> {
  const status = page.locator('.cat-all__status');
  await expect(status).toHaveText(/\d+ artifacts? found/);
  return Number((await status.textContent())?.match(/\d+/)?.[0]);
}

/**
 * The count a choice shows and announces: it shows 'Ancient 9' and is named 'Ancient 9 artifacts'
 * (its name begins with its text, WCAG 2.5.3) -> 9.
 */
async function countOf(page: Page, name: RegExp): Promise<number> {
  const button = refine(page).getByRole('button', { name });
  await expect(button).toHaveAccessibleName(/ \d+ artifacts?$/);
  await expect(button).not.toHaveAttribute('aria-label');
  return Number(await button.locator('.cat-choice__count').textContent());
}

test.describe('Discovery', () => {
  test('era, then years, then type: each count agrees with the list, and the URL reproduces the view', async ({ page, browser }) => {
    await page.goto('/all-artifacts');
    await startSite(page);
    const ancient = await countOf(page, /^Ancient/);
    expect(ancient).toBeGreaterThan(0);
    await refine(page).getByRole('button', { name: /^Ancient/ }).click();
    await expect(page).toHaveURL(/from=-3000&to=500/);
    await expect.poll(() => shownTotal(page)).toBe(ancient);
    await expect(page.getByRole('group', { name: 'Active filters' }).getByRole('button', { name: 'Ancient (remove filter)' })).toBeVisible();

    // Years inside the era: 1500 BC to AD 100.
    await page.getByLabel('From year', { exact: true }).fill('1500');
    await page.getByLabel('From year: BC or AD').selectOption('BC');
    await page.getByLabel('To year', { exact: true }).fill('100');
    await page.getByLabel('To year: BC or AD').selectOption('AD');
    await page.getByRole('button', { name: 'Apply years' }).click();
    await expect(page).toHaveURL(/from=-1500&to=100/);
    const { headers } = await apiGet<ArtifactSummary[]>('/artifacts?from=-1500&to=100&limit=1');
    const inYears = Number(headers.get('x-total-count'));
    await expect.poll(() => shownTotal(page)).toBe(inYears);

    // The type choices count within those years; choosing one lists exactly that many.
    const writings = await countOf(page, /^Writings/);
    await refine(page).getByRole('button', { name: /^Writings/ }).click();
    await expect(page).toHaveURL(/type=Writings/);
    await expect.poll(() => shownTotal(page)).toBe(writings);
    await expect(page.locator('.cat-all__grid')).toHaveAttribute('aria-busy', 'false');
    // Asked until the grid holds the new list (its cards may follow the count by a frame).
    await expect(cards(page).locator('h2')).toHaveCount(Math.min(writings, 24));
    const names = await cards(page).locator('h2').allTextContents();

    // A fresh page with the same URL shows the same view.
    const fresh = await browser.newPage();
    await fresh.goto(page.url());
    await expect.poll(() => shownTotal(fresh)).toBe(writings);
    await expect(fresh.getByLabel('Type')).toHaveValue('Writings');
    await expect(fresh.getByLabel('From year', { exact: true })).toHaveValue('1500');
    await expect(cards(fresh).locator('h2')).toHaveText(names);
    await fresh.close();

    // Back steps through the choices.
    await page.goBack();
    await expect(page).not.toHaveURL(/type=Writings/);
    await expect.poll(() => shownTotal(page)).toBe(inYears);
  });

  test('the timeline selects a century with the keyboard', async ({ page }) => {
    await page.goto('/all-artifacts');
    await startSite(page);
    const bars = refine(page).getByRole('group', { name: 'Artifacts per century' }).getByRole('button');
    await expect(bars.first()).toBeVisible();
    // (A composed first page sends its controls disabled until the page's code runs them.)
    await expect(bars.first()).toBeEnabled();
    await bars.first().focus();
    await page.keyboard.press('ArrowRight');
    const label = (await bars.nth(1).getAttribute('aria-label')) ?? '';
    const count = Number(label.match(/: (\d+) artifact/)?.[1]);
    await expect(bars.nth(1)).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/from=-?\d+&to=-?\d+/);
    await expect.poll(() => shownTotal(page)).toBe(count);
    await expect(bars.nth(1)).toHaveAttribute('aria-pressed', 'true');
  });

  test('"Did you mean" recovers a misspelt search', async ({ page }) => {
    await page.goto('/all-artifacts?search=roseta+stnoe');
    await startSite(page);
    await expect(page.getByText('No artifacts match your criteria.')).toBeVisible();
    const suggestion = page.getByRole('link', { name: 'rosetta stone' });
    await expect(suggestion.locator('xpath=..')).toHaveText('Did you mean rosetta stone?');
    await suggestion.click();
    await expect(page).toHaveURL(/search=rosetta\+stone/);
    await expect(cards(page).first().locator('h2')).toHaveText('Rosetta Stone');
  });

  test('cards show the date as written and the range read from it', async ({ page }) => {
    await page.goto('/all-artifacts?search=rosetta+stone');
    await startSite(page);
    const card = cards(page).first();
    await expect(card).toContainText('196 BC');
    await expect(card.locator('dt', { hasText: 'Dated:' }).locator('xpath=following-sibling::dd')).toHaveText('196 BC');
  });

  test('axe finds nothing serious with filters chosen; on a phone the filters fold into a drawer', async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto('/all-artifacts?from=-3000&to=500&type=Weapons');
    await startSite(page);
    await expect(cards(page).first()).toBeVisible();
    const toggle = page.getByRole('button', { name: 'Filters' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(refine(page).getByRole('button', { name: /^Medieval/ })).toBeHidden();
    await toggle.click();
    await expect(refine(page).getByRole('button', { name: /^Medieval/ })).toBeVisible();
    expect(await seriousFindings(page)).toEqual([]);

    // A choice made in the drawer: its foot stays on screen and says what the choices found; it
    // closes the drawer and goes back to the results (issue 32).
    // (Weapons taken off: the years from 3000 BC to AD 500 alone hold dozens of artifacts.)
    const status = page.getByRole('status').filter({ hasText: /artifacts? found$/ });
    const weaponsOnly = (await status.textContent()) ?? '';
    await refine(page).getByRole('button', { name: /^Weapons/ }).click();
    await expect(page).not.toHaveURL(/type=/);
    // The count of the new choices, not the one still shown while they load.
    await expect(status).not.toHaveText(weaponsOnly);
    const found = Number((await status.textContent())?.match(/^(\d+)/)?.[1]);
    const show = page.getByRole('button', { name: `Show ${found} ${found === 1 ? 'result' : 'results'}` });
    await expect(show).toBeInViewport();
    await show.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(status).toBeFocused();
    await expect(cards(page).first()).toBeInViewport();
    await context.close();
  });
});
