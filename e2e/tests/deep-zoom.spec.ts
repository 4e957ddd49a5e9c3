import { expect, test, type Browser, type BrowserContextOptions, type Locator, type Page } from '@playwright/test';
import { axeFindings } from '../support/axe';
import sharp from 'sharp';
import { apiSend } from '../support/api';
import { SITE_URL } from '../support/env';
import { createArtifactWithPhotos, photoHash, plainPhoto, type PhotoFile } from '../support/photos';
import { rememberedSignIn } from '../support/session';
import { createUser, uniqueName, type TestUser } from '../support/users';

/**
 * Issue 44: deep zoom on the details page. OpenSeadragon over the api's IIIF tiles, loaded when a
 * person opens it: zoomed with the keyboard (+ and arrows on its surface) and by pinch on a phone,
 * photos switched by the page's thumbnails, full screen left with Escape, and axe finds nothing.
 */

/** The viewer's texts (mfe-catalog artifact-details deep-zoom-viewer.tsx, zoom-frame.tsx), restated. */
const TEXTS = {
  open: 'Zoom into the photo',
  region: 'Deep zoom',
  fullScreen: 'Full screen',
  close: 'Close zoom',
  zoomIn: 'Zoom in',
};

const PHOTOS = [
  { colour: '#8b5a2b', alt: 'The lamp from the front' },
  { colour: '#d2b48c', alt: 'The lamp from the side' },
  { colour: '#4a6741', alt: 'The maker’s stamp on the base' },
];

/** A photo whose every column differs (a gradient with stripes), so a pan changes what the viewer shows. */
async function stripedPhoto(name: string, width: number, height: number): Promise<PhotoFile> {
  const stripes = Array.from({ length: 24 }, (_, index) => `<rect x="${(index * width) / 24}" width="${width / 48}" height="100%" fill="#1b1b1b"/>`).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g"><stop offset="0" stop-color="#8b5a2b"/><stop offset="1" stop-color="#f0e0b0"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/>${stripes}</svg>`;
  return { name, mimeType: 'image/png', buffer: await sharp(Buffer.from(svg)).png().toBuffer(), width, height };
}

/** The viewer's surface as the screen shows it, once it has stopped moving. */
async function settledView(page: Page): Promise<Buffer> {
  let last = await surface(page).screenshot();
  await expect
    .poll(async () => {
      const next = await surface(page).screenshot();
      const same = next.equals(last);
      last = next;
      return same;
    }, { timeout: 15_000, intervals: [300] })
    .toBe(true);
  return last;
}

/** The Image API's answers the viewer asked for: each photo's, with the region's width when it was a tile (not `full`). */
function tilesSeen(page: Page): { hash: string; w: number }[] {
  const tiles: { hash: string; w: number }[] = [];
  page.on('response', (response) => {
    const match = /\/iiif\/3\/([a-f0-9]{32})\/(?:full|\d+,\d+,(\d+),\d+)\//.exec(new URL(response.url()).pathname);
    if (match && response.status() === 200) tiles.push({ hash: match[1]!, w: match[2] ? Number(match[2]) : Number.POSITIVE_INFINITY });
  });
  return tiles;
}

function zoomStatus(page: Page): Locator {
  return page.getByRole('region', { name: TEXTS.region }).locator('output');
}

async function zoomPercent(page: Page): Promise<number> {
  return Number(/(\d+)%/.exec((await zoomStatus(page).textContent()) ?? '')?.[1] ?? Number.NaN);
}

function surface(page: Page): Locator {
  return page.getByRole('application');
}

async function openViewer(browser: Browser, options: BrowserContextOptions, member: TestUser, id: string): Promise<Page> {
  const storageState = await rememberedSignIn(browser, member);
  const context = await browser.newContext({ ...options, baseURL: SITE_URL, storageState });
  const page = await context.newPage();
  await page.goto(`/artifacts/${id}`);
  await expect(page.getByRole('list', { name: 'Photos of this artifact' })).toBeVisible({ timeout: 30_000 });
  return page;
}

/** Two fingers on the viewer's surface, moved apart (Chromium's touch input, as a phone sends it). */
async function pinchOpen(page: Page, target: Locator): Promise<void> {
  const box = (await target.boundingBox())!;
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  const cdp = await page.context().newCDPSession(page);
  const fingers = (spread: number) => [
    { x: cx - spread, y: cy, id: 0 },
    { x: cx + spread, y: cy, id: 1 },
  ];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: fingers(20) });
  for (let spread = 30; spread <= 140; spread += 10) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: fingers(spread) });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

test.describe('Deep zoom (issue 44)', () => {
  let owner: TestUser;
  let member: TestUser;
  let artifactId: string;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    owner = await createUser(uniqueName('Zoom Owner'));
    member = await createUser(uniqueName('Zoom Viewer'));
    const photos = [];
    for (const [index, { colour, alt }] of PHOTOS.entries()) {
      // Wide enough for several tiles at full size (512 px each).
      const file = index === 0 ? await stripedPhoto('lamp-0.png', 2400, 1800) : await plainPhoto(`lamp-${index}.png`, 'png', 2400, 1800, colour);
      photos.push({ file, alt });
    }
    ({ id: artifactId } = await createArtifactWithPhotos(owner, photos));
  });

  test.afterAll(async () => {
    if (artifactId) await apiSend('DELETE', `/artifacts/${artifactId}`, owner.token);
  });

  test('390 px, touch: zoomed by keyboard and by pinch, photos switched, full screen left with Escape; axe finds nothing', async ({ browser }) => {
    test.setTimeout(120_000);
    const page = await openViewer(browser, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }, member, artifactId);
    const tiles = tilesSeen(page);
    const firstHash = photoHash((await page.getByRole('figure').getByRole('img').getAttribute('src')) ?? '');

    await page.getByRole('button', { name: TEXTS.open }).tap();
    // The surface takes the focus (the button that opened it is gone), named by the photo's alt text.
    await expect(surface(page)).toBeFocused({ timeout: 30_000 });
    await expect(surface(page)).toHaveAccessibleName(PHOTOS[0]!.alt);
    await expect(zoomStatus(page)).toHaveText('Zoom 100%');

    // The keyboard: + zooms in (closer tiles come: regions of at most two tiles' width), the arrows pan.
    for (let press = 0; press < 4; press += 1) await page.keyboard.press('+');
    await expect.poll(() => zoomPercent(page), { timeout: 10_000 }).toBeGreaterThan(200);
    await expect.poll(() => tiles.filter((tile) => tile.hash === firstHash && tile.w <= 1024).length, { timeout: 15_000 }).toBeGreaterThan(0);
    const zoomed = await zoomPercent(page);
    const before = await settledView(page);
    for (let press = 0; press < 4; press += 1) await page.keyboard.press('ArrowRight');
    const after = await settledView(page);
    expect(after.equals(before)).toBe(false);
    expect(await zoomPercent(page)).toBe(zoomed);

    // Back to the whole photo, then a pinch zooms in.
    await page.keyboard.press('0');
    await expect.poll(() => zoomPercent(page), { timeout: 10_000 }).toBeLessThan(110);
    await pinchOpen(page, surface(page));
    await expect.poll(() => zoomPercent(page), { timeout: 10_000 }).toBeGreaterThan(150);

    // The page's thumbnails switch the photo in the viewer.
    const thumbnails = page.getByRole('list', { name: 'Photos of this artifact' }).getByRole('button');
    await thumbnails.nth(2).tap();
    await expect(surface(page)).toHaveAccessibleName(PHOTOS[2]!.alt);
    await expect(page.getByRole('region', { name: TEXTS.region })).toContainText(PHOTOS[2]!.alt);
    await expect.poll(() => new Set(tiles.map((tile) => tile.hash)).size, { timeout: 15_000 }).toBeGreaterThan(1);

    // Full screen: the viewer has the whole window; Escape leaves it and keeps the viewer.
    const fullScreen = page.getByRole('button', { name: TEXTS.fullScreen });
    await fullScreen.tap();
    await expect(fullScreen).toHaveAttribute('aria-pressed', 'true');
    const region = page.getByRole('region', { name: TEXTS.region });
    await expect.poll(async () => (await region.boundingBox())?.width).toBe(390);
    await surface(page).focus();
    await page.keyboard.press('Escape');
    await expect(fullScreen).toHaveAttribute('aria-pressed', 'false');
    await expect.poll(async () => (await region.boundingBox())?.width).toBeLessThan(390);
    await expect(surface(page)).toBeVisible();

    expect(await axeFindings(page)).toEqual([]);

    // Closed, the picture is back and the focus on the way in.
    await page.getByRole('button', { name: TEXTS.close }).tap();
    await expect(page.getByRole('button', { name: TEXTS.open })).toBeFocused();
    await page.context().close();
  });

  test('desktop: the viewer’s code comes only when opened; its buttons zoom; the browser’s full screen is left with Escape', async ({ browser }) => {
    test.setTimeout(90_000);
    const page = await openViewer(browser, { viewport: { width: 1280, height: 900 } }, member, artifactId);
    const scripts: string[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(response.url());
    });
    // Nothing of the viewer on the page before it is opened: no tile asked, no script loaded for it.
    const tiles = tilesSeen(page);
    await page.waitForTimeout(500);
    expect(tiles).toEqual([]);
    const before = scripts.length;

    await page.getByRole('button', { name: TEXTS.open }).click();
    await expect(surface(page)).toBeFocused({ timeout: 30_000 });
    expect(scripts.length).toBeGreaterThan(before);
    await page.getByRole('button', { name: TEXTS.zoomIn }).click();
    await page.getByRole('button', { name: TEXTS.zoomIn }).click();
    await expect.poll(() => zoomPercent(page), { timeout: 10_000 }).toBeGreaterThan(150);

    const fullScreen = page.getByRole('button', { name: TEXTS.fullScreen });
    await fullScreen.click();
    await expect.poll(() => page.evaluate(() => document.fullscreenElement?.getAttribute('aria-label') ?? null)).toBe(TEXTS.region);
    await surface(page).focus();
    await page.keyboard.press('Escape');
    await expect(fullScreen).toHaveAttribute('aria-pressed', 'false');
    await expect.poll(() => page.evaluate(() => document.fullscreenElement)).toBeNull();
    await page.context().close();
  });
});
