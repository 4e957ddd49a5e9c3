import { createHash } from 'node:crypto';
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import sharp from 'sharp';
import { PHOTO_CONTENT_TYPES, PHOTO_FILE_NAME, PHOTOS_PATH, type PhotoFormat } from '@antiquarium/contracts';
import type { StoredImage } from '../artifacts/artifact-photos';
import { coverUrlOf, derivedKeys, storeDerivedFiles } from '../media/photo-files';
import { processPhoto, type ProcessedPhoto } from '../media/photo-processor';
import { LocalPhotoStore, type PhotoStore } from '../media/photo-store';
import type { ProcessedFields } from '../media/photos.repository';
import { artifactSvg, type DemoImageSubject } from './plate-svg';

/**
 * The demo artifacts' pictures, kept like any member's photo (issue 42): each catalogue plate
 * (plate-svg.ts) is drawn as a 1280 x 960 PNG, the size of a good scan, and then cleaned, resized
 * and stored by the photo pipeline (media/photo-processor.ts, photo-files.ts), so a demo artifact
 * has a photo record, AVIF/WebP/JPEG files under content-addressed names and a placeholder, as an
 * upload would.
 */

/** The plate's drawn size: the photo pipeline publishes every width up to it (320-1280). */
export const PLATE_SIZE = { width: 1280, height: 960 } as const;

/** A demo photo's record, as the photos collection keeps a processed upload (media/photo.schema.ts). */
export interface SeedPhotoRecord extends ProcessedFields {
  _id: string;
  uid: string;
  size: number;
  state: 'ready';
  artifactId: string;
  createdAt: Date;
}

export interface SeedPhoto {
  record: SeedPhotoRecord;
  /** As the artifact keeps it (its `images`' only entry). */
  image: StoredImage;
  /** The cover's address: the artifact's `image`. */
  cover: string;
}

/**
 * A plate's photo id: fixed per slug (32 hex digits, the shape of an upload's), so that seeding
 * again names the same files and a store that already holds them gets the same bytes.
 */
export function demoPhotoId(slug: string): string {
  return createHash('sha256').update(`antiquarium-demo-plate:${slug}`).digest('hex').slice(0, 32);
}

/** The plate as a lossless PNG: what the seed uploads, in effect. */
export async function drawPlate(subject: DemoImageSubject): Promise<Buffer> {
  return sharp(Buffer.from(artifactSvg(subject, PLATE_SIZE.width, PLATE_SIZE.height)))
    .png({ compressionLevel: 1 })
    .toBuffer();
}

/** The plate's alt text: what the picture shows (the card's title names the artifact already). */
export function plateAlt(name: string): string {
  return `${name}: a drawn catalogue plate`;
}

/**
 * Draws, processes and stores one artifact's plate. `photosUrl` is where the api serves photos
 * (`<public api>/media/photos`), `uid` the contributor's, `artifactId` the artifact's to be.
 */
export async function keepDemoPhoto(
  store: PhotoStore,
  subject: DemoImageSubject,
  { photosUrl, uid, artifactId, createdAt, cache }: { photosUrl: string; uid: string; artifactId: string; createdAt: Date; cache?: PlateCache },
): Promise<SeedPhoto> {
  const id = demoPhotoId(subject.slug);
  const { size, fields } = (await cache?.copy(id, subject, store)) ?? (await processPlate(store, subject, id, cache));
  const image: StoredImage = {
    id,
    src: `${photosUrl}/${fields.hash}`,
    alt: plateAlt(subject.name),
    width: fields.width,
    height: fields.height,
    placeholder: fields.placeholder,
  };
  return {
    record: { _id: id, uid, size, state: 'ready', artifactId, createdAt, ...fields },
    image,
    cover: coverUrlOf(image),
  };
}

async function processPlate(store: PhotoStore, subject: DemoImageSubject, id: string, cache: PlateCache | undefined): Promise<{ size: number; fields: ProcessedFields }> {
  const plate = await drawPlate(subject);
  const processed = await processPhoto(plate, id);
  const fields = await storeDerivedFiles(store, processed);
  await cache?.keep(id, subject, plate.length, processed);
  return { size: plate.length, fields };
}

/**
 * What one seed processed, for the next seed of the same run (SEED_PHOTO_CACHE, a folder the test
 * and bench scripts share between the sites they seed): the plate's derived files as the pipeline
 * made them and its record's fields, copied into another store instead of being made again (about
 * half a second a plate on this machine). An entry counts only for the same drawing (its SVG's
 * digest) and is written last, after its files, so a half-written one is never read.
 */
export class PlateCache {
  private readonly files: LocalPhotoStore;

  constructor(private readonly dir: string) {
    this.files = new LocalPhotoStore(dir);
  }

  private entry(id: string): string {
    return path.join(this.dir, `${id}.json`);
  }

  /** The cached plate copied into `store`, or null when there is none for this drawing. */
  async copy(id: string, subject: DemoImageSubject, store: PhotoStore): Promise<{ size: number; fields: ProcessedFields } | null> {
    let kept: { drawing: string; size: number; fields: ProcessedFields };
    try {
      kept = JSON.parse(await fs.readFile(this.entry(id), 'utf8')) as typeof kept;
    } catch {
      return null;
    }
    if (kept.drawing !== drawingDigest(subject)) return null;
    for (const key of derivedKeys(kept.fields.hash, kept.fields.widths)) {
      const bytes = await fs.readFile(path.join(this.dir, key)).catch(() => null);
      if (!bytes) return null;
      const format = PHOTO_FILE_NAME.exec(key)?.[3] as PhotoFormat;
      await store.put(key, bytes, PHOTO_CONTENT_TYPES[format]);
    }
    return { size: kept.size, fields: kept.fields };
  }

  async keep(id: string, subject: DemoImageSubject, size: number, processed: ProcessedPhoto): Promise<void> {
    const fields = await storeDerivedFiles(this.files, processed);
    const tmp = `${this.entry(id)}.${process.pid}.tmp`;
    await fs.writeFile(tmp, JSON.stringify({ drawing: drawingDigest(subject), size, fields }));
    await fs.rename(tmp, this.entry(id));
  }
}

function drawingDigest(subject: DemoImageSubject): string {
  return createHash('sha256').update(artifactSvg(subject, PLATE_SIZE.width, PLATE_SIZE.height)).digest('hex');
}

/** `<public api>/media/photos`, from the api's public address. */
export function photosUrlOf(publicApiUrl: string): string {
  return `${publicApiUrl.replace(/\/+$/, '')}${PHOTOS_PATH}`;
}
