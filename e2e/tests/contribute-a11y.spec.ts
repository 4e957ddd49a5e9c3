import { expect, test } from '@playwright/test';
import { seriousFindings } from '../support/axe';
import { apiSend } from '../support/api';
import { field, fillArtifactForm, newArtifact } from '../support/contribute-form';
import { signIn } from '../support/session';
import { createUser } from '../support/users';

// Add Artifact as it first shows, and Update Artifact with its owner's artifact loaded, are judged by
// every-page.spec.ts (any impact, a phone's width and a desktop's, both themes); here the states it
// does not reach.
test.describe('Accessibility of the contribute screens (axe)', () => {
  test('Add Artifact with every message shown has no serious or critical issue', async ({ browser }) => {
    const user = await createUser();
    const context = await browser.newContext();
    const page = await context.newPage();
    await signIn(page, user);
    await page.goto('/add-artifact');
    await expect(page.getByRole('heading', { level: 1, name: 'Add Historical Artifact' })).toBeVisible();
    await page.getByRole('button', { name: 'Add Artifact' }).click();
    await expect(field(page, 'location')).toHaveAttribute('aria-invalid', 'true');
    expect(await seriousFindings(page)).toEqual([]);
    await page.setViewportSize({ width: 360, height: 740 });
    expect(await seriousFindings(page)).toEqual([]);
    await context.close();
  });

  test('The "Artifact added" panel, and a description past its limit, have no serious or critical issue (desktop and 360 px)', async ({ browser }) => {
    // Two widths, each with its own axe scans: seconds of CPU each on a shared 2-core machine.
    test.slow();
    const user = await createUser();
    const context = await browser.newContext();
    const page = await context.newPage();
    await signIn(page, user);
    await page.goto('/add-artifact');
    await expect(page.getByRole('heading', { level: 1, name: 'Add Historical Artifact' })).toBeVisible();
    await field(page, 'shortDescription').fill('x'.repeat(1001));
    await expect(field(page, 'shortDescription')).toHaveAttribute('aria-invalid', 'true');
    expect(await seriousFindings(page)).toEqual([]);

    await fillArtifactForm(page, newArtifact());
    await page.getByRole('button', { name: 'Add Artifact' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Artifact added' })).toBeFocused();
    expect(await seriousFindings(page)).toEqual([]);
    await page.setViewportSize({ width: 360, height: 740 });
    expect(await seriousFindings(page)).toEqual([]);
    const id = (await page.getByRole('link', { name: 'View it' }).getAttribute('href'))?.split('/').pop() ?? '';
    await apiSend('DELETE', `/artifacts/${id}`, user.token);
    await context.close();
  });

  test("Update Artifact's not-yours message has no serious or critical issue", async ({ browser }) => {
    const [owner, other] = await Promise.all([createUser(), createUser()]);
    const { insertedId } = await apiSend<{ insertedId: string }>('POST', '/artifacts', owner.token, newArtifact());
    const context = await browser.newContext();
    const page = await context.newPage();
    await signIn(page, other);
    await page.goto(`/update-artifact/${insertedId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'You can only update your own artifacts' })).toBeVisible();
    expect(await seriousFindings(page)).toEqual([]);
    await context.close();
    await apiSend('DELETE', `/artifacts/${insertedId}`, owner.token);
  });
});
