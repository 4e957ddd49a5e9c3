import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { createArtifactAs, type CreatedArtifact } from '../support/account';
import { apiGet, apiSend } from '../support/api';
import { field, fillArtifactForm } from '../support/contribute-form';
import { openedDialog } from '../support/dialogs';
import { SITE_URL } from '../support/env';
import { startSite } from '../support/first-page';
import { signIn } from '../support/session';
import { createUser, type TestUser } from '../support/users';

// Nothing lost unsaved (issue 43): the add form keeps a draft on the device, and the editors ask
// before a link, Back or closing the tab throws their changes away; a save is never questioned.

const LEAVE = { title: 'Leave without saving?', stay: 'Stay on this page', leave: 'Leave without saving' };

const SIZES = [
  { name: 'desktop', options: { viewport: { width: 1280, height: 800 } }, touch: false },
  { name: '390 px with touch', options: { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true }, touch: true },
] as const;

async function signedIn(browser: Browser, user: TestUser, options: (typeof SIZES)[number]['options'] = SIZES[0].options): Promise<Page> {
  const context = await browser.newContext({ ...options, baseURL: SITE_URL });
  const page = await context.newPage();
  await signIn(page, user);
  return page;
}

/** A click, or a tap on a touch screen. */
async function press(target: Locator, touch: boolean): Promise<void> {
  if (touch) await target.tap();
  else await target.click();
}

const draftNotice = (page: Page) => page.getByRole('region', { name: 'Your draft is back' });

for (const size of SIZES) {
  test(`a half-written add form survives Back, a reload and a closed tab; Discard draft empties it (${size.name})`, async ({ browser }) => {
    const member = await createUser();
    const page = await signedIn(browser, member, size.options);
    await page.goto('/my-artifacts');
    await press(page.locator('main').getByRole('link', { name: 'Add Artifact' }), size.touch);
    await expect(page.getByRole('heading', { level: 1, name: 'Add Historical Artifact' })).toBeVisible();
    await expect(draftNotice(page)).toHaveCount(0);
    const half = { name: 'Half-written sword', type: 'Weapons', location: 'Cairo' };
    await fillArtifactForm(page, half);

    // Back leaves at once (nothing is lost, so nothing is asked) ...
    await page.goBack();
    await expect(page).toHaveURL(/\/my-artifacts$/);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    // ... and on return the form is as it was left, and says so.
    await page.goForward();
    await expect(page).toHaveURL(/\/add-artifact$/);
    await expect(field(page, 'name')).toHaveValue(half.name);
    await expect(field(page, 'type')).toHaveValue(half.type);
    await expect(field(page, 'location')).toHaveValue(half.location);
    await expect(draftNotice(page)).toBeVisible();

    // A reload keeps it, and so does a closed tab: in a new one (where the member signs in again,
    // a sign-in without Remember me being the tab's own) the form comes back as it was.
    await field(page, 'context').fill('Mamluk period');
    await page.reload();
    await expect(field(page, 'context')).toHaveValue('Mamluk period');
    const again = await page.context().newPage();
    await page.close();
    await again.goto('/add-artifact');
    await expect(again).toHaveURL(/\/login$/);
    await signIn(again, member);
    await expect(again).toHaveURL(/\/add-artifact$/);
    await expect(field(again, 'name')).toHaveValue(half.name);
    await expect(field(again, 'context')).toHaveValue('Mamluk period');

    await press(draftNotice(again).getByRole('button', { name: 'Discard draft' }), size.touch);
    await expect(field(again, 'name')).toHaveValue('');
    await expect(field(again, 'location')).toHaveValue('');
    await expect(field(again, 'name')).toBeFocused();
    await expect(draftNotice(again)).toHaveCount(0);
    await expect(again.getByText('Draft discarded: the form is empty again.')).toBeVisible();
    await again.reload();
    await expect(field(again, 'name')).toHaveValue('');
    await expect(draftNotice(again)).toHaveCount(0);
    await again.context().close();
  });
}

test('leaving the collection editor with a typed note asks first: Stay keeps it, Back asks too, and closing the tab asks', async ({ browser }) => {
  const curator = await createUser();
  const tag = Date.now().toString(36);
  const first: CreatedArtifact = await createArtifactAs(curator, `Brooch ${tag}`);
  const second: CreatedArtifact = await createArtifactAs(curator, `Comb ${tag}`);
  const { id } = await apiSend<{ id: string }>('POST', '/collections', curator.token, { title: `Unsaved ${tag}`, visibility: 'public', description: '' });
  await apiSend('PUT', `/collections/${id}/items`, curator.token, [first, second].map((artifact) => ({ artifactId: artifact._id, note: '' })));

  const page = await signedIn(browser, curator);
  await page.goto('/my-collections');
  // Opened from the list: Back then stays inside the site (a Back to another document is the
  // browser's own question, as closing the tab is).
  await page.locator('main').getByRole('link', { name: `Unsaved ${tag}` }).click();
  await expect(page).toHaveURL(new RegExp(`/collections/${id}$`));
  await startSite(page);
  const note = page.getByRole('textbox', { name: `Note for ${second.name}` });
  await note.fill('Found beside the brooch.');

  // An in-app link asks; Stay keeps the page and the note (and nothing was saved).
  const editor = page.getByRole('region', { name: 'Artifacts in this collection' });
  await editor.getByRole('link', { name: first.name }).click();
  const question = await openedDialog(page, LEAVE.title);
  await expect(question).toContainText('Your changes on this page are not saved.');
  await expect(question.getByRole('button', { name: LEAVE.stay })).toBeFocused();
  await question.getByRole('button', { name: LEAVE.stay }).click();
  await expect(question).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/collections/${id}$`));
  await expect(note).toHaveValue('Found beside the brooch.');
  expect((await apiGet<{ items: { note: string }[] }>(`/collections/${id}`, curator.token)).body.items.map((item) => item.note)).toEqual(['', '']);

  // Closing the tab asks through the browser.
  const unload = page.waitForEvent('dialog');
  await page.close({ runBeforeUnload: true });
  const asked = await unload;
  expect(asked.type()).toBe('beforeunload');
  await asked.dismiss();
  await expect(note).toHaveValue('Found beside the brooch.');

  // Back asks too; Leave goes.
  await page.goBack();
  const back = await openedDialog(page, LEAVE.title);
  await back.getByRole('button', { name: LEAVE.leave }).click();
  await expect(page).toHaveURL(/\/my-collections$/);
  await page.context().close();
});

test('update saves without a confirmation, says so once on the page, and then leaves without asking', async ({ browser }) => {
  const owner = await createUser();
  const artifact = await createArtifactAs(owner);
  const page = await signedIn(browser, owner);
  await page.goto(`/update-artifact/${artifact._id}`);
  await expect(field(page, 'location')).toHaveValue('The test suite');
  await field(page, 'location').fill('Benaki Museum, Athens');
  await page.getByRole('button', { name: 'Save Changes' }).click();

  const saved = page.getByRole('heading', { level: 2, name: 'Artifact Updated successfully!' });
  await expect(saved).toBeFocused();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Save Changes' })).toBeDisabled();
  expect((await apiGet<{ location: string }>(`/artifacts/${artifact._id}`, owner.token)).body.location).toBe('Benaki Museum, Athens');

  await page.getByRole('link', { name: 'View artifact' }).click();
  await expect(page).toHaveURL(new RegExp(`/artifacts/${artifact._id}$`));
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.context().close();
});
