import { expect, test } from '@playwright/test';
import { createArtifactAs, expectToast } from '../support/account';
import { apiGet } from '../support/api';
import { signIn } from '../support/session';
import { createUser } from '../support/users';
import { whenOpened } from '../support/dialogs';

test.describe('My Artifacts', () => {
  test("lists only the user's own, with Update and Delete that work", async ({ page }) => {
    const owner = await createUser();
    const other = await createUser();
    const [first, second] = [await createArtifactAs(owner), await createArtifactAs(owner)];
    const notMine = await createArtifactAs(other);

    await page.goto('/login');
    await signIn(page, owner);
    await page.goto('/my-artifacts');
    const table = page.getByRole('table');
    await expect(table.getByRole('columnheader')).toHaveText(['Image', 'Name', 'Type', 'Created At', 'Location', 'Actions']);
    const rows = table.locator('tbody tr');
    // Newest first, and nobody else's.
    await expect(rows.locator('th')).toHaveText([second.name, first.name]);
    await expect(table).not.toContainText(notMine.name);
    await expect(rows.first()).toContainText('Tools');
    await expect(rows.first()).toContainText('100 BC');
    await expect(rows.first()).toContainText('The test suite');

    const firstRow = rows.filter({ hasText: first.name });
    await expect(firstRow.getByRole('link', { name: `Update ${first.name}` })).toHaveAttribute('href', `/update-artifact/${first._id}`);
    await firstRow.getByRole('link', { name: `Update ${first.name}` }).click();
    await expect(page).toHaveURL(new RegExp(`/update-artifact/${first._id}$`));

    await page.goto('/my-artifacts');
    // Cancelling the confirmation deletes nothing.
    await rows.filter({ hasText: first.name }).getByRole('button', { name: `Delete ${first.name}` }).click();
    const dialog = await whenOpened(page.getByRole('dialog'));
    await expect(dialog).toContainText('Are you sure?');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(rows).toHaveCount(2);

    await rows.filter({ hasText: first.name }).getByRole('button', { name: `Delete ${first.name}` }).click();
    // Answered once it has opened, as a person does (support/dialogs.ts: a click while it zooms in is lost).
    const confirm = await whenOpened(page.getByRole('dialog'));
    await confirm.getByRole('button', { name: 'Yes, delete it!' }).click();
    await expectToast(page, 'Artifact deleted successfully');
    // The member stays on My Artifacts (issue 43): the row is gone, the count says one.
    await expect(page).toHaveURL(/\/my-artifacts$/);
    await expect(rows).toHaveCount(1);
    await expect(page.getByText('1 artifact', { exact: true })).toBeFocused();

    const { body: left } = await apiGet<{ _id: string }[]>(`/artifacts?email=${encodeURIComponent(owner.email)}`, owner.token);
    expect(left.map((artifact) => artifact._id)).toEqual([second._id]);
    await page.goto('/my-artifacts');
    await expect(page.getByRole('table').locator('tbody th')).toHaveText([second.name]);
  });

  test('a user with nothing shared sees the empty text', async ({ page }) => {
    const user = await createUser();
    await page.goto('/login');
    await signIn(page, user);
    await page.goto('/my-artifacts');
    await expect(page.getByText('No artifacts found. Start by adding some historical treasures!')).toBeVisible();
    await expect(page.locator('main').getByRole('link', { name: 'Add Artifact' })).toHaveAttribute('href', '/add-artifact');
  });

  test('many artifacts are paged by the api', async ({ page }) => {
    const user = await createUser();
    const created = [];
    for (let index = 0; index < 21; index += 1) created.push(await createArtifactAs(user, `Paged relic ${String(index).padStart(2, '0')} ${user.uid.slice(0, 6)}`));
    await page.goto('/login');
    await signIn(page, user);
    await page.goto('/my-artifacts');
    const names = page.getByRole('table').locator('tbody th');
    await expect(names).toHaveCount(20);
    await expect(page.getByText('Page 1 of 2')).toBeVisible();
    await page.getByRole('link', { name: 'Next' }).click();
    await expect(page).toHaveURL(/\/my-artifacts\?page=2$/);
    // The oldest one is on the second page.
    await expect(names).toHaveText([created[0]!.name]);
    await page.getByRole('link', { name: 'Previous' }).click();
    await expect(names).toHaveCount(20);
  });
});
