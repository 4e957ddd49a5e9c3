import { expect, test } from '@playwright/test';
import { apiGet, apiSend, type ArtifactSummary } from '../support/api';
import { signIn } from '../support/session';
import { createUser, type TestUser } from '../support/users';
import { whenOpened } from '../support/dialogs';

let user: TestUser;
let artifact: ArtifactSummary;

test.beforeAll(async () => {
  user = await createUser();
  const { body } = await apiGet<ArtifactSummary[]>('/artifacts?sort=name&limit=1');
  artifact = body[0]!;
});

test.describe('Artifact details', () => {
  test('a visitor is sent to /login and returned to the details after signing in', async ({ page }) => {
    await page.goto(`/artifacts/${artifact._id}`);
    await expect(page).toHaveURL(/\/login$/);
    // Told why, not just shown a bare sign-in form (issue 32).
    await expect(page.getByText("Sign in to see this artifact's full details.")).toBeVisible();
    await signIn(page, user);
    await expect(page).toHaveURL(new RegExp(`/artifacts/${artifact._id}$`));
    await expect(page.getByRole('heading', { level: 1, name: artifact.name })).toBeVisible();
  });

  test('on a phone, Like and Share are on the first screen, by the title', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/login');
    await signIn(page, user);
    await page.goto(`/artifacts/${artifact._id}`);
    await expect(page.getByRole('heading', { level: 1, name: artifact.name })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Like/ })).toBeInViewport();
    await expect(page.getByRole('button', { name: 'Share' })).toBeInViewport();
  });

  test('shows every field and label', async ({ page }) => {
    const { body: full } = await apiGet<Record<string, string>>(`/artifacts/${artifact._id}`);
    await page.goto('/login');
    await signIn(page, user);
    await page.goto(`/artifacts/${artifact._id}`);
    await expect(page.getByRole('heading', { level: 1, name: artifact.name })).toBeVisible();
    await expect(page.getByRole('img', { name: artifact.name })).toBeVisible();
    const main = page.locator('main');
    for (const label of ['Period', 'Location', 'Description', 'Technical Details', 'Type', 'Context', 'Discovered At', 'Discovered By']) {
      await expect(main.getByText(label, { exact: true }).first()).toBeVisible();
    }
    for (const field of ['createdAt', 'location', 'shortDescription', 'context', 'discoveredAt', 'discoveredBy']) {
      await expect(main).toContainText(full[field]!);
    }
    await page.getByRole('link', { name: 'Back to All Artifacts' }).click();
    await expect(page).toHaveURL(/\/all-artifacts$/);
  });

  test('like and unlike change the count and say so', async ({ page }) => {
    const { body: before } = await apiGet<ArtifactSummary>(`/artifacts/${artifact._id}`);
    await page.goto('/login');
    await signIn(page, user);
    await page.goto(`/artifacts/${artifact._id}`);
    const like = page.getByRole('button', { name: 'Like', exact: true });
    await expect(like).toBeVisible();
    await expect(page.getByText(`${before.likes} likes`)).toBeVisible();

    await like.click();
    await expect(page.getByText('Artifact liked!')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Liked', exact: true })).toBeVisible();
    await expect(page.getByText(`${before.likes + 1} likes`)).toBeVisible();

    // The liked state comes back from the server on a new visit.
    await page.reload();
    await expect(page.getByRole('button', { name: 'Liked', exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'Liked', exact: true }).click();
    await expect(page.getByText('Artifact disliked')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Like', exact: true })).toBeVisible();
    await expect(page.getByText(`${before.likes} likes`)).toBeVisible();
    const { body: after } = await apiGet<ArtifactSummary & { liked: boolean }>(`/artifacts/${artifact._id}`, user.token);
    expect(after).toMatchObject({ likes: before.likes, liked: false });
  });

  test('share copies the page link and confirms it', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/login');
    await signIn(page, user);
    await page.goto(`/artifacts/${artifact._id}`);
    await page.getByRole('button', { name: 'Share' }).click();
    await expect(page.getByText('Link copied to clipboard!')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(page.url());
  });

  test('a missing artifact shows the 404 screen', async ({ page }) => {
    await page.goto('/login');
    await signIn(page, user);
    await page.goto('/artifacts/ffffffffffffffffffffffff');
    await expect(page.getByRole('heading', { name: 'Lost in History?' })).toBeVisible();
  });
});

test.describe('Top bar for a signed-in user', () => {
  test('shows the name, the user menu and Add Artifact, and logs out after confirming', async ({ page }) => {
    await page.goto('/login');
    await signIn(page, user);
    const header = page.locator('header');
    await expect(header).toContainText(user.name);
    await expect(header.getByRole('link', { name: 'Add Artifact' })).toBeVisible();
    await header.getByRole('button', { name: new RegExp(user.name) }).click();
    await expect(header.getByRole('link', { name: 'My Artifacts' })).toBeVisible();
    await expect(header.getByRole('link', { name: 'Liked Artifacts' })).toBeVisible();

    await header.getByRole('button', { name: 'Logout' }).click();
    const dialog = await whenOpened(page.getByRole('dialog'));
    await expect(dialog).toContainText('Are you sure?');
    await expect(dialog).toContainText('You want to logout?');
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await dialog.getByRole('button', { name: 'Yes, logout!' }).click();
    // Two clicks: the success is a toast at the bottom right, not a dialog to dismiss (issue 32).
    const done = page.getByRole('alert').filter({ hasText: 'Logged out!' });
    await expect(done).toBeVisible();
    await expect(done).toContainText('You have logged out successfully.');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(header.getByRole('button', { name: 'Logout' })).toHaveCount(0);
  });
});

test('a like made in the api is reflected on the details page', async ({ page }) => {
  const liker = await createUser();
  await apiSend('PATCH', `/artifacts/toggle-like/${artifact._id}`, liker.token);
  try {
    await page.goto('/login');
    await signIn(page, liker);
    await page.goto(`/artifacts/${artifact._id}`);
    await expect(page.getByRole('button', { name: 'Liked', exact: true })).toBeVisible();
  } finally {
    await apiSend('PATCH', `/artifacts/toggle-like/${artifact._id}`, liker.token);
  }
});
