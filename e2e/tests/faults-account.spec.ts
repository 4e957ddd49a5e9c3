import { expect, test } from '@playwright/test';
import { apiGet, apiSend, type ArtifactSummary } from '../support/api';
import { whenOpened } from '../support/dialogs';
import { restoreApi, stopApi, watchPageErrors } from '../support/faults';
import { signIn } from '../support/session';
import { createUser } from '../support/users';
import { demoPictureUrl } from '../support/demo-picture';

const validArtifact = {
  name: 'Fault Test Lamp',
  // The api's own demo picture: an address on a private network is refused since issue 42.
  image: demoPictureUrl(),
  type: 'Others',
  context: 'Fault test',
  shortDescription: 'Made by the fault journeys.',
  createdAt: 'AD 100',
  discoveredAt: '1900',
  discoveredBy: 'The tests',
  location: 'Loopback',
};

test.describe('Account screens with the api stopped', () => {
  test('liked artifacts says "Could not fetch liked artifacts." and recovers on Try again', async ({ page }) => {
    const user = await createUser();
    const { body } = await apiGet<ArtifactSummary[]>('/artifacts?limit=1&sort=oldest');
    await apiSend('PATCH', `/artifacts/toggle-like/${body[0]!._id}`, user.token);
    const errors = watchPageErrors(page);
    await page.goto('/login');
    await signIn(page, user);
    await stopApi(page);
    await page.goto('/liked-artifacts');
    await expect(page.getByText('Could not fetch liked artifacts.').first()).toBeVisible();
    await restoreApi(page);
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByText(body[0]!.name).first()).toBeVisible();
    expect(errors).toEqual([]);
    await apiSend('PATCH', `/artifacts/toggle-like/${body[0]!._id}`, user.token);
  });

  test('my artifacts says what failed, and a delete that cannot reach the api says "Failed to delete artifact"', async ({ page }) => {
    const user = await createUser();
    const { insertedId } = await apiSend<{ insertedId: string }>('POST', '/artifacts', user.token, validArtifact);
    const errors = watchPageErrors(page);
    await page.goto('/login');
    await signIn(page, user);
    await stopApi(page);
    await page.goto('/my-artifacts');
    await expect(page.getByText('Failed to fetch artifacts').first()).toBeVisible();
    await restoreApi(page);
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByText('Fault Test Lamp').first()).toBeVisible();

    await page.route(`**/artifacts/${insertedId}`, (route) =>
      route.request().method() === 'DELETE' ? route.abort('connectionrefused') : route.continue(),
    );
    await page.getByRole('button', { name: /Delete/ }).first().click();
    await (await whenOpened(page.getByRole('dialog'))).getByRole('button', { name: 'Yes, delete it!' }).click();
    await expect(page.getByText('Failed to delete artifact')).toBeVisible();
    await expect(page.getByText('Fault Test Lamp').first()).toBeVisible();
    expect(errors).toEqual([]);
    await apiSend('DELETE', `/artifacts/${insertedId}`, user.token);
  });
});
