import { expect, test } from '@playwright/test';
import { API_URL } from '../support/env';
import { fillArtifactForm, field, newArtifact, type ArtifactFields } from '../support/contribute-form';
import { openedDialog } from '../support/dialogs';
import { signIn } from '../support/session';
import { createUser, uniqueName, type TestUser } from '../support/users';
import { startSite } from '../support/first-page';

interface StoredArtifact extends ArtifactFields {
  _id: string;
  likes: number;
  adderName: string;
  adderEmail?: string;
}

async function readArtifact(id: string, token?: string): Promise<{ status: number; body?: StoredArtifact }> {
  const response = await fetch(`${API_URL}/artifacts/${id}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: response.status, body: response.ok ? ((await response.json()) as StoredArtifact) : undefined };
}

// One artifact's life, in order: each step starts from what the previous one left.
test.describe.serial('An artifact’s life: add, find, update, guard, like, delete', () => {
  let owner: TestUser;
  let other: TestUser;
  // Made in beforeAll, not when the file loads: a retry or a repeat (E2E_REPEAT) in the same worker
  // starts from a new artifact.
  let artifact: ArtifactFields;
  let id = '';

  test.beforeAll(async () => {
    artifact = newArtifact({ type: 'Tools', createdAt: '100 BC' });
    [owner, other] = await Promise.all([createUser(uniqueName('Journey Owner')), createUser(uniqueName('Journey Visitor'))]);
  });

  test('the owner adds it through the form', async ({ page }) => {
    await signIn(page, owner);
    await page.getByRole('link', { name: 'Add Artifact' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Add Historical Artifact' })).toBeVisible();
    await fillArtifactForm(page, artifact);
    await expect(page.getByText('The image loads correctly.')).toBeVisible();
    await page.getByRole('button', { name: 'Add Artifact' }).click();

    // The confirmation panel, focused and in view, offers the new artifact's page (issue 32); it is
    // the one success message, with no dialog over it (issue 43).
    await expect(page.getByRole('heading', { level: 2, name: 'Artifact added' })).toBeFocused();
    await expect(page.getByRole('heading', { level: 2, name: 'Artifact added' })).toBeInViewport();
    await expect(page.getByRole('button', { name: 'Add another' })).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    const href = await page.getByRole('link', { name: 'View it' }).getAttribute('href');
    id = href?.split('/').pop() ?? '';
    expect(id).toMatch(/^[0-9a-f]{24}$/);

    const { body } = await readArtifact(id, owner.token);
    expect(body).toMatchObject({ ...artifact, adderName: owner.name, adderEmail: owner.email, likes: 0 });
  });

  test('it shows on Home’s Recently Added, in All Artifacts by its name, and in My Artifacts', async ({ page }) => {
    await page.goto('/');
    await startSite(page);
    const recent = page.locator('section[aria-labelledby="recent-title"]');
    await expect(recent.getByRole('heading', { name: artifact.name })).toBeVisible();
    await expect(recent.getByRole('link', { name: `View Details: ${artifact.name}` })).toHaveAttribute('href', `/artifacts/${id}`);

    await page.goto('/all-artifacts');
    await startSite(page);
    await page.getByLabel('Search', { exact: true }).fill(artifact.name);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(/search=/);
    const cards = page.locator('main article');
    await expect(cards).toHaveCount(1);
    await expect(cards.getByRole('heading', { name: artifact.name })).toBeVisible();
    await expect(cards.getByRole('link', { name: `Details: ${artifact.name}` })).toHaveAttribute('href', `/artifacts/${id}`);

    await signIn(page, owner);
    await page.goto('/my-artifacts');
    const row = page.getByRole('row', { name: new RegExp(artifact.name) });
    await expect(row).toBeVisible();
    await expect(row.getByRole('cell', { name: 'Tools', exact: true })).toBeVisible();
    await expect(row.getByRole('link', { name: `Update ${artifact.name}` })).toHaveAttribute('href', `/update-artifact/${id}`);
  });

  test('the owner updates it: leaving unsaved asks first, Save saves at once, and its page shows the change', async ({ page }) => {
    await signIn(page, owner);
    await page.goto(`/update-artifact/${id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Update Artifact' })).toBeVisible();
    await expect(field(page, 'name')).toHaveValue(artifact.name);
    await expect(field(page, 'createdAt')).toHaveValue('100 BC');
    const save = page.getByRole('button', { name: 'Save Changes' });
    await expect(save).toBeDisabled();

    // Leaving with a change not saved asks first (issue 43); Stay keeps it, and nothing was sent.
    await field(page, 'location').fill('Benaki Museum, Athens');
    await page.getByRole('link', { name: 'View artifact' }).click();
    const leave = await openedDialog(page, 'Leave without saving?');
    await expect(leave.getByRole('button', { name: 'Stay on this page' })).toBeFocused();
    await leave.getByRole('button', { name: 'Stay on this page' }).click();
    await expect(leave).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`/update-artifact/${id}$`));
    await expect(field(page, 'location')).toHaveValue('Benaki Museum, Athens');
    expect((await readArtifact(id)).body?.location).toBe(artifact.location);

    // Save: no "Are you sure?", saved, said once on the page, and nothing left to save.
    await field(page, 'createdAt').fill('c. 520 BC');
    await save.click();
    const saved = page.getByRole('heading', { level: 2, name: 'Artifact Updated successfully!' });
    await expect(saved).toBeFocused();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(save).toBeDisabled();
    expect((await readArtifact(id)).body).toMatchObject({ location: 'Benaki Museum, Athens', createdAt: 'c. 520 BC', name: artifact.name });

    await page.getByRole('link', { name: 'View artifact' }).click();
    await expect(page).toHaveURL(new RegExp(`/artifacts/${id}$`));
    await expect(page.getByRole('heading', { level: 1, name: artifact.name })).toBeVisible();
    const fact = (label: string) => page.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');
    await expect(fact('Period')).toHaveText('c. 520 BC');
    await expect(fact('Location')).toHaveText('Benaki Museum, Athens');
  });

  test('another user cannot update it: a clear message, no form', async ({ page }) => {
    await signIn(page, other);
    await page.goto(`/update-artifact/${id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'You can only update your own artifacts' })).toBeVisible();
    await expect(page.getByRole('textbox')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Save Changes' })).toHaveCount(0);
    // And the api refuses them too.
    const response = await fetch(`${API_URL}/artifacts/${id}`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${other.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Taken over' }),
    });
    expect(response.status).toBe(403);
  });

  test('a second user likes it on its details page', async ({ page }) => {
    await signIn(page, other);
    await page.goto(`/artifacts/${id}`);
    await expect(page.getByRole('heading', { level: 1, name: artifact.name })).toBeVisible();
    await page.getByRole('button', { name: 'Like', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Liked', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByText('Artifact liked!')).toBeVisible();
    await expect(page.getByText('1 like', { exact: true })).toBeVisible();
    expect((await readArtifact(id)).body?.likes).toBe(1);
  });

  test('the owner deletes it from My Artifacts, and it is gone', async ({ page }) => {
    await signIn(page, owner);
    await page.goto('/my-artifacts');
    await page.getByRole('button', { name: `Delete ${artifact.name}` }).click();
    const confirm = await openedDialog(page, 'Are you sure?');
    // Focus starts on Cancel, and the button that deletes for good looks it (issue 32).
    await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await expect(confirm.getByRole('button', { name: 'Yes, delete it!' })).toHaveClass(/ant-btn-dangerous/);
    await confirm.getByRole('button', { name: 'Yes, delete it!' }).click();
    await expect(page.getByText('Artifact deleted successfully')).toBeVisible();
    // The member stays on My Artifacts (issue 43), the row gone.
    await expect(page).toHaveURL(/\/my-artifacts$/);
    await expect(page.getByRole('button', { name: `Delete ${artifact.name}` })).toHaveCount(0);
    expect((await readArtifact(id)).status).toBe(404);
    await page.goto(`/update-artifact/${id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Artifact not found' })).toBeVisible();
  });
});
