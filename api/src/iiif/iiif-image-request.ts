import { BadRequestException, PayloadTooLargeException } from '@nestjs/common';
import Calculators from 'iiif-processor/calculator';
import { MAX_INPUT_PIXELS } from '../media/photo-processor';

/**
 * The IIIF Image API 3.0 as this api serves it (docs/decisions/0023-iiif.md): the URL grammar is
 * iiif-processor's (its calculator validates and computes each part), with the limits and the
 * corrections below, checked before anything is decoded so that a bad request is a 400 naming its
 * part and never reaches libvips. Only the calculator is loaded here: the library's main module
 * loads sharp, which waits until a picture is read (media/sharp-on-demand.ts).
 */

/** The tiles info.json announces (a viewer asks for 512 px squares at each scale factor). */
export const IIIF_TILE_SIZE = 512;
/** The most pixels one answer may hold (info.json's maxArea): a 4096 px square; `^` upscaling stops here. */
export const IIIF_MAX_AREA = 4096 * 4096;
/** The smallest size info.json lists (the halvings of the full size stop above it). */
const SMALLEST_LISTED_SIZE = 64;

/** The formats served (jpg and png are level 2's; webp is extra). gif and tif, which the library also writes, are refused. */
export const IIIF_FORMATS = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp' } as const;
export type IiifFormat = keyof typeof IIIF_FORMATS;
/** Qualities past level 2's `default`: each is a libvips operation on the region. */
export const IIIF_EXTRA_QUALITIES = ['color', 'gray', 'bitonal'] as const;
/**
 * Features past level 2 that work here (each is exercised by api/test/iiif.e2e-spec.ts). Not
 * claimed: rotationArbitrary (refused: only multiples of 90), canonicalLinkHeader (the library's
 * canonical form of a pixel region is broken in 7.0.0).
 */
export const IIIF_EXTRA_FEATURES = ['mirroring', 'profileLinkHeader', 'regionSquare', 'sizeUpscaling'] as const;
/** The profile every image answer links to (`Link: <...>;rel="profile"`): level 2 of version 3. */
export const IIIF_PROFILE_LINK = 'https://iiif.io/api/image/3/level2.json';

export const IIIF_IMAGE_CONTEXT = 'http://iiif.io/api/image/3/context.json';

export interface Dimensions {
  width: number;
  height: number;
}

/** The five parts of an image request, as the path gives them (`file` is `{quality}.{format}`). */
export interface ImageRequestParts {
  region: string;
  size: string;
  rotation: string;
  file: string;
}

/** A request checked against one picture: the parts to hand to the processor and what it makes. */
export interface CheckedImageRequest {
  region: string;
  size: string;
  rotation: string;
  quality: string;
  format: IiifFormat;
  /** The answer's size, after rotation. */
  output: Dimensions;
}

type Part = 'region' | 'size' | 'rotation' | 'quality' | 'format';

function refuse(part: Part, value: string, reason: string): never {
  throw new BadRequestException(`The ${part} "${value}" is not valid: ${reason}`);
}

const EXPECTED: Record<Part, string> = {
  region: 'full, square, x,y,w,h or pct:x,y,w,h',
  size: 'max, w,, ,h, w,h, !w,h or pct:n, each with ^ to allow upscaling',
  rotation: '0, 90, 180 or 270, with ! to mirror',
  quality: 'default, color, gray or bitonal',
  format: 'jpg, png or webp',
};

/** Runs one step of the library's calculator; its refusal becomes a 400 naming the part. */
function step(part: Part, value: string, run: () => void): void {
  try {
    run();
  } catch (error) {
    // The calculator's own error class, which it does not export, by name.
    if (!(error instanceof Error) || error.constructor.name !== 'IIIFError') throw error;
    refuse(part, value, reasonOf(part, error.message));
  }
}

/** The library's message in this api's words (each names its part already, through `refuse`). */
function reasonOf(part: Part, message: string): string {
  if (/^Invalid \w+/.test(message)) return `expected ${EXPECTED[part]}`;
  if (/upscaling/.test(message)) return 'it is larger than the region: write ^ before it to allow upscaling';
  if (/must both be > 0/.test(message)) return 'its width and height must both be at least 1';
  if (/out of bounds/.test(message)) return 'it lies outside the picture';
  return message;
}

/**
 * Checks an image request against a picture of `source` pixels: the grammar by the library, then
 * what it leaves open. Throws a 400 naming the part (or a 413 for a picture too large to decode).
 */
export function checkImageRequest(parts: ImageRequestParts, source: Dimensions): CheckedImageRequest {
  if (source.width * source.height > MAX_INPUT_PIXELS) {
    throw new PayloadTooLargeException(`The picture has more than ${MAX_INPUT_PIXELS / 1_000_000} megapixels: it is not served`);
  }
  const dot = parts.file.lastIndexOf('.');
  const quality = dot > 0 ? parts.file.slice(0, dot) : parts.file;
  const format = dot > 0 ? parts.file.slice(dot + 1) : '';
  const calculator = new Calculators[3](source);

  step('region', parts.region, () => calculator.region(parts.region));
  const region = calculator.info().region;
  // The library clamps a region to the picture but lets one start on its right or bottom edge
  // through with nothing left in it (libvips then fails: a 500).
  if (region.width < 1 || region.height < 1) refuse('region', parts.region, `it lies outside the picture (${source.width} x ${source.height} pixels)`);

  const size = sizeFor(parts.size, region);
  step('size', parts.size, () => calculator.size(size));
  const made = calculator.info().size;
  const width = made.width ?? 0;
  const height = made.height ?? 0;
  if (width < 1 || height < 1) refuse('size', parts.size, 'it makes an image less than 1 pixel wide or high');
  if (width * height > IIIF_MAX_AREA) {
    refuse('size', parts.size, `it makes ${width} x ${height} pixels, more than the ${IIIF_MAX_AREA} this server makes (maxArea in info.json)`);
  }

  step('rotation', parts.rotation, () => calculator.rotation(parts.rotation));
  const degrees = Number(parts.rotation.replace(/^!/, ''));
  if (![0, 90, 180, 270, 360].includes(degrees)) refuse('rotation', parts.rotation, `only multiples of 90 are served (${EXPECTED.rotation})`);

  step('quality', quality, () => calculator.quality(quality));
  if (!(format in IIIF_FORMATS)) refuse('format', format, `expected ${EXPECTED.format}`);
  const turned = degrees === 90 || degrees === 270;
  return {
    region: parts.region,
    size,
    rotation: parts.rotation,
    quality,
    format: format as IiifFormat,
    output: turned ? { width: height, height: width } : { width, height },
  };
}

/**
 * The size to hand to the library. Three forms are settled here, in the spec's terms:
 * - `full` is refused (3.0 dropped it);
 * - `max` is at most maxArea pixels: past it, the region scaled down to fit (the library has no
 *   notion of an answer's area; its own `max` option scales every request by the full picture);
 * - `!w,h` is the region scaled to fit inside w x h, upscaling only when that fit is larger than the
 *   region (the library refuses `!3000,200` on a 2560 px picture, a downscale), so it is passed on
 *   as the exact `w,h` of that fit.
 */
function sizeFor(requested: string, region: Dimensions): string {
  const upscale = requested.startsWith('^');
  const bare = upscale ? requested.slice(1) : requested;
  // Version 2's `full` is gone from version 3; the library's check of the size still lets it through.
  if (bare === 'full') refuse('size', requested, 'version 3 has no full size: write max');
  if (bare === 'max') {
    const area = region.width * region.height;
    if (area <= IIIF_MAX_AREA) return requested;
    const scale = Math.sqrt(IIIF_MAX_AREA / area);
    return `${Math.max(1, Math.floor(region.width * scale))},${Math.max(1, Math.floor(region.height * scale))}`;
  }
  const confined = /^!(\d+),(\d+)$/.exec(bare);
  if (!confined) return requested;
  const [boxWidth, boxHeight] = [Number(confined[1]), Number(confined[2])];
  if (boxWidth < 1 || boxHeight < 1) return requested;
  const scale = Math.min(boxWidth / region.width, boxHeight / region.height);
  const fit = `${Math.min(boxWidth, Math.max(1, Math.round(region.width * scale)))},${Math.min(boxHeight, Math.max(1, Math.round(region.height * scale)))}`;
  if (scale > 1 && !upscale) refuse('size', requested, 'it is larger than the region: write ^ before it to allow upscaling');
  return upscale ? `^${fit}` : fit;
}

/** The scale factors of the 512 px tiles: halvings until the whole picture fits in one tile. */
export function scaleFactors({ width, height }: Dimensions): number[] {
  const factors = [1];
  while (Math.max(width, height) / (factors.at(-1) as number) > IIIF_TILE_SIZE) factors.push((factors.at(-1) as number) * 2);
  return factors;
}

/** The sizes info.json lists: the full size (when within maxArea) and its halvings down to 64 px. */
export function listedSizes({ width, height }: Dimensions): Dimensions[] {
  const sizes: Dimensions[] = [];
  for (let factor = 1; width / factor >= SMALLEST_LISTED_SIZE && height / factor >= SMALLEST_LISTED_SIZE; factor *= 2) {
    const size = { width: Math.floor(width / factor), height: Math.floor(height / factor) };
    if (size.width * size.height <= IIIF_MAX_AREA) sizes.push(size);
  }
  // A picture smaller than 64 px: its own size only.
  if (sizes.length === 0 && width * height <= IIIF_MAX_AREA) sizes.push({ width, height });
  return sizes;
}

/**
 * The Image Information document (info.json) of a level 2 service, its feature lists what this
 * server does (iiif-processor's own document lists 2.1 feature names and formats refused here).
 */
export function infoDocument(id: string, source: Dimensions): Record<string, unknown> {
  return {
    '@context': IIIF_IMAGE_CONTEXT,
    id,
    type: 'ImageService3',
    protocol: 'http://iiif.io/api/image',
    profile: 'level2',
    width: source.width,
    height: source.height,
    sizes: listedSizes(source),
    tiles: [{ width: IIIF_TILE_SIZE, height: IIIF_TILE_SIZE, scaleFactors: scaleFactors(source) }],
    extraFeatures: [...IIIF_EXTRA_FEATURES],
    extraFormats: Object.keys(IIIF_FORMATS).filter((format) => format !== 'jpg' && format !== 'png'),
    extraQualities: [...IIIF_EXTRA_QUALITIES],
    maxArea: IIIF_MAX_AREA,
  };
}
