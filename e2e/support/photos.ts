import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type BrowserContext, type Locator, type Page, type Route } from '@playwright/test';
import sharp from 'sharp';
import type { UploadStatus } from '@antiquarium/contracts';
import { leakedMetadata, phoneJpeg } from '@antiquarium/testing/photos';
import { apiSend } from './api';
import { newArtifact, type ArtifactFields } from './contribute-form';
import { API_URL } from './env';
import type { TestUser } from './users';

/** A file as the picker is given it (setInputFiles). */
export interface PickedFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/** A picture, and the size the api should keep it at (upright). */
export interface PhotoFile extends PickedFile {
  width: number;
  height: number;
}

/**
 * A photo as a phone takes it (libs/testing photo-fixtures.ts): EXIF and XMP with a GPS position,
 * a camera's serial number and notes. With an orientation of 5 to 8 the pixels are stored turned, so
 * the photo kept upright is `height` x `width`.
 */
export async function phonePhoto(name: string, { width, height, orientation = 1 }: { width: number; height: number; orientation?: number }): Promise<PhotoFile> {
  const turned = orientation >= 5;
  return { name, mimeType: 'image/jpeg', buffer: await phoneJpeg({ width, height, orientation }), width: turned ? height : width, height: turned ? width : height };
}

/** A plain picture with no metadata at all: a flat colour with a darker corner, in the format asked. */
export async function plainPhoto(name: string, format: 'png' | 'webp' | 'gif', width: number, height: number, colour: string): Promise<PhotoFile> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="${colour}"/><rect width="${Math.round(width / 4)}" height="${Math.round(height / 4)}" fill="#203040"/></svg>`;
  const buffer = await sharp(Buffer.from(svg)).toFormat(format).toBuffer();
  const mimeType = { png: 'image/png', webp: 'image/webp', gif: 'image/gif' }[format];
  return { name, mimeType, buffer, width, height };
}

/**
 * A PNG of random pixels, which no encoder shrinks: `width` x `height` x 3 bytes and a little more,
 * so that it needs more than one of the uploader's 5 MiB parts.
 */
export async function noisePng(name: string, width: number, height: number): Promise<PhotoFile> {
  const buffer = await sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 1 })
    .toBuffer();
  return { name, mimeType: 'image/png', buffer, width, height };
}

/** The add and update forms' photo picker (its fieldset, legend "Photos"). */
export function photoPicker(page: Page): Locator {
  return page.getByRole('group', { name: 'Photos', exact: true });
}

/** The picker's photo at `position` (1-based), in the order shown. */
export function photoItem(page: Page, position: number): Locator {
  return photoPicker(page).getByRole('listitem').nth(position - 1);
}

/** Past this many bytes a pick is handed to the browser as files on disk (see pickPhotos). */
const PICKED_IN_MEMORY_BYTES = 8 * 1024 * 1024;
/** The type the browser gives a file on disk by its name's ending. */
const TYPE_OF_ENDING: Record<string, string> = { jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png', gif: 'image/gif', webp: 'image/webp', avif: 'image/avif' };

/**
 * Picks files with the picker's file input (labelled by its "Add photos" button). Files given as
 * bytes cross the browser's protocol in one base64 message, which for a 26 MB file took past the
 * action's 15 s on a busy machine; a larger pick is written to the test's output folder and handed
 * over by path, as a person's files are (the browser reads them itself).
 */
export async function pickPhotos(page: Page, files: PickedFile[]): Promise<void> {
  const input = photoPicker(page).getByLabel('Add photos');
  if (files.reduce((sum, file) => sum + file.buffer.length, 0) <= PICKED_IN_MEMORY_BYTES) {
    await input.setInputFiles(files.map(({ name, mimeType, buffer }) => ({ name, mimeType, buffer })));
    return;
  }
  const folder = test.info().outputPath(`picked-${randomBytes(4).toString('hex')}`);
  await mkdir(folder, { recursive: true });
  const paths: string[] = [];
  for (const { name, mimeType, buffer } of files) {
    const byEnding = TYPE_OF_ENDING[name.split('.').pop()?.toLowerCase() ?? ''];
    if (byEnding !== mimeType) throw new Error(`pickPhotos: ${name} would reach the browser as ${byEnding ?? 'no type'} from disk, not ${mimeType}`);
    const file = path.join(folder, name);
    await writeFile(file, buffer);
    paths.push(file);
  }
  await input.setInputFiles(paths);
}

/**
 * Holds the site's requests that match until `release()`: each is sent on as it was, later. Lets a
 * journey see a state that is otherwise over before it can look (an upload at 0 %, "Processing…"),
 * with nothing answered in the api's place.
 */
export async function holdRequests(context: BrowserContext | Page, url: string, method: string) {
  let open: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (open = resolve));
  let held = 0;
  const handler = async (route: Route) => {
    if (route.request().method() !== method) return route.fallback();
    held += 1;
    await gate;
    await route.fallback().catch(() => undefined);
  };
  await context.route(url, handler);
  return {
    held: () => held,
    release: async () => {
      open();
      await context.unroute(url, handler);
    },
  };
}

/** The bytes of a file the browser loaded (fetched again, from the test), checked for the phone's metadata. */
export async function expectNoMetadata(context: BrowserContext, url: string): Promise<void> {
  expect(url).toContain('/media/photos/');
  const response = await context.request.get(url);
  expect(response.status(), url).toBe(200);
  const bytes = await response.body();
  expect(bytes.length, url).toBeGreaterThan(100);
  expect(leakedMetadata(bytes), url).toEqual([]);
}

/**
 * Records every `<img>` of the site's photos as it enters the document (parsed from the server's
 * markup or inserted by the first render), with the style it had then: the placeholder must be in
 * the markup itself, not painted later by code.
 */
export async function recordInsertedPhotos(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const inserted: { src: string; style: string }[] = [];
    Object.assign(window, { aqInsertedPhotos: inserted });
    const note = (img: HTMLImageElement) => {
      const src = `${img.getAttribute('src') ?? ''} ${img.getAttribute('srcset') ?? ''}`;
      if (src.includes('/media/photos/')) inserted.push({ src, style: img.getAttribute('style') ?? '' });
    };
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of Array.from(record.addedNodes)) {
          if (node instanceof HTMLImageElement) note(node);
          else if (node instanceof Element) node.querySelectorAll('img').forEach(note);
        }
      }
    }).observe(document, { childList: true, subtree: true });
  });
}

export async function insertedPhotos(page: Page): Promise<{ src: string; style: string }[]> {
  return page.evaluate(() => (window as unknown as { aqInsertedPhotos: { src: string; style: string }[] }).aqInsertedPhotos);
}

/** A ThumbHash drawn as a PNG data URL, inline in an img's style (libs/ui artifact-image.tsx). */
export const PLACEHOLDER_STYLE = /background-image:\s*url\(["']?data:image\/png;base64,[A-Za-z0-9+/]+=*["']?\)/;

/** The address the img shows now (the source the browser chose), once it has loaded. */
export async function loadedSource(img: Locator): Promise<string> {
  await expect.poll(() => img.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0)).toBe(true);
  return img.evaluate((element: HTMLImageElement) => element.currentSrc);
}

/** The hash naming a kept photo's files (`/media/photos/<hash>-<width>.<format>`). */
export function photoHash(url: string): string {
  const hash = /\/media\/photos\/([a-f0-9]{32})-/.exec(url)?.[1];
  if (!hash) throw new Error(`not a kept photo's address: ${url}`);
  return hash;
}

async function tus(method: 'POST' | 'PATCH', path: string, token: string, headers: Record<string, string>, body?: Buffer) {
  const response = await fetch(new URL(path, `${API_URL}/`), {
    method,
    headers: { authorization: `Bearer ${token}`, 'tus-resumable': '1.0.0', ...headers },
    body: body ? new Uint8Array(body) : undefined,
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return response;
}

/** Uploads a photo as the browser's uploader does (tus: create, one PATCH) and waits until the api has processed it. */
export async function uploadPhoto(user: TestUser, photo: PhotoFile): Promise<string> {
  const created = await tus('POST', '/media/uploads', user.token, { 'upload-length': String(photo.buffer.length) });
  const location = created.headers.get('location') ?? '';
  await tus('PATCH', location, user.token, { 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' }, photo.buffer);
  const id = location.split('/').pop() ?? '';
  await expect
    .poll(
      async () => {
        const response = await fetch(`${API_URL}/media/uploads/${id}`, { headers: { authorization: `Bearer ${user.token}` } });
        return ((await response.json()) as UploadStatus).state;
      },
      { timeout: 30_000 },
    )
    .toBe('ready');
  return id;
}

/** An artifact with these photos, in this order, added through the api (for journeys that start at its page). */
export async function createArtifactWithPhotos(
  user: TestUser,
  photos: { file: PhotoFile; alt: string; caption?: string }[],
): Promise<{ id: string; fields: Omit<ArtifactFields, 'image'> }> {
  const { image: _address, ...fields } = newArtifact();
  const images = [];
  for (const { file, alt, caption } of photos) images.push({ upload: await uploadPhoto(user, file), alt, ...(caption ? { caption } : {}) });
  const { insertedId } = await apiSend<{ insertedId: string }>('POST', '/artifacts', user.token, { ...fields, images });
  return { id: insertedId, fields };
}
