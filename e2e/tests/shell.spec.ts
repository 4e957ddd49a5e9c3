import { expect, test } from '@playwright/test';
import { startSite } from '../support/first-page';

test.describe('Shell', () => {
  test('an unknown path shows the 404 screen with a way home', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: 'Lost in History?' })).toBeVisible();
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeAttached();
  });

  test('a visitor sees a Login button and no Add Artifact link', async ({ page }) => {
    await page.goto('/');
    await startSite(page);
    const header = page.locator('header');
    await expect(header.getByRole('link', { name: 'Login' }).or(header.getByRole('button', { name: 'Login' }))).toBeVisible();
    await expect(header.getByRole('link', { name: 'Add Artifact' })).toHaveCount(0);
    await expect(header.getByRole('button', { name: 'Logout' })).toHaveCount(0);
  });

  test('a protected route sends a visitor to /login', async ({ page }) => {
    for (const path of ['/add-artifact', '/my-artifacts', '/liked-artifacts', '/update-artifact/ffffffffffffffffffffffff']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/login$/);
    }
  });

  test('the footer has its parts', async ({ page }) => {
    await page.goto('/');
    await startSite(page);
    const footer = page.locator('footer');
    await expect(footer).toContainText(/preserving and sharing historical treasures/i);
    for (const name of ['Home', 'All Artifacts', 'My Artifacts', 'Add Artifact', 'Liked Artifacts']) {
      await expect(footer.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await expect(footer).toContainText(String(new Date().getFullYear()));
    await expect(footer.getByRole('link', { name: /Privacy/ })).toHaveAttribute('href', '/privacy-policy');
    await expect(footer.getByRole('link', { name: /Terms/ })).toHaveAttribute('href', '/terms');
  });

  test('the static pages render their texts', async ({ page }) => {
    await page.goto('/about');
    await expect(page.getByRole('link', { name: 'Join the Community' })).toHaveAttribute('href', '/register');
    await page.goto('/terms');
    await expect(page.locator('main h2')).toHaveCount(7);
    await page.goto('/privacy-policy');
    await expect(page.locator('main h2')).toHaveCount(8);
  });

  test('the contact form checks its fields, then thanks and clears', async ({ page }) => {
    await page.goto('/contact');
    await expect(page.locator('main').getByText(/Mon-Fri 9AM-6PM/).first()).toBeVisible();
    await page.getByLabel('Name', { exact: true }).fill('Ada');
    await page.getByLabel('Email', { exact: true }).fill('not-an-email');
    await page.getByLabel('Message', { exact: true }).fill('Hello');
    await page.getByRole('button', { name: /Send/ }).click();
    // The form's answer to a bad address: its message under the field, the field marked and
    // focused. It is decided in the same step as the thanks would be, so once it shows there is
    // no thanks, and the other fields keep what was typed.
    const email = page.getByLabel('Email', { exact: true });
    await expect(email).toHaveAccessibleDescription('Enter a valid email address');
    await expect(page.getByText('Enter a valid email address')).toBeVisible();
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(email).toBeFocused();
    await expect(page.getByText("Thanks for reaching out! We'll get back to you soon.")).toHaveCount(0);
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Ada');
    await page.getByLabel('Email', { exact: true }).fill('ada@example.org');
    await page.getByRole('button', { name: /Send/ }).click();
    await expect(page.getByText("Thanks for reaching out! We'll get back to you soon.")).toBeVisible();
    await expect(page.getByText('Enter a valid email address')).toHaveCount(0);
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue('');
    await expect(page.getByLabel('Message', { exact: true })).toHaveValue('');
  });
});
