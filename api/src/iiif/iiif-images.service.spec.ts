import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { photoFileName, type Artifact } from '@antiquarium/contracts';
import type { ArtifactsService } from '../artifacts/artifacts.service';
import { ArtifactNotFound } from '../common/errors';
import type { AppConfig } from '../config/env';
import { LocalPhotoStore } from '../media/photo-store';
import type { PhotoVisibility } from '../media/photo-visibility';
import type { PhotosRepository, StoredPhoto } from '../media/photos.repository';
import { IiifImages, ImageNotFound } from './iiif-images.service';

// The store and the pictures are real (a folder, libvips); the database's answers are stand-ins:
// which photo a hash is, whether the public may see it, which artifact an id is.
const API = 'http://api.test';
const HASH = '0123456789abcdef'.repeat(2);
const ARTIFACT_ID = 'a'.repeat(24);

let dir: string;
let store: LocalPhotoStore;
let reads: number;
let open: boolean;
let artifact: Artifact | null;
let images: IiifImages;

function picture(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#a0522d' } }).jpeg().toBuffer();
}

beforeEach(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'iiif-images-'));
  store = new LocalPhotoStore(path.join(dir, 'photos'));
  await store.put(photoFileName(HASH, 1280, 'jpg'), await picture(1280, 853));
  await store.put(photoFileName(HASH, 640, 'jpg'), await picture(640, 427));
  writeFileSync(path.join(dir, 'bronze-lamp-1280.webp'), await sharp({ create: { width: 1280, height: 960, channels: 3, background: '#333' } }).webp().toBuffer());
  reads = 0;
  open = true;
  artifact = { _id: ARTIFACT_ID, name: 'Bronze lamp', image: `${API}/media/bronze-lamp-960.webp`, images: [] } as unknown as Artifact;
  const counting = Object.assign(Object.create(store) as LocalPhotoStore, {
    get: (key: string) => {
      reads += 1;
      return store.get(key);
    },
  });
  const photo = { _id: 'p1', state: 'ready', widths: [320, 640, 1280], hash: HASH } as unknown as StoredPhoto;
  images = new IiifImages(
    { findByHash: async (hash: string) => (hash === HASH ? photo : null) } as unknown as PhotosRepository,
    counting,
    { isPublic: async () => open } as unknown as PhotoVisibility,
    {
      get: async () => {
        if (!artifact) throw new ArtifactNotFound();
        return artifact;
      },
    } as unknown as ArtifactsService,
    { publicApiUrl: API, mediaDir: dir } as AppConfig,
  );
});

afterEach(() => rmSync(dir, { recursive: true, force: true }));

test('a photo is served from its widest JPEG: info.json says its size, and a viewer’s tiles read the store once', async () => {
  // A viewer asks for info.json and its first tiles at once: one read between them.
  const [{ doc }] = await Promise.all([images.info(HASH), images.image(HASH, { region: 'full', size: '160,', rotation: '0', file: 'default.jpg' }), images.info(HASH)]);
  expect(doc).toEqual(expect.objectContaining({ id: `${API}/iiif/3/${HASH}`, width: 1280, height: 853 }));
  const tiles = ['0,0,512,512/512,/0/default.jpg', '512,0,512,512/512,/0/default.jpg', 'full/320,/0/default.webp'];
  for (const tile of tiles) {
    const [region, size, rotation, file] = tile.split('/') as [string, string, string, string];
    const answer = await images.image(HASH, { region, size, rotation, file });
    expect(answer.cacheControl).toBe('public, max-age=31536000, immutable');
    const made = await sharp(answer.body).metadata();
    expect([made.format, made.width]).toEqual([file.endsWith('webp') ? 'webp' : 'jpeg', Number(size.replace(',', ''))]);
  }
  expect(reads).toBe(1);
  const parts = { region: '0,0,512,512', size: '512,', rotation: '0', file: 'default.jpg' };
  const first = await images.image(HASH, parts);
  expect((await images.image(HASH, parts)).body).toBe(first.body);
});

test('a photo no public artifact shows is a 404, though its tiles were made before', async () => {
  const parts = { region: 'full', size: '100,', rotation: '0', file: 'default.jpg' };
  await images.image(HASH, parts);
  open = false;
  await expect(images.image(HASH, parts)).rejects.toThrow(ImageNotFound);
  await expect(images.info(HASH)).rejects.toThrow(ImageNotFound);
  await expect(images.info('f'.repeat(32))).rejects.toThrow(ImageNotFound);
});

test('an artifact’s media-folder picture is served while the artifact is public, from its widest file', async () => {
  const id = `cover-${ARTIFACT_ID}`;
  expect((await images.info(id)).doc).toEqual(expect.objectContaining({ width: 1280, height: 960 }));
  const answer = await images.image(id, { region: 'full', size: 'max', rotation: '90', file: 'gray.png' });
  expect(answer.cacheControl).toBe('public, max-age=86400');
  expect(await sharp(answer.body).metadata()).toEqual(expect.objectContaining({ format: 'png', width: 960, height: 1280 }));
  artifact = null;
  await expect(images.info(id)).rejects.toThrow(ImageNotFound);
  artifact = { _id: ARTIFACT_ID, name: 'Lamp', image: 'https://images.example.org/lamp.webp', images: [] } as unknown as Artifact;
  await expect(images.info(id)).rejects.toThrow(ImageNotFound);
});

test('a manifest learns each picture’s size, and nothing for a file that is not there', async () => {
  expect(await images.dimensionsOf(HASH, artifact as Artifact)).toEqual({ width: 1280, height: 853 });
  expect(await images.dimensionsOf(`cover-${ARTIFACT_ID}`, artifact as Artifact)).toEqual({ width: 1280, height: 960 });
  rmSync(path.join(dir, 'bronze-lamp-1280.webp'));
  const other = new IiifImages({ findByHash: async () => null } as unknown as PhotosRepository, store, {} as PhotoVisibility, {} as ArtifactsService, { publicApiUrl: API, mediaDir: dir } as AppConfig);
  expect(await other.dimensionsOf(`cover-${ARTIFACT_ID}`, artifact as Artifact)).toBeNull();
  expect(await other.dimensionsOf('e'.repeat(32), artifact as Artifact)).toBeNull();
});
