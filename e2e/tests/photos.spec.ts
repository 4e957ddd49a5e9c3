import { createServer, type Server } from 'node:http';
import { expect, test, type Browser, type BrowserContextOptions, type Locator, type Page } from '@playwright/test';
import { axeFindings } from '../support/axe';
import { phoneJpeg } from '@antiquarium/testing/photos';
import { apiGet, apiSend } from '../support/api';
import { fillArtifactForm, newArtifact } from '../support/contribute-form';
import { API_URL, IMAGE_SOURCE_PORT, SITE_URL } from '../support/env';
import {
  createArtifactWithPhotos,
  expectNoMetadata,
  holdRequests,
  insertedPhotos,
  loadedSource,
  noisePng,
  phonePhoto,
  photoHash,
  photoItem,
  photoPicker,
  pickPhotos,
  plainPhoto,
  PLACEHOLDER_STYLE,
  type PhotoFile,
  type PickedFile,
  recordInsertedPhotos,
} from '../support/photos';
import { rememberedSignIn } from '../support/session';
import { createUser, uniqueName, type TestUser } from '../support/users';

// Issue 42: photos from any phone. The add form's photo picker (mfe-contribute shared/photos) uploads
// each photo by tus to the api, which cleans (no EXIF, no GPS) and resizes it; the details page
// (mfe-catalog artifact-details/photo-gallery.tsx) and the cards show what the api kept.

const SIZES: { name: string; touch: boolean; options: BrowserContextOptions }[] = [
  { name: '390 px, touch', touch: true, options: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } },
  { name: 'desktop', touch: false, options: { viewport: { width: 1280, height: 900 } } },
];
const DESKTOP = SIZES[1] as (typeof SIZES)[number];

/** The picker's texts (mfe-contribute shared/photos/photo-texts.ts), restated: the journey checks what members see. */
const TEXTS = {
  uploading: 'Uploading…',
  processing: 'Processing…',
  ready: 'Ready',
  locationRemoved: 'A location (GPS) was found in this photo and removed.',
  moved: (from: number, to: number) => `Photo ${from} moved to position ${to}`,
  tooBig: (name: string) => `“${name}” is larger than 25 MB, so it was not added.`,
  wrongType: (name: string) => `“${name}” is not a JPEG, PNG, WebP or AVIF image, so it was not added.`,
  notUsable: (number: number) => `Photo ${number} could not be used: remove it or try again.`,
  waitBefore: 'The form can be sent once every photo is ready and has an alt text.',
};
/** The uploader's part size (tus-uploader.ts CHUNK_BYTES). */
const CHUNK_BYTES = 5 * 1024 * 1024;

interface StoredArtifact {
  name: string;
  image: string;
  images: { url: string; alt: string; caption?: string; width: number; height: number }[];
}

function press(locator: Locator, touch: boolean): Promise<void> {
  return touch ? locator.tap() : locator.click();
}

/** The member's own browser at this size, signed in, on an empty add form. */
async function addForm(browser: Browser, user: TestUser, size: (typeof SIZES)[number]): Promise<Page> {
  const storageState = await rememberedSignIn(browser, user);
  const context = await browser.newContext({ ...size.options, baseURL: SITE_URL, storageState });
  const page = await context.newPage();
  await page.goto('/add-artifact');
  await expect(page.getByRole('heading', { level: 1, name: 'Add Historical Artifact' })).toBeVisible();
  return page;
}

/**
 * A fresh browser at this size, someone else's than the owner's: signed in as `user` (an artifact's
 * details are for members: a visitor is asked to sign in there), or with no session at all. Records
 * each photo's img as it enters the page.
 */
async function viewer(browser: Browser, size: (typeof SIZES)[number], user?: TestUser): Promise<Page> {
  const storageState = user ? await rememberedSignIn(browser, user) : undefined;
  const context = await browser.newContext({ ...size.options, baseURL: SITE_URL, ...(storageState ? { storageState } : {}) });
  await recordInsertedPhotos(context);
  return context.newPage();
}

/** Sends the add form and lands where the add flow lands (the focused "Artifact added" panel, no dialog over it); the new id. */
async function submitAndLand(page: Page, touch: boolean): Promise<string> {
  await press(page.getByRole('button', { name: 'Add Artifact' }), touch);
  await expect(page.getByRole('heading', { level: 2, name: 'Artifact added' })).toBeFocused();
  const href = (await page.getByRole('link', { name: 'View it' }).getAttribute('href')) ?? '';
  expect(href).toMatch(/^\/artifacts\/[0-9a-f]{24}$/);
  return href.split('/').pop() ?? '';
}

function withoutAddress() {
  const { image: _address, ...fields } = newArtifact();
  return fields;
}

/** The large photo of a details page (its figure's img). */
function shownPhoto(page: Page): Locator {
  return page.getByRole('figure').getByRole('img');
}

function thumbnails(page: Page): Locator {
  return page.getByRole('list', { name: 'Photos of this artifact' }).getByRole('button');
}

test.describe('Photos from any phone (issue 42)', () => {
  for (const size of SIZES) {
    test(`photos: a member adds three, sees each through, orders them from the keyboard; a visitor sees them in that order, cleaned (${size.name})`, async ({ browser }) => {
      test.setTimeout(180_000);
      const owner = await createUser(uniqueName('Photo Owner'));
      const photos: { file: PhotoFile; alt: string; caption?: string }[] = [
        // Taken on a phone held upright: stored turned, with GPS and a serial number in EXIF and XMP.
        { file: await phonePhoto('IMG_4711.jpg', { width: 1000, height: 750, orientation: 6 }), alt: 'The amphora standing, its painted side towards us' },
        { file: await plainPhoto('handle.png', 'png', 640, 640, '#a0522d'), alt: 'Close view of the twisted handle' },
        { file: await plainPhoto('base.webp', 'webp', 900, 500, '#c8a165'), alt: 'The foot ring seen from below', caption: 'A potter’s mark under the foot' },
      ];
      const [gps, square, wide] = photos as [(typeof photos)[0], (typeof photos)[0], (typeof photos)[0]];
      const fields = withoutAddress();
      const page = await addForm(browser, owner, size);
      await fillArtifactForm(page, fields);

      // Held until seen: the uploads' first parts (the progress at 0 %), then the first look at each
      // photo's processing. Both go on to the api as they were.
      const parts = await holdRequests(page, '**/media/uploads/*', 'PATCH');
      const looks = await holdRequests(page, '**/media/uploads/*', 'GET');
      await pickPhotos(page, photos.map(({ file }) => file));
      await expect(photoPicker(page).getByRole('listitem')).toHaveCount(3);
      for (const [index, { file }] of photos.entries()) {
        const item = photoItem(page, index + 1);
        await expect(item.getByText(file.name, { exact: true })).toBeVisible();
        // Its preview is drawn from the file on the device at once (the page's policy allows blob:).
        await expect.poll(() => item.getByRole('img', { name: `Preview of photo ${index + 1}` }).evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBeGreaterThan(0);
        await expect(item.getByRole('progressbar', { name: `Upload of photo ${index + 1}` })).toHaveAttribute('aria-valuenow', '0');
        await expect(item.getByText(TEXTS.uploading, { exact: true })).toBeVisible();
      }
      await expect.poll(parts.held).toBe(3);
      await parts.release();
      for (const index of [1, 2, 3]) {
        await expect(photoItem(page, index).getByText(TEXTS.processing, { exact: true })).toBeVisible({ timeout: 30_000 });
        await expect(photoItem(page, index).getByRole('progressbar')).toHaveCount(0);
      }
      await looks.release();
      for (const index of [1, 2, 3]) await expect(photoItem(page, index).getByText(TEXTS.ready, { exact: true })).toBeVisible({ timeout: 60_000 });
      // The phone photo's position was found and removed; the others had none.
      await expect(photoItem(page, 1).getByText(TEXTS.locationRemoved)).toBeVisible();
      await expect(photoItem(page, 2).getByText(TEXTS.locationRemoved)).toHaveCount(0);
      await expect(photoItem(page, 3).getByText(TEXTS.locationRemoved)).toHaveCount(0);

      for (const [index, { alt, caption }] of photos.entries()) {
        await photoItem(page, index + 1).getByLabel('Alt text').fill(alt);
        if (caption) await photoItem(page, index + 1).getByLabel('Caption').fill(caption);
      }
      expect(await axeFindings(page)).toEqual([]);

      // From the keyboard: the third photo up one place; the live region says so, the focus stays on the button.
      await photoItem(page, 3).getByRole('button', { name: 'Move up photo 3' }).focus();
      await page.keyboard.press('Enter');
      await expect(photoPicker(page).locator('[aria-live="polite"]')).toHaveText(TEXTS.moved(3, 2));
      await expect(photoItem(page, 2).getByRole('button', { name: 'Move up photo 2' })).toBeFocused();
      await expect(photoItem(page, 2).getByLabel('Alt text')).toHaveValue(wide.alt);
      await expect(photoItem(page, 3).getByLabel('Alt text')).toHaveValue(square.alt);
      const order = [gps, wide, square];

      const id = await submitAndLand(page, size.touch);
      const { body: stored } = await apiGet<StoredArtifact>(`/artifacts/${id}`);
      expect(stored.images.map(({ alt, caption, width, height }) => ({ alt, caption, width, height }))).toEqual(
        order.map(({ alt, caption, file }) => ({ alt, caption, width: file.width, height: file.height })),
      );
      await page.context().close();

      // Another member: the photos in the chosen order, their alt texts, the caption, each cleaned.
      const view = await viewer(browser, size, await createUser(uniqueName('Photo Viewer')));
      await view.goto(`/artifacts/${id}`);
      await expect(view.getByRole('heading', { level: 1, name: fields.name })).toBeVisible();
      await expect(thumbnails(view)).toHaveCount(3);
      for (const [index, { alt }] of order.entries()) await expect(thumbnails(view).nth(index)).toHaveAccessibleName(`Photo ${index + 1} of 3: ${alt}`);
      await expect(thumbnails(view).first()).toHaveAttribute('aria-pressed', 'true');
      const picture = view.getByRole('figure').locator('picture');
      await expect(picture.locator('source[type="image/avif"]')).toHaveAttribute('srcset', /\/media\/photos\//);
      await expect(picture.locator('source[type="image/webp"]')).toHaveAttribute('srcset', /\/media\/photos\//);
      for (const [index, { alt, caption, file }] of order.entries()) {
        await press(thumbnails(view).nth(index), size.touch);
        await expect(thumbnails(view).nth(index)).toHaveAttribute('aria-pressed', 'true');
        const img = shownPhoto(view);
        await expect(img).toHaveAccessibleName(alt);
        await expect(img).toHaveAttribute('width', String(file.width));
        await expect(img).toHaveAttribute('height', String(file.height));
        if (caption) await expect(view.getByRole('figure').locator('figcaption')).toHaveText(caption);
        else await expect(view.getByRole('figure').locator('figcaption')).toHaveCount(0);
        // The file the browser chose (AVIF here), and the JPEG every browser falls back to.
        await expectNoMetadata(view.context(), await loadedSource(img));
        await expectNoMetadata(view.context(), (await img.getAttribute('src')) ?? '');
        // Upright as the phone was held, from its orientation.
        const natural = await img.evaluate((element: HTMLImageElement) => element.naturalWidth / element.naturalHeight);
        expect(natural).toBeCloseTo(file.width / file.height, 1);
      }
      // Each img had its placeholder in its first render (three thumbnails, and each photo shown large).
      const inserted = await insertedPhotos(view);
      expect(inserted.length).toBeGreaterThanOrEqual(6);
      for (const { src, style } of inserted) expect(style, src).toMatch(PLACEHOLDER_STYLE);
      expect(await axeFindings(view)).toEqual([]);

      await view.context().close();

      // A visitor (no session): the cover on All Artifacts is the first photo, the phone's.
      const cover = photoHash(stored.images[0]?.url ?? '');
      const list = await viewer(browser, size);
      await list.goto(`/all-artifacts?search=${encodeURIComponent(fields.name)}`);
      const card = list.locator('main article').filter({ has: list.getByRole('heading', { name: fields.name }) });
      await expect(card.getByRole('img', { name: fields.name })).toHaveAttribute('srcset', new RegExp(`/media/photos/${cover}-`));
      await expect(card.locator('source[type="image/avif"]')).toHaveAttribute('srcset', new RegExp(`/media/photos/${cover}-`));
      const cards = (await insertedPhotos(list)).filter(({ src }) => src.includes(cover));
      expect(cards.length).toBeGreaterThanOrEqual(1);
      for (const { src, style } of cards) expect(style, src).toMatch(PLACEHOLDER_STYLE);
      await expectNoMetadata(list.context(), await loadedSource(card.getByRole('img', { name: fields.name })));
      await list.context().close();
      await apiSend('DELETE', `/artifacts/${id}`, owner.token);
    });
  }

  test('photos: an upload cut off half-way resumes from the offset the api holds, and the photo ends ready (desktop)', async ({ browser }) => {
    test.setTimeout(120_000);
    const owner = await createUser(uniqueName('Photo Resumer'));
    // Random pixels: a PNG of more than one part (the uploader sends 5 MiB at a time).
    const scan = await noisePng('rubbing-scan.png', 1400, 1400);
    expect(scan.buffer.length).toBeGreaterThan(CHUNK_BYTES);
    const page = await addForm(browser, owner, DESKTOP);

    let location = '';
    const heads: number[] = [];
    const parts: { offset: number; cut: boolean }[] = [];
    page.on('response', (response) => {
      const { pathname } = new URL(response.url());
      if (response.request().method() === 'POST' && pathname === '/media/uploads') location = response.headers()['location'] ?? '';
      if (response.request().method() === 'HEAD' && pathname.startsWith('/media/uploads/')) heads.push(Number(response.headers()['upload-offset']));
    });
    // The connection drops as the second part sets off, once the first is on the api.
    await page.route('**/media/uploads/*', async (route) => {
      if (route.request().method() !== 'PATCH') return route.fallback();
      const offset = Number(await route.request().headerValue('upload-offset'));
      const cut = offset > 0 && !parts.some((part) => part.cut);
      parts.push({ offset, cut });
      return cut ? route.abort('connectionreset') : route.fallback();
    });

    await pickPhotos(page, [scan]);
    await expect(photoItem(page, 1).getByText(TEXTS.ready, { exact: true })).toBeVisible({ timeout: 90_000 });
    // The first part whole, the second cut, then the uploader asked the api how much it holds (HEAD)
    // and sent the rest from there, never the whole file again.
    expect(parts).toEqual([
      { offset: 0, cut: false },
      { offset: CHUNK_BYTES, cut: true },
      { offset: CHUNK_BYTES, cut: false },
    ]);
    expect(heads).toEqual([CHUNK_BYTES]);
    // Put together right: the api read the whole PNG, at its size.
    const uploadId = location.split('/').pop() ?? '';
    expect(uploadId).toMatch(/^[a-f0-9]{32}$/);
    const { body: status } = await apiGet<{ state: string; width: number; height: number }>(`/media/uploads/${uploadId}`, owner.token);
    expect(status).toMatchObject({ state: 'ready', width: scan.width, height: scan.height });
    await page.context().close();
  });

  test('photos: a file that is not a picture says why on the photo; too large or the wrong type is refused at once, by name (desktop)', async ({ browser }) => {
    test.setTimeout(120_000);
    const owner = await createUser(uniqueName('Photo Refused'));
    const page = await addForm(browser, owner, DESKTOP);
    let creates = 0;
    let sends = 0;
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (request.method() === 'POST' && pathname === '/media/uploads') creates += 1;
      if (request.method() === 'POST' && pathname === '/artifacts') sends += 1;
    });

    // Named and typed as JPEGs by the browser: only the api, reading the bytes, can tell.
    const notes: PickedFile = { name: 'field-notes.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('Trench 4, layer 2: sherds.\n'.repeat(40)) };
    const gif = await plainPhoto('sketch.jpg', 'gif', 400, 300, '#c0a080');
    await pickPhotos(page, [notes, { ...gif, mimeType: 'image/jpeg' }]);
    await expect(photoItem(page, 1).getByRole('alert')).toHaveText('The file is not a picture we can read (JPEG, PNG, WebP or AVIF)', { timeout: 60_000 });
    await expect(photoItem(page, 2).getByRole('alert')).toHaveText('Only JPEG, PNG, WebP and AVIF photos are accepted (this one is GIF)', { timeout: 60_000 });
    for (const index of [1, 2]) {
      await expect(photoItem(page, index).getByRole('button', { name: `Try again photo ${index}` })).toBeVisible();
      await expect(photoItem(page, index).getByText(TEXTS.ready, { exact: true })).toHaveCount(0);
    }
    expect(creates).toBe(2);

    // Refused by the picker before any byte is sent, each by its name.
    const huge: PickedFile = { name: 'scan-1200dpi.jpg', mimeType: 'image/jpeg', buffer: Buffer.alloc(26 * 1024 * 1024, 0xff) };
    const animation = await plainPhoto('spinning-coin.gif', 'gif', 200, 200, '#d4af37');
    await pickPhotos(page, [huge, animation]);
    const refusals = photoPicker(page).getByRole('alert').filter({ hasText: 'so it was not added' });
    await expect(refusals).toContainText(TEXTS.tooBig(huge.name));
    await expect(refusals).toContainText(TEXTS.wrongType(animation.name));
    await expect(photoPicker(page).getByRole('listitem')).toHaveCount(2);
    expect(creates).toBe(2);

    // And the form is not sent with photos it cannot use.
    await fillArtifactForm(page, withoutAddress());
    await page.getByRole('button', { name: 'Add Artifact' }).click();
    for (const line of [TEXTS.notUsable(1), TEXTS.notUsable(2), TEXTS.waitBefore]) await expect(photoPicker(page).getByText(line, { exact: true })).toBeVisible();
    expect(sends).toBe(0);
    await page.context().close();
  });

  test.describe('a pasted address', () => {
    let source: Server;
    const served = new Map<string, Buffer>();
    /** Requests for each picture that did not come from a browser (the api's copy). */
    const fetchedByApi = new Map<string, number>();

    test.beforeAll(async () => {
      source = createServer((request, response) => {
        const path = request.url ?? '';
        const body = served.get(path);
        if (!/Mozilla/.test(request.headers['user-agent'] ?? '')) fetchedByApi.set(path, (fetchedByApi.get(path) ?? 0) + 1);
        if (!body) {
          response.writeHead(404).end();
          return;
        }
        response.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': body.length }).end(body);
      });
      await new Promise<void>((resolve, reject) => {
        source.once('error', reject);
        source.listen(IMAGE_SOURCE_PORT, '127.0.0.1', resolve);
      });
    });

    test.afterAll(async () => {
      await new Promise((resolve) => source.close(resolve));
    });

    for (const size of SIZES) {
      test(`photos: a picture pasted by address ends up served from the site, without its GPS (${size.name})`, async ({ browser }) => {
        test.setTimeout(120_000);
        const owner = await createUser(uniqueName('Photo Paster'));
        const path = `/finds/${Date.now()}-${size.touch ? 'phone' : 'desktop'}.jpg`;
        served.set(path, await phoneJpeg({ width: 1200, height: 900 }));
        const artifact = newArtifact({ image: `http://127.0.0.1:${IMAGE_SOURCE_PORT}${path}` });
        const page = await addForm(browser, owner, size);
        await fillArtifactForm(page, artifact);
        // The page never loads another site's picture (img-src is the site's own): it says the site copies it.
        await expect(page.getByText(/This picture is on another site: Antiquarium copies it when you save/)).toBeVisible();
        await expect(page.getByRole('img', { name: 'Preview of the artifact image' })).toHaveCount(0);
        const id = await submitAndLand(page, size.touch);
        await page.context().close();

        // The api copies it in the background; the details page shows the site's copy once it has.
        const view = await viewer(browser, size, await createUser(uniqueName('Photo Viewer')));
        await expect(async () => {
          await view.goto(`/artifacts/${id}`);
          await expect(shownPhoto(view)).toHaveAttribute('src', /\/media\/photos\//, { timeout: 2_000 });
        }).toPass({ timeout: 60_000 });
        expect(fetchedByApi.get(path)).toBeGreaterThanOrEqual(1);
        const img = shownPhoto(view);
        await expect(img).toHaveAccessibleName(artifact.name);
        await expect(img).toHaveAttribute('width', '1200');
        await expect(img).toHaveAttribute('height', '900');
        await expectNoMetadata(view.context(), await loadedSource(img));
        await expectNoMetadata(view.context(), (await img.getAttribute('src')) ?? '');
        const inserted = await insertedPhotos(view);
        expect(inserted.length).toBeGreaterThanOrEqual(1);
        for (const { src, style } of inserted) expect(style, src).toMatch(PLACEHOLDER_STYLE);
        const { body: stored } = await apiGet<StoredArtifact>(`/artifacts/${id}`);
        expect(stored.image.startsWith(`${API_URL}/media/photos/`)).toBe(true);
        await view.context().close();
        await apiSend('DELETE', `/artifacts/${id}`, owner.token);
      });
    }
  });

  for (const size of SIZES) {
    test(`photos: a click with no pointer before it (a script's, an assistive tool's) switches the details photo, orders and picks photos (${size.name})`, async ({ browser }) => {
      test.setTimeout(120_000);
      const owner = await createUser(uniqueName('Photo Clicker'));
      const first = { file: await plainPhoto('front.png', 'png', 800, 600, '#8b5a2b'), alt: 'The lamp from the front' };
      const second = { file: await plainPhoto('side.webp', 'webp', 600, 800, '#d2b48c'), alt: 'The lamp from the side' };
      const { id, fields } = await createArtifactWithPhotos(owner, [first, second]);

      const view = await viewer(browser, size, await createUser(uniqueName('Photo Viewer')));
      await view.goto(`/artifacts/${id}`);
      await expect(view.getByRole('heading', { level: 1, name: fields.name })).toBeVisible();
      await expect(shownPhoto(view)).toHaveAccessibleName(first.alt);
      const bareClick = (locator: Locator) => locator.evaluate((element: HTMLElement) => element.click());
      await bareClick(thumbnails(view).nth(1));
      await expect(thumbnails(view).nth(1)).toHaveAttribute('aria-pressed', 'true');
      await expect(thumbnails(view).nth(0)).toHaveAttribute('aria-pressed', 'false');
      await expect(shownPhoto(view)).toHaveAccessibleName(second.alt);
      await bareClick(thumbnails(view).nth(0));
      await expect(shownPhoto(view)).toHaveAccessibleName(first.alt);
      await view.context().close();

      // The picker's "Add photos" opens the file chooser, and Move up moves, on a bare click too.
      const page = await addForm(browser, owner, size);
      const chooser = page.waitForEvent('filechooser');
      await bareClick(photoPicker(page).getByText('Add photos', { exact: true }));
      await (await chooser).setFiles([first.file, second.file].map(({ name, mimeType, buffer }) => ({ name, mimeType, buffer })));
      await expect(photoItem(page, 2).getByText(second.file.name, { exact: true })).toBeVisible();
      await bareClick(photoItem(page, 2).getByRole('button', { name: 'Move up photo 2' }));
      await expect(photoItem(page, 1).getByText(second.file.name, { exact: true })).toBeVisible();
      await expect(photoItem(page, 2).getByText(first.file.name, { exact: true })).toBeVisible();
      await page.context().close();
      await apiSend('DELETE', `/artifacts/${id}`, owner.token);
    });
  }
});
