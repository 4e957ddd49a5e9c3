import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { emailedCode, expectToast, signOut, submitLogin } from '../support/account';
import { fillArtifactForm, newArtifact } from '../support/contribute-form';

test.describe('Register', () => {
  test('the password rules one at a time in order, then the account, signed in, signs out and back in', async ({ page }) => {
    const email = `e2e-register-${randomUUID()}@test.antiquarium.example`;
    const name = `Registered Explorer ${randomUUID().slice(0, 6)}`;
    await page.goto('/register');
    await expect(page.getByRole('heading', { level: 1, name: 'Register' })).toBeVisible();

    // Every field but the photo is required.
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    await expect(page.getByLabel('Full Name')).toBeFocused();
    await expect(page.getByText('Full Name is required')).toBeVisible();
    await expect(page.getByText('Password is required')).toBeVisible();
    await expect(page.getByLabel('Photo URL')).not.toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Photo URL')).not.toHaveAttribute('required');

    await page.getByLabel('Full Name').fill(name);
    await page.getByLabel('Email').fill(email);
    // A photo URL, when given, must be one: the message is at the field, which gets the focus.
    await page.getByLabel('Photo URL').fill('not a url');
    await page.getByLabel('Password', { exact: true }).fill('Abcdef');
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    await expect(page.getByLabel('Photo URL')).toBeFocused();
    await expect(page.getByLabel('Photo URL')).toHaveAccessibleDescription(/Photo URL must be a valid URL starting with http:\/\/ or https:\/\//);
    await page.getByLabel('Photo URL').fill('https://example.org/portrait.png');
    const password = page.getByLabel('Password', { exact: true });
    const rules: [string, string][] = [
      ['abc', 'Password must be at least 6 characters'],
      ['abcdef', 'Password must contain at least one uppercase letter'],
      ['ABCDEF', 'Password must contain at least one lowercase letter'],
    ];
    for (const [attempt, message] of rules) {
      await password.fill(attempt);
      await page.getByRole('button', { name: 'Register', exact: true }).click();
      await expect(password).toBeFocused();
      await expect(page.locator('.aq-field__error')).toHaveText([message]);
      await expect(password).toHaveAccessibleDescription(new RegExp(message));
    }

    await password.fill('Abcdef');
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    await expectToast(page, 'User registered successfully');
    await expect(page).toHaveURL(/\/$/);
    // Told at once, on the page returned to, that the verification link is in the inbox, with a way
    // to send another (issue 43).
    const told = page.getByRole('region', { name: 'A verification link is in your inbox' });
    await expect(told).toContainText(`We sent a link to ${email}.`);
    await told.getByRole('button', { name: 'Send the link again' }).click();
    await expectToast(page, 'A new link is on its way');
    const header = page.locator('header');
    await expect(header).toContainText(name);
    await expect(header.getByRole('button', { name: 'Logout' })).toBeVisible();

    await signOut(page);
    await page.goto('/login');
    await submitLogin(page, email, 'Abcdef');
    await expectToast(page, `Login successful! Welcome ${name}`);
    await expect(header.getByRole('button', { name: 'Logout' })).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
  });

  test('a new member who adds an artifact at once is credited by name, not as Anonymous', async ({ page }) => {
    const name = `Probe Person ${randomUUID().slice(0, 6)}`;
    const email = `e2e-probe-${randomUUID()}@test.antiquarium.example`;
    await page.goto('/register');
    await page.getByLabel('Full Name').fill(name);
    await page.getByLabel('Email').fill(email);
    // No photo: it is optional, and the header shows the initials instead.
    await page.getByLabel('Password', { exact: true }).fill('Probe-1');
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    await expectToast(page, 'User registered successfully');
    await expect(page.locator('header .aq-avatar--initials')).toHaveText('PP');
    await expect(page.locator('header img.aq-avatar')).toHaveCount(0);

    // Writes need a verified address: the Add page says so until the member opens the link that
    // registering mailed them (the emulator keeps it instead of sending it).
    await page.getByRole('link', { name: 'Add Artifact' }).first().click();
    const notice = page.getByRole('region', { name: 'Verify your email to contribute' });
    await expect(notice).toContainText(`We sent a link to ${email}.`);
    await notice.getByRole('button', { name: 'I have verified' }).click();
    await expect(notice.getByText('Not verified yet: open the link in the email we sent, then try again.')).toBeVisible();
    const link = await emailedCode(email, 'VERIFY_EMAIL');
    expect((await page.request.get(link.oobLink)).ok()).toBe(true);
    await notice.getByRole('button', { name: 'I have verified' }).click();
    await expect(notice).toHaveCount(0);

    const artifact = newArtifact();
    await fillArtifactForm(page, artifact);
    await page.getByRole('button', { name: 'Add Artifact' }).click();
    await page.getByRole('link', { name: 'View it' }).click();
    await expect(page.getByRole('heading', { level: 1, name: artifact.name })).toBeVisible();
    await expect(page.getByText(`Shared by ${name}`)).toBeVisible();
  });

  test('an email that already has an account is explained in words', async ({ page }) => {
    const email = `e2e-register-${randomUUID()}@test.antiquarium.example`;
    for (const attempt of [1, 2]) {
      await page.goto('/register');
      await page.getByLabel('Full Name').fill('Twice Registered');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Photo URL').fill('https://example.org/twice.png');
      await page.getByLabel('Password', { exact: true }).fill('Twice-1');
      await page.getByRole('button', { name: 'Register', exact: true }).click();
      if (attempt === 1) {
        await expectToast(page, 'User registered successfully');
        await signOut(page);
      }
    }
    await expectToast(page, 'An account with this email already exists. Try signing in instead.');
    await expect(page).toHaveURL(/\/register$/);
  });
});
