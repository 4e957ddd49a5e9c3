import { createHash } from 'node:crypto';
import type Sharp from 'sharp';
import { rgbaToThumbHash } from 'thumbhash';
import { PHOTO_FORMATS, photoWidths, type PhotoFormat } from '@antiquarium/contracts';
import { sharpOnDemand } from './sharp-on-demand';

/**
 * One photo, cleaned and resized (docs/decisions/0018-photos.md). Decoded by libvips (sharp) with a
 * pixel limit, turned upright by its orientation, converted to sRGB; sharp writes no metadata
 * unless asked, so EXIF (GPS, serial numbers, comments), XMP, IPTC and maker notes never reach a
 * derived file.
 */

/** The most pixels a photo may decode to: a 100 MP camera's frame, far past any phone's (12-50 MP). */
export const MAX_INPUT_PIXELS = 100_000_000;

/** libvips' names of the formats accepted, by what it read in the bytes (not the name or the header). */
const ACCEPTED = new Set(['jpeg', 'png', 'webp', 'heif']);

export class PhotoRefused extends Error {}

export interface DerivedFile {
  width: number;
  format: PhotoFormat;
  bytes: Buffer;
}

export interface ProcessedPhoto {
  /** The upright photo's size. */
  width: number;
  height: number;
  /** 32 hex characters naming every derived file: a digest of the cleaned pixels and the photo's id. */
  hash: string;
  /** ThumbHash, base64. */
  placeholder: string;
  locationRemoved: boolean;
  files: DerivedFile[];
}

/**
 * Measured on a 12 MP photo at 2560 px (docs/performance.md, "Photos"): AVIF at effort 0 takes a
 * quarter of effort 2's time for 1-2 % more bytes; libjpeg with optimised Huffman tables a fifteenth
 * of mozjpeg's for the fallback few browsers still take.
 */
const ENCODERS: Record<PhotoFormat, (image: Sharp.Sharp) => Sharp.Sharp> = {
  avif: (image) => image.avif({ quality: 50, effort: 0 }),
  webp: (image) => image.webp({ quality: 72, effort: 4 }),
  jpg: (image) => image.jpeg({ quality: 80, progressive: true, optimiseCoding: true }),
};

/** Which format the bytes are, by libvips' own detection; refuses anything but JPEG, PNG, WebP and AVIF. */
async function readHeader(sharp: typeof Sharp, input: Buffer): Promise<Sharp.Metadata> {
  let metadata: Sharp.Metadata;
  try {
    // The header only (nothing is decoded here): the pixel limit is checked on it below, by name.
    metadata = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new PhotoRefused('The file is not a picture we can read (JPEG, PNG, WebP or AVIF)');
  }
  const avif = metadata.format === 'heif' && metadata.compression === 'av1';
  if (!metadata.format || !ACCEPTED.has(metadata.format) || (metadata.format === 'heif' && !avif)) {
    throw new PhotoRefused(`Only JPEG, PNG, WebP and AVIF photos are accepted${metadata.format ? ` (this one is ${metadata.format.toUpperCase()})` : ''}`);
  }
  if (!metadata.width || !metadata.height) throw new PhotoRefused('The picture has no size');
  if (metadata.width * metadata.height > MAX_INPUT_PIXELS) throw new PhotoRefused('The picture has too many pixels (at most 100 megapixels)');
  return metadata;
}

/** Whether the photo carried a position: EXIF's GPS directory, or XMP's exif:GPS properties. */
function hadLocation(metadata: Sharp.Metadata): boolean {
  const exif = metadata.exif;
  // The GPS IFD pointer tag (0x8825) in either byte order.
  const gpsTag = exif && (exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88])));
  const xmpGps = metadata.xmp?.toString('utf8').includes('GPSLatitude') ?? false;
  return Boolean(gpsTag) || xmpGps;
}

async function sequentially<T>(tasks: (() => Promise<T>)[]): Promise<T[]> {
  const results: T[] = [];
  for (const task of tasks) results.push(await task());
  return results;
}

async function placeholderOf(upright: Sharp.Sharp): Promise<string> {
  const { data, info } = await upright.clone().resize(100, 100, { fit: 'inside' }).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return Buffer.from(rgbaToThumbHash(info.width, info.height, data)).toString('base64');
}

/**
 * Every derivative of one photo: each published width (never wider than the original) in AVIF,
 * WebP and JPEG. The photo is decoded once, at the largest width, and each file is made from that.
 */
export async function processPhoto(input: Buffer, photoId: string): Promise<ProcessedPhoto> {
  const sharp = await sharpOnDemand();
  const metadata = await readHeader(sharp, input);
  const locationRemoved = hadLocation(metadata);
  const upright = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate().toColourspace('srgb');
  let base: { data: Buffer; info: Sharp.OutputInfo };
  try {
    const widest = photoWidths(metadata.autoOrient?.width ?? metadata.width ?? 0).at(-1) ?? 320;
    base = await upright.resize({ width: widest, withoutEnlargement: true }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  } catch {
    throw new PhotoRefused('The picture is damaged and could not be read');
  }
  const raw = () => sharp(base.data, { raw: { width: base.info.width, height: base.info.height, channels: base.info.channels } });
  const { width, height } = metadata.autoOrient ?? { width: metadata.width as number, height: metadata.height as number };
  const hash = createHash('sha256').update(photoId).update(base.data).digest('hex').slice(0, 32);
  const files: DerivedFile[] = [];
  for (const target of photoWidths(width)) {
    const sized = target >= base.info.width ? raw() : raw().resize({ width: target });
    const resized = await sized.raw().toBuffer({ resolveWithObject: true });
    const from = () => sharp(resized.data, { raw: { width: resized.info.width, height: resized.info.height, channels: resized.info.channels } });
    // Past 1280 px one encoder at a time: three at 2560 px held 400 MB at once (docs/performance.md, "Photos").
    const encoded = target > 1280 ? await sequentially(PHOTO_FORMATS.map((format) => () => ENCODERS[format](from()).toBuffer())) : await Promise.all(PHOTO_FORMATS.map((format) => ENCODERS[format](from()).toBuffer()));
    PHOTO_FORMATS.forEach((format, index) => files.push({ width: target, format, bytes: encoded[index] as Buffer }));
  }
  return { width, height, hash, placeholder: await placeholderOf(raw()), locationRemoved, files };
}
