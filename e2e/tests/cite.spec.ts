import { expect, test } from '@playwright/test';
import { seriousFindings } from '../support/axe';
import { apiGet, type ArtifactSummary } from '../support/api';
import { whenOpened } from '../support/dialogs';
import { signIn } from '../support/session';
import { createUser, type TestUser } from '../support/users';

// "Cite this" and "Related artifacts" on the details page (issue 28).
let user: TestUser;
let artifact: ArtifactSummary;

test.beforeAll(async () => {
  user = await createUser();
  const { body } = await apiGet<ArtifactSummary[]>('/artifacts?sort=name&limit=1');
  artifact = body[0]!;
});

test('Cite this: BibTeX copied with one click holds the permanent URL and access date; axe clean; focus returns', async ({ browser, baseURL }) => {
  // Signing in, the details, then citeproc-js compiling three CSL styles on the page's main thread.
  test.setTimeout(120_000);
  const context = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
  const page = await context.newPage();
  await page.goto('/login');
  await signIn(page, user);
  await page.goto(`/artifacts/${artifact._id}`);
  await expect(page.getByRole('heading', { level: 1, name: artifact.name })).toBeVisible();

  const open = page.getByRole('button', { name: 'Cite this' });
  await open.click();
  const dialog = page.getByRole('dialog', { name: 'Cite this artifact' });
  // Its code (citation-js, 177 KB gzip) is fetched on this first click; acted on once opened.
  await expect(dialog).toBeVisible({ timeout: 30_000 });
  await whenOpened(dialog);

  const permanentUrl = `${new URL(baseURL!).origin}/artifacts/${artifact._id}`;
  const today = new Date().toISOString().slice(0, 10);
  const bibtex = dialog.getByRole('region', { name: 'BibTeX' }).locator('pre');
  await expect(bibtex).toContainText('@misc{');
  await expect(bibtex).toContainText(`url = {${permanentUrl}}`);
  await expect(bibtex).toContainText(`accessed ${today}`);

  await dialog.getByRole('button', { name: 'Copy BibTeX' }).click();
  await expect(dialog.getByRole('status')).toHaveText('BibTeX citation copied to the clipboard.');
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(await bibtex.innerText());

  // Every format made (the CSL styles last: citeproc-js compiles each the first time), then axe.
  for (const format of ['APA', 'MLA', 'Chicago', 'RIS', 'Wikipedia']) {
    await expect(dialog.getByRole('region', { name: format }).locator('pre')).toContainText(permanentUrl, { timeout: 45_000 });
  }
  await expect(dialog.getByRole('region', { name: 'Wikipedia' }).locator('pre')).toHaveText(/^\{\{cite web \|title=.+\|access-date=\d{4}-\d{2}-\d{2}\}\}$/);
  expect(await seriousFindings(page)).toEqual([]);

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(open).toBeFocused();
  await context.close();
});

test('Related artifacts: up to 6 cards under their own heading, never the artifact itself', async ({ page }) => {
  await page.goto('/login');
  await signIn(page, user);
  await page.goto(`/artifacts/${artifact._id}`);
  const section = page.getByRole('region', { name: 'Related artifacts' });
  await section.scrollIntoViewIfNeeded();
  const cards = section.getByRole('listitem');
  await expect(cards.first()).toBeVisible();
  const count = await cards.count();
  expect(count).toBeLessThanOrEqual(6);
  const links = await section.getByRole('link', { name: 'View Details' }).evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href')));
  expect(links).toHaveLength(count);
  expect(links).not.toContain(`/artifacts/${artifact._id}`);
  await cards.first().getByRole('link', { name: 'View Details' }).click();
  await expect(page).not.toHaveURL(new RegExp(`/artifacts/${artifact._id}$`));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});
