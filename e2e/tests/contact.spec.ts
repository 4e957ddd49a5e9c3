// The contact form reaches the team (issue 32): a visitor's message is stored by the api and read in
// the moderators' Contact inbox, where it is marked handled; the spec's thanks shows only once it is
// stored, and a message the api did not take keeps what was typed.
import { expect, test, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { checkScreen, grantModerator } from '../support/moderators';
import { signIn } from '../support/session';
import { createUser } from '../support/users';

const THANKS = "Thanks for reaching out! We'll get back to you soon.";

async function writeMessage(page: Page, values: { name: string; email: string; message: string }): Promise<void> {
  await page.goto('/contact');
  await page.getByLabel('Name', { exact: true }).fill(values.name);
  await page.getByLabel('Email', { exact: true }).fill(values.email);
  await page.getByLabel('Message', { exact: true }).fill(values.message);
  await page.getByRole('button', { name: 'Send Message' }).click();
}

test.describe('The contact form reaches the team', () => {
  test('a visitor’s message is stored, read in the moderators’ inbox and marked handled there', async ({ page, browser }) => {
    // A phone's send, a moderator's sign-in and two axe scans: more than the default minute on a busy machine.
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 390, height: 844 });
    const tag = randomUUID().slice(0, 8);
    const sender = { name: `Visitor ${tag}`, email: `visitor-${tag}@example.org`, message: `Is the photo of the bronze mirror yours?\nI would like to reuse it (${tag}).` };
    await writeMessage(page, sender);
    await expect(page.getByText(THANKS)).toBeVisible();
    await expect(page.getByLabel('Message', { exact: true })).toHaveValue('');

    const moderator = await createUser();
    await grantModerator(moderator);
    const desk = await (await browser.newContext()).newPage();
    await desk.goto('/login');
    await signIn(desk, moderator);
    await desk.goto('/moderation');
    await desk.getByRole('navigation', { name: 'Moderation' }).getByRole('link', { name: 'Contact inbox' }).click();
    await expect(desk).toHaveURL(/\/moderation\/inbox$/);
    // Newest first: the message just sent is on the first page.
    const item = desk.getByRole('article', { name: `From ${sender.name}` });
    await expect(item.locator('blockquote')).toHaveText(sender.message);
    await expect(item.getByRole('link', { name: `Reply to ${sender.name} at ${sender.email}` })).toHaveAttribute('href', `mailto:${sender.email}`);
    await checkScreen(desk, 'Contact inbox');

    await item.getByRole('button', { name: `Mark handled: the message from ${sender.name}` }).click();
    await expect(item).toHaveCount(0);
    await desk.getByRole('link', { name: 'Handled messages' }).click();
    await expect(desk.getByRole('article', { name: `From ${sender.name}` }).getByText(/^Handled /)).toBeVisible();
  });

  test('a message the api did not store says so, shows no thanks and keeps what was typed', async ({ page }) => {
    // The api is busy: its answer to this one message is replaced (the page itself loads as usual).
    await page.route('**/contact', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ statusCode: 503, message: 'The service is busy: try again shortly' }) })
        : route.continue(),
    );
    const message = `Kept when the send fails ${randomUUID().slice(0, 8)}`;
    await writeMessage(page, { name: 'Ada', email: 'ada@example.org', message });
    await expect(page.getByRole('alert')).toContainText('Your message was not sent; what you wrote is still here.');
    await expect(page.getByText(THANKS)).toHaveCount(0);
    await expect(page.getByLabel('Message', { exact: true })).toHaveValue(message);
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Ada');
  });
});
