import { expect, test, type Page } from '@playwright/test';
import { expectToast, quietArtifacts } from '../support/account';
import { signIn } from '../support/session';
import { createUser } from '../support/users';

async function toggleOnDetails(page: Page, id: string, from: 'Like' | 'Liked') {
  await page.goto(`/artifacts/${id}`);
  const button = page.getByRole('button', { name: from, exact: true });
  await expect(button).toBeVisible();
  await button.click();
  await expectToast(page, from === 'Like' ? 'Artifact liked!' : 'Artifact disliked');
  await expect(page.getByRole('button', { name: from === 'Like' ? 'Liked' : 'Like', exact: true })).toBeVisible();
}

test.describe('Liked Artifacts', () => {
  test('follows the likes and unlikes made on the details page', async ({ page }) => {
    const user = await createUser();
    const [older, newer] = await quietArtifacts(2);
    if (!older || !newer) throw new Error('two artifacts expected');
    await page.goto('/login');
    await signIn(page, user);

    await page.goto('/liked-artifacts');
    await expect(page.getByText("You haven't liked any artifacts yet.")).toBeVisible();

    await toggleOnDetails(page, older._id, 'Like');
    await toggleOnDetails(page, newer._id, 'Like');
    await page.goto('/liked-artifacts');
    const cards = page.locator('main article');
    // Newest like first; each card has its image, name, description and likes.
    await expect(cards.getByRole('heading')).toHaveText([newer.name, older.name]);
    const card = cards.filter({ hasText: newer.name });
    await expect(card.locator('img')).toBeVisible();
    await expect(card).toContainText(newer.shortDescription.slice(0, 40));
    await expect(card).toContainText(/\d+ likes?/);

    await toggleOnDetails(page, older._id, 'Liked');
    await page.goto('/liked-artifacts');
    await expect(cards.getByRole('heading')).toHaveText([newer.name]);

    // A card opens the artifact's details.
    await cards.getByRole('link', { name: newer.name }).click();
    await expect(page).toHaveURL(new RegExp(`/artifacts/${newer._id}$`));
    await expect(page.getByRole('heading', { level: 1, name: newer.name })).toBeVisible();

    await toggleOnDetails(page, newer._id, 'Liked');
    await page.goto('/liked-artifacts');
    await expect(page.getByText("You haven't liked any artifacts yet.")).toBeVisible();
  });
});
