import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import sharp from 'sharp';
import { PHOTO_FILE_NAME } from '@antiquarium/contracts';
import { toArtifactImage } from '../artifacts/to-artifact';
import { LocalPhotoStore } from '../media/photo-store';
import { DEMO_ARTIFACTS } from './demo-data';
import { PLATE_SIZE, PlateCache, demoPhotoId, keepDemoPhoto, photosUrlOf, plateAlt } from './seed-photos';

const PHOTOS_URL = photosUrlOf('http://127.0.0.1:3000/');
const ROSETTA = { slug: 'rosetta-stone', name: 'Rosetta Stone', type: 'Documents' } as const;

describe('the demo plates as kept photos', () => {
  let dir: string;
  let store: LocalPhotoStore;

  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'antiquarium-seed-photos-'));
    store = new LocalPhotoStore(dir);
  });

  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('stores every published width of a plate in AVIF, WebP and JPEG, and records it as a ready photo of its artifact', async () => {
    const createdAt = new Date('2026-10-01T00:00:00Z');
    const photo = await keepDemoPhoto(store, ROSETTA, { photosUrl: PHOTOS_URL, uid: 'demo-curator-01', artifactId: '64b7f0c2a1b2c3d4e5f60718', createdAt });

    expect(photo.record).toEqual(
      expect.objectContaining({
        _id: demoPhotoId('rosetta-stone'),
        uid: 'demo-curator-01',
        state: 'ready',
        artifactId: '64b7f0c2a1b2c3d4e5f60718',
        createdAt,
        width: PLATE_SIZE.width,
        height: PLATE_SIZE.height,
        widths: [320, 480, 640, 800, 960, 1280],
        locationRemoved: false,
      }),
    );
    expect(photo.record.size).toBeGreaterThan(0);
    expect(Buffer.from(photo.record.placeholder, 'base64').length).toBeGreaterThan(5);

    const files = (await readdir(dir)).sort();
    expect(files).toHaveLength(18);
    for (const file of files) {
      const [, hash, width, format] = PHOTO_FILE_NAME.exec(file) ?? [];
      expect(hash).toBe(photo.record.hash);
      const metadata = await sharp(path.join(dir, file)).metadata();
      expect({ file, format: metadata.format, width: metadata.width, height: metadata.height }).toEqual({
        file,
        format: { avif: 'heif', webp: 'webp', jpg: 'jpeg' }[format as string],
        width: Number(width),
        height: (Number(width) * 3) / 4,
      });
    }

    // As a member's photo: the artifact's image names its files, its cover the 960 px JPEG.
    expect(photo.image).toEqual({
      id: photo.record._id,
      src: `http://127.0.0.1:3000/media/photos/${photo.record.hash}`,
      alt: plateAlt('Rosetta Stone'),
      width: 1280,
      height: 960,
      placeholder: photo.record.placeholder,
    });
    expect(photo.image.alt).toContain('Rosetta Stone');
    expect(photo.cover).toBe(`http://127.0.0.1:3000/media/photos/${photo.record.hash}-960.jpg`);
  }, 60_000);

  it('offers the front ends only files it stored', async () => {
    const photo = await keepDemoPhoto(store, ROSETTA, { photosUrl: PHOTOS_URL, uid: 'u', artifactId: 'a', createdAt: new Date() });
    const read = toArtifactImage(photo.image);
    const offered = [read.srcset, ...read.sources.map((source) => source.srcset)]
      .flatMap((srcset) => srcset.split(', '))
      .map((candidate) => candidate.split(' ')[0]?.split('/').pop());
    expect([...new Set([...offered, read.url.split('/').pop()])].sort()).toEqual((await readdir(dir)).sort());
  }, 60_000);

  it('names the same files when seeded again, and other plates other files', async () => {
    const first = await keepDemoPhoto(store, ROSETTA, { photosUrl: PHOTOS_URL, uid: 'u', artifactId: 'a', createdAt: new Date() });
    const again = await keepDemoPhoto(store, ROSETTA, { photosUrl: PHOTOS_URL, uid: 'u', artifactId: 'b', createdAt: new Date() });
    expect(again.record.hash).toBe(first.record.hash);
    expect(again.record._id).toBe(first.record._id);
    const other = DEMO_ARTIFACTS.find((artifact) => artifact.slug !== ROSETTA.slug);
    if (!other) throw new Error('the demo data has one artifact only');
    const second = await keepDemoPhoto(store, other, { photosUrl: PHOTOS_URL, uid: 'u', artifactId: 'c', createdAt: new Date() });
    expect(second.record.hash).not.toBe(first.record.hash);
    expect(second.record._id).not.toBe(first.record._id);
    expect(await readdir(dir)).toHaveLength(36);
  }, 60_000);

  it('fills a second store from a run’s cache: the same files and record, nothing processed again; a changed drawing or a lost file is processed anew', async () => {
    const cache = new PlateCache(path.join(dir, 'cache'));
    const options = { photosUrl: PHOTOS_URL, uid: 'u', artifactId: 'a', createdAt: new Date('2026-11-01T00:00:00Z'), cache };
    const first = await keepDemoPhoto(new LocalPhotoStore(path.join(dir, 'one')), ROSETTA, options);
    const one = (await readdir(path.join(dir, 'one'))).sort();
    expect(one).toHaveLength(18);
    // A mark in the cache's copy of one file: a store filled from the cache gets it, one processed anew does not.
    const marked = one.find((file) => file.endsWith('-320.jpg')) as string;
    await writeFile(path.join(dir, 'cache', marked), 'from the cache');

    const second = await keepDemoPhoto(new LocalPhotoStore(path.join(dir, 'two')), ROSETTA, options);
    expect(second).toEqual(first);
    expect((await readdir(path.join(dir, 'two'))).sort()).toEqual(one);
    expect(await readFile(path.join(dir, 'two', marked), 'utf8')).toBe('from the cache');
    for (const file of one.filter((name) => name !== marked)) expect(await readFile(path.join(dir, 'two', file))).toEqual(await readFile(path.join(dir, 'one', file)));

    // Another drawing under the same slug (a renamed artifact) is not the cached one.
    const renamed = await keepDemoPhoto(new LocalPhotoStore(path.join(dir, 'three')), { ...ROSETTA, name: 'The Rosetta Stone' }, options);
    expect(renamed.record.hash).not.toBe(first.record.hash);

    // A cache that lost a file is not trusted: the plate is processed again.
    await rm(path.join(dir, 'cache', one.find((file) => file.endsWith('-640.avif')) as string));
    const fourth = await keepDemoPhoto(new LocalPhotoStore(path.join(dir, 'four')), ROSETTA, options);
    expect(fourth.record.hash).toBe(first.record.hash);
    expect((await sharp(path.join(dir, 'four', marked)).metadata()).width).toBe(320);
  }, 60_000);
});
