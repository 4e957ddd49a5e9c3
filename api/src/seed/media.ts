import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import sharp from 'sharp';
import {
  MEDIA_IMAGE_SRC_WIDTH,
  MEDIA_IMAGE_WIDTHS,
  mediaImageFileName,
  mediaImageHeight,
  type MediaImageWidth,
} from '@antiquarium/contracts';
import { artifactSvg, type DemoImageSubject } from './plate-svg';

/**
 * Locally generated artwork for the demo artifacts, so the site looks complete without internet:
 * a catalogue-plate style illustration per artifact (tinted stone/parchment ground, a vector
 * emblem of its type, the artifact's name in a serif face), rasterised by sharp to WebP in every
 * width the front ends offer (`MEDIA_IMAGE_WIDTHS` of @antiquarium/contracts, all 4:3).
 * The drawing itself is plate-svg.ts; this file names, rasterises and writes the files.
 */

/**
 * Quality 65 at effort 6 (libwebp's slowest, smallest): 8% fewer bytes than 70 at effort 5 for
 * 0.3-0.4 dB of PSNR at about 40 dB (measured on ten plates at 640-960 px; no visible difference).
 */
export const WEBP_QUALITY = 65;
const WEBP_EFFORT = 6;

/** An artifact's image files, one per published width, named `<slug>-<width>.webp`. */
export function imageFiles(slug: string): { width: MediaImageWidth; height: number; file: string }[] {
  return MEDIA_IMAGE_WIDTHS.map((width) => ({ width, height: mediaImageHeight(width), file: mediaImageFileName(slug, width) }));
}

/** The file an artifact's stored `image` URL names (the front ends find the other widths by name). */
export function imageSrcFileName(slug: string): string {
  return mediaImageFileName(slug, MEDIA_IMAGE_SRC_WIDTH);
}

/**
 * Writes every width of each artifact's image into dir (created if missing). Files that already
 * exist are left untouched, so a media folder seeded before a width existed gains just that width;
 * new ones are written atomically.
 */
export async function writeDemoImages(dir: string, artifacts: readonly DemoImageSubject[]): Promise<void> {
  await fs.mkdir(dir, { recursive: true });
  for (const artifact of artifacts) {
    const missing: { width: number; height: number; file: string }[] = [];
    for (const image of imageFiles(artifact.slug)) {
      const file = path.join(dir, image.file);
      if (!(await exists(file))) missing.push({ ...image, file });
    }
    if (missing.length === 0) continue;
    const variants = await renderArtifactImages(artifact, missing);
    await Promise.all(
      missing.map(async ({ file }, i) => {
        const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
        await fs.writeFile(tmp, variants[i] as Buffer);
        await fs.rename(tmp, file);
      }),
    );
  }
}

/**
 * The illustration as WebP in several sizes of one shape: rasterised once, at the largest, and
 * scaled down for the others (rendering the SVG is the slow part: a third of the time of one render
 * per size, for the same bytes within a few per cent).
 */
export async function renderArtifactImages(
  artifact: DemoImageSubject,
  sizes: readonly { width: number; height: number }[],
): Promise<Buffer[]> {
  const largest = sizes.reduce((max, size) => (size.width > max.width ? size : max), sizes[0] ?? { width: 0, height: 0 });
  if (largest.width === 0) return [];
  const { data, info } = await sharp(Buffer.from(artifactSvg(artifact, largest.width, largest.height)))
    .raw()
    .toBuffer({ resolveWithObject: true });
  return Promise.all(
    sizes.map((size) =>
      sharp(data, { raw: info })
        .resize(size.width, size.height)
        .webp({ quality: WEBP_QUALITY, effort: WEBP_EFFORT })
        .toBuffer(),
    ),
  );
}

async function exists(file: string): Promise<boolean> {
  try {
    await fs.stat(file);
    return true;
  } catch {
    return false;
  }
}
