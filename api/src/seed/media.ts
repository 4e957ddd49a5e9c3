import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import sharp from 'sharp';
import {
  MEDIA_IMAGE_SRC_WIDTH,
  MEDIA_IMAGE_WIDTHS,
  mediaImageFileName,
  mediaImageHeight,
  type ArtifactType,
  type MediaImageWidth,
} from '@antiquarium/contracts';

/**
 * Locally generated artwork for the demo artifacts, so the site looks complete without internet:
 * a catalogue-plate style illustration per artifact (tinted stone/parchment ground, a vector
 * emblem of its type, the artifact's name in a serif face), rasterised by sharp to WebP in every
 * width the front ends offer (`MEDIA_IMAGE_WIDTHS` of @antiquarium/contracts, all 4:3).
 */

export interface DemoImageSubject {
  slug: string;
  name: string;
  type: ArtifactType;
}

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

// ---------------------------------------------------------------------------------------------
// Deterministic randomness and colour

/** 32-bit FNV-1a hash of a string. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32 generator: numbers in [0, 1). */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function hsl(h: number, s: number, l: number): string {
  const hue = ((h % 360) + 360) % 360;
  const sat = Math.min(1, Math.max(0, s / 100));
  const lig = Math.min(1, Math.max(0, l / 100));
  const a = sat * Math.min(lig, 1 - lig);
  const channel = (n: number): string => {
    const k = (n + hue / 30) % 12;
    const c = lig - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(c * 255)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${channel(0)}${channel(8)}${channel(4)}`;
}

/**
 * Ground of each type (stone, slate, parchment, vellum, verdigris): base hue and saturation, and
 * the hue range the slug's hash moves within (narrow where saturation is high, to stay out of
 * olive or pink).
 */
const TYPE_TONES: Record<ArtifactType, { hue: number; sat: number; spread: number }> = {
  Tools: { hue: 30, sat: 22, spread: 20 },
  Weapons: { hue: 212, sat: 11, spread: 16 },
  Documents: { hue: 35, sat: 36, spread: 8 },
  Writings: { hue: 26, sat: 28, spread: 12 },
  Others: { hue: 162, sat: 14, spread: 26 },
};

interface Palette {
  light: string;
  mid: string;
  deep: string;
  ink: string;
  accent: string;
  fill: string;
}

function palette(type: ArtifactType, rand: () => number): Palette {
  const tone = TYPE_TONES[type];
  const hue = tone.hue + (rand() - 0.5) * tone.spread;
  const sat = tone.sat + (rand() - 0.5) * 10;
  const lift = (rand() - 0.5) * 6;
  return {
    light: hsl(hue, sat, 90 + lift),
    mid: hsl(hue - 2, sat + 2, 80 + lift),
    deep: hsl(hue - 5, sat + 4, 62 + lift),
    ink: hsl(hue + 6, Math.min(45, sat + 12), 20),
    accent: hsl(32, 48, 42),
    fill: hsl(hue, sat + 6, 72 + lift),
  };
}

// ---------------------------------------------------------------------------------------------
// SVG composition (drawn in a 960 x 720 view box, scaled to the requested size)

const VIEW_W = 960;
const VIEW_H = 720;
const SERIF = "'Liberation Serif', 'Times New Roman', Georgia, 'DejaVu Serif', serif";
const TYPE_LABELS: Record<ArtifactType, string> = {
  Tools: 'TOOLS',
  Weapons: 'WEAPONS',
  Documents: 'DOCUMENTS',
  Writings: 'WRITINGS',
  Others: 'OTHER ARTIFACTS',
};

export function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

const f = (n: number): string => (Math.round(n * 10) / 10).toString();

/** The full illustration of one artifact as an SVG document. */
export function artifactSvg(artifact: DemoImageSubject, width = VIEW_W, height = VIEW_H): string {
  const seed = hash(artifact.slug);
  const rand = rng(seed);
  const p = palette(artifact.type, rand);
  const catalogueNo = String(seed % 10000).padStart(4, '0');
  const cx = VIEW_W / 2;
  const cy = 292;

  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${VIEW_W} ${VIEW_H}">`,
    '<defs>',
    `<linearGradient id="ground" x1="0" y1="0" x2="0.35" y2="1">`,
    `<stop offset="0" stop-color="${p.light}"/><stop offset="0.6" stop-color="${p.mid}"/><stop offset="1" stop-color="${p.deep}"/>`,
    '</linearGradient>',
    `<radialGradient id="vignette" cx="0.5" cy="0.42" r="0.75">`,
    `<stop offset="0.55" stop-color="${p.ink}" stop-opacity="0"/><stop offset="1" stop-color="${p.ink}" stop-opacity="0.32"/>`,
    '</radialGradient>',
    `<radialGradient id="glow" cx="0.5" cy="0.5" r="0.5">`,
    `<stop offset="0" stop-color="#ffffff" stop-opacity="0.55"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/>`,
    '</radialGradient>',
    `<radialGradient id="stain" cx="0.5" cy="0.5" r="0.5">`,
    `<stop offset="0" stop-color="${p.deep}" stop-opacity="0.22"/><stop offset="1" stop-color="${p.deep}" stop-opacity="0"/>`,
    '</radialGradient>',
    '</defs>',
    `<rect width="${VIEW_W}" height="${VIEW_H}" fill="url(#ground)"/>`,
    texture(rand, p),
    `<ellipse cx="${cx}" cy="${cy}" rx="330" ry="250" fill="url(#glow)"/>`,
    `<rect width="${VIEW_W}" height="${VIEW_H}" fill="url(#vignette)"/>`,
    frame(p),
    header(artifact.type, catalogueNo, p),
    medallion(cx, cy, rand, p),
    `<g transform="translate(${cx} ${cy}) rotate(${f((rand() - 0.5) * 14)})">`,
    emblem(artifact.type, rand, p),
    '</g>',
    caption(artifact.name, p),
    '</svg>',
  ].join('');
}

/** Faint laid-paper lines, strata and a few soft stains. */
function texture(rand: () => number, p: Palette): string {
  const parts: string[] = [];
  for (let i = 0; i < 4; i++) {
    const r = 120 + rand() * 200;
    parts.push(
      `<ellipse cx="${f(rand() * VIEW_W)}" cy="${f(rand() * VIEW_H)}" rx="${f(r)}" ry="${f(r * (0.5 + rand() * 0.5))}" fill="url(#stain)"/>`,
    );
  }
  const lines: string[] = [];
  let y = 10 + rand() * 10;
  while (y < VIEW_H) {
    const wobble = (rand() - 0.5) * 6;
    lines.push(`M0 ${f(y)} Q${VIEW_W / 2} ${f(y + wobble)} ${VIEW_W} ${f(y + (rand() - 0.5) * 3)}`);
    y += 9 + rand() * 16;
  }
  parts.push(`<path d="${lines.join(' ')}" fill="none" stroke="${p.ink}" stroke-opacity="0.05" stroke-width="1"/>`);
  const specks: string[] = [];
  for (let i = 0; i < 70; i++) {
    const r = 0.6 + rand() * 1.6;
    specks.push(`<circle cx="${f(rand() * VIEW_W)}" cy="${f(rand() * VIEW_H)}" r="${f(r)}"/>`);
  }
  parts.push(`<g fill="${p.ink}" fill-opacity="0.09">${specks.join('')}</g>`);
  return parts.join('');
}

function frame(p: Palette): string {
  const corner = (x: number, y: number): string =>
    `<path d="M${x} ${y - 7} L${x + 7} ${y} L${x} ${y + 7} L${x - 7} ${y} Z"/>`;
  return [
    `<g fill="none" stroke="${p.ink}">`,
    `<rect x="26" y="26" width="${VIEW_W - 52}" height="${VIEW_H - 52}" stroke-opacity="0.38" stroke-width="2"/>`,
    `<rect x="36" y="36" width="${VIEW_W - 72}" height="${VIEW_H - 72}" stroke-opacity="0.22" stroke-width="1"/>`,
    '</g>',
    `<g fill="${p.ink}" fill-opacity="0.45">`,
    corner(31, 31),
    corner(VIEW_W - 31, 31),
    corner(31, VIEW_H - 31),
    corner(VIEW_W - 31, VIEW_H - 31),
    '</g>',
  ].join('');
}

function header(type: ArtifactType, catalogueNo: string, p: Palette): string {
  return (
    `<text x="${VIEW_W / 2}" y="78" text-anchor="middle" font-family="${SERIF}" font-size="19" ` +
    `letter-spacing="5" fill="${p.ink}" fill-opacity="0.62">${TYPE_LABELS[type]} \u00b7 No. ${catalogueNo}</text>`
  );
}

/** A plinth-like disc with a graduated ring behind the emblem. */
function medallion(cx: number, cy: number, rand: () => number, p: Palette): string {
  const r = 176;
  const ticks = [48, 60, 72, 90][Math.floor(rand() * 4)] ?? 60;
  const marks: string[] = [];
  for (let i = 0; i < ticks; i++) {
    const a = (i / ticks) * Math.PI * 2;
    const long = i % (ticks / 12) === 0;
    const r1 = r - 6;
    const r2 = r - (long ? 20 : 12);
    marks.push(
      `M${f(cx + Math.cos(a) * r1)} ${f(cy + Math.sin(a) * r1)} L${f(cx + Math.cos(a) * r2)} ${f(cy + Math.sin(a) * r2)}`,
    );
  }
  return [
    `<circle cx="${cx}" cy="${cy}" r="${r + 14}" fill="${p.light}" fill-opacity="0.35" stroke="${p.ink}" stroke-opacity="0.28" stroke-width="1.5"/>`,
    `<circle cx="${cx}" cy="${cy}" r="${r}" fill="none" stroke="${p.ink}" stroke-opacity="0.35" stroke-width="2"/>`,
    `<path d="${marks.join(' ')}" stroke="${p.ink}" stroke-opacity="0.28" stroke-width="1.5"/>`,
    `<circle cx="${cx}" cy="${cy}" r="${r - 30}" fill="none" stroke="${p.ink}" stroke-opacity="0.16" stroke-width="1"/>`,
  ].join('');
}

// ---------------------------------------------------------------------------------------------
// Emblems, drawn around (0, 0) within about +-130 units

function emblem(type: ArtifactType, rand: () => number, p: Palette): string {
  switch (type) {
    case 'Tools':
      return toolEmblem(p);
    case 'Weapons':
      return weaponEmblem(p);
    case 'Documents':
      return documentEmblem(rand, p);
    case 'Writings':
      return writingEmblem(rand, p);
    case 'Others':
      return vesselEmblem(rand, p);
  }
}

function stroke(p: Palette, width = 4): string {
  return `stroke="${p.ink}" stroke-width="${width}" stroke-linejoin="round" stroke-linecap="round"`;
}

/** A hafted axe crossed with a flint handaxe. */
function toolEmblem(p: Palette): string {
  return [
    // flint handaxe, behind
    `<g transform="rotate(28) translate(34 6)">`,
    `<path d="M0 -118 C34 -92 58 -20 54 34 C50 84 24 108 0 110 C-24 108 -50 84 -54 34 C-58 -20 -34 -92 0 -118 Z" fill="${p.fill}" ${stroke(p, 4)}/>`,
    `<path d="M0 -118 C6 -60 -6 -10 4 40 C8 70 2 95 0 110 M-50 10 C-30 0 -12 8 4 40 M52 2 C32 -6 14 -30 2 -60 M-40 -40 C-24 -46 -10 -30 -2 -12 M46 64 C28 56 12 56 4 40 M-44 74 C-26 66 -10 70 2 88" fill="none" ${stroke(p, 2)} stroke-opacity="0.55"/>`,
    '</g>',
    // hafted axe, in front
    `<g transform="rotate(-24) translate(-26 0)">`,
    `<path d="M-9 -112 C-4 -40 -12 40 -6 132 L10 132 C6 40 14 -40 9 -112 Z" fill="${p.mid}" ${stroke(p, 4)}/>`,
    `<path d="M-4 -96 L-96 -124 C-114 -96 -114 -48 -96 -20 L-4 -48 Z" fill="${p.deep}" ${stroke(p, 4)}/>`,
    `<path d="M-96 -124 C-106 -96 -106 -48 -96 -20" fill="none" ${stroke(p, 2)} stroke-opacity="0.6"/>`,
    `<path d="M-12 -104 L12 -96 M-12 -88 L12 -80 M-12 -72 L12 -64 M-12 -56 L12 -48" fill="none" ${stroke(p, 3)}/>`,
    '</g>',
  ].join('');
}

/** A sword over a round shield. */
function weaponEmblem(p: Palette): string {
  return [
    `<circle cx="0" cy="6" r="112" fill="${p.fill}" fill-opacity="0.75" ${stroke(p, 4)}/>`,
    `<circle cx="0" cy="6" r="94" fill="none" ${stroke(p, 2)} stroke-opacity="0.5"/>`,
    `<circle cx="0" cy="6" r="26" fill="${p.deep}" ${stroke(p, 3)}/>`,
    `<g fill="${p.ink}" fill-opacity="0.55">`,
    [0, 45, 90, 135, 180, 225, 270, 315]
      .map((deg) => {
        const a = (deg * Math.PI) / 180;
        return `<circle cx="${f(Math.cos(a) * 103)}" cy="${f(6 + Math.sin(a) * 103)}" r="4"/>`;
      })
      .join(''),
    '</g>',
    `<g transform="rotate(-35)">`,
    `<path d="M0 -150 L15 -120 L13 58 L-13 58 L-15 -120 Z" fill="${p.light}" ${stroke(p, 4)}/>`,
    `<path d="M0 -124 L0 50" fill="none" ${stroke(p, 2)} stroke-opacity="0.55"/>`,
    `<path d="M-62 58 C-40 52 40 52 62 58 C64 66 64 70 62 74 C40 68 -40 68 -62 74 C-64 70 -64 66 -62 58 Z" fill="${p.deep}" ${stroke(p, 4)}/>`,
    `<rect x="-9" y="74" width="18" height="52" rx="4" fill="${p.mid}" ${stroke(p, 4)}/>`,
    `<path d="M-9 86 L9 82 M-9 98 L9 94 M-9 110 L9 106" fill="none" ${stroke(p, 2)}/>`,
    `<circle cx="0" cy="138" r="13" fill="${p.deep}" ${stroke(p, 4)}/>`,
    '</g>',
  ].join('');
}

/** An unrolled scroll with lines of text and a wax seal. */
function documentEmblem(rand: () => number, p: Palette): string {
  const lines: string[] = [];
  for (let y = -78; y <= 58; y += 17) {
    const indent = y === -78 ? 24 : 0;
    const len = 120 + rand() * 40 - indent;
    lines.push(`M${-78 + indent} ${y} L${f(-78 + indent + len)} ${y}`);
  }
  return [
    `<path d="M-96 -104 L96 -104 L96 104 L-96 104 Z" fill="${p.light}" ${stroke(p, 4)}/>`,
    `<path d="${lines.join(' ')}" fill="none" ${stroke(p, 3)} stroke-opacity="0.45"/>`,
    `<rect x="-118" y="-128" width="236" height="30" rx="15" fill="${p.fill}" ${stroke(p, 4)}/>`,
    `<rect x="-118" y="98" width="236" height="30" rx="15" fill="${p.fill}" ${stroke(p, 4)}/>`,
    `<path d="M-104 -113 L104 -113 M-104 113 L104 113" fill="none" ${stroke(p, 2)} stroke-opacity="0.4"/>`,
    `<path d="M46 86 L36 140 L52 128 L62 142 L66 88 Z" fill="${p.accent}" ${stroke(p, 3)}/>`,
    `<circle cx="56" cy="80" r="24" fill="${p.accent}" ${stroke(p, 4)}/>`,
    `<circle cx="56" cy="80" r="14" fill="none" stroke="${p.light}" stroke-opacity="0.6" stroke-width="2"/>`,
  ].join('');
}

/** An open book with a quill. */
function writingEmblem(rand: () => number, p: Palette): string {
  const lines: string[] = [];
  for (let i = 0; i < 6; i++) {
    const y = -34 + i * 16;
    lines.push(`M${f(-118 + rand() * 6)} ${y + 2} Q-62 ${y - 6} -14 ${y + 6}`);
    if (i < 4) lines.push(`M14 ${y + 6} Q62 ${y - 6} ${f(114 - rand() * 18)} ${y + 2}`);
  }
  return [
    `<path d="M0 -34 C-40 -58 -96 -64 -140 -50 L-140 104 C-96 90 -40 94 0 118 C40 94 96 90 140 104 L140 -50 C96 -64 40 -58 0 -34 Z" fill="${p.fill}" ${stroke(p, 4)}/>`,
    `<path d="M0 -44 C-40 -70 -96 -76 -132 -62 L-132 92 C-96 78 -40 82 0 108 C40 82 96 78 132 92 L132 -62 C96 -76 40 -70 0 -44 Z" fill="${p.light}" ${stroke(p, 4)}/>`,
    `<path d="M0 -44 L0 108" fill="none" ${stroke(p, 3)}/>`,
    `<path d="${lines.join(' ')}" fill="none" ${stroke(p, 2.5)} stroke-opacity="0.45"/>`,
    // quill
    `<g transform="translate(70 -40) rotate(32)">`,
    `<path d="M0 70 C-22 30 -26 -40 -6 -112 C14 -60 18 20 0 70 Z" fill="${p.mid}" ${stroke(p, 3.5)}/>`,
    `<path d="M0 70 C-4 10 -4 -50 -6 -112 M-3 40 L-18 20 M-2 10 L-20 -12 M-3 -20 L-20 -44 M-4 -50 L-16 -74 M-1 30 L10 12 M-1 0 L12 -20 M-2 -30 L10 -52" fill="none" ${stroke(p, 2)} stroke-opacity="0.6"/>`,
    `<path d="M0 70 L3 96" fill="none" ${stroke(p, 3.5)}/>`,
    '</g>',
  ].join('');
}

/** An amphora with a band of ornament; the band style varies per artifact. */
function vesselEmblem(rand: () => number, p: Palette): string {
  const body =
    'M-30 -112 L30 -112 L26 -92 C24 -80 26 -70 40 -62 C86 -40 98 0 86 40 C74 80 42 104 22 112 L24 130 L-24 130 L-22 112 C-42 104 -74 80 -86 40 C-98 0 -86 -40 -40 -62 C-26 -70 -24 -80 -26 -92 Z';
  const style = Math.floor(rand() * 3);
  let band: string;
  if (style === 0) {
    // meander (Greek key)
    const keys: string[] = [];
    for (let x = -78; x < 70; x += 26) {
      keys.push(`M${x} 14 L${x} -6 L${x + 18} -6 L${x + 18} 8 L${x + 8} 8 L${x + 8} 2`);
    }
    band = `<path d="${keys.join(' ')}" fill="none" ${stroke(p, 2.5)} stroke-opacity="0.7"/>`;
  } else if (style === 1) {
    // wave scroll
    const waves: string[] = [];
    for (let x = -80; x < 76; x += 24) waves.push(`M${x} 12 C${x + 4} -8 ${x + 20} -8 ${x + 16} 4`);
    band = `<path d="${waves.join(' ')}" fill="none" ${stroke(p, 2.5)} stroke-opacity="0.7"/>`;
  } else {
    // dots and lozenges
    const marks: string[] = [];
    for (let x = -72; x <= 72; x += 24) marks.push(`<path d="M${x} -6 L${x + 8} 3 L${x} 12 L${x - 8} 3 Z"/>`);
    band = `<g fill="${p.ink}" fill-opacity="0.55">${marks.join('')}</g>`;
  }
  return [
    `<path d="M-34 -92 C-80 -100 -84 -54 -58 -48 M34 -92 C80 -100 84 -54 58 -48" fill="none" ${stroke(p, 7)}/>`,
    `<path d="M-34 -92 C-80 -100 -84 -54 -58 -48 M34 -92 C80 -100 84 -54 58 -48" fill="none" stroke="${p.fill}" stroke-width="2.5" stroke-linecap="round"/>`,
    `<path d="${body}" fill="${p.fill}" ${stroke(p, 4)}/>`,
    `<path d="M-36 -120 L36 -120 L30 -108 L-30 -108 Z" fill="${p.deep}" ${stroke(p, 3.5)}/>`,
    `<path d="M-92 -14 C-40 -22 40 -22 92 -14 M-90 26 C-40 34 40 34 90 26" fill="none" ${stroke(p, 2.5)}/>`,
    band,
    `<path d="M-60 60 C-30 72 30 72 60 60" fill="none" ${stroke(p, 2)} stroke-opacity="0.5"/>`,
    `<path d="M-50 -40 C-64 -10 -62 30 -46 60" fill="none" stroke="#ffffff" stroke-opacity="0.35" stroke-width="6" stroke-linecap="round"/>`,
  ].join('');
}

// ---------------------------------------------------------------------------------------------
// Caption

/** Average advance of a Times-like serif, in em, with some margin for capitals. */
const CHAR_EM = 0.5;
const CAPTION_WIDTH = 780;

function fits(line: string, size: number): boolean {
  return line.length * size * CHAR_EM <= CAPTION_WIDTH;
}

/** The two-line split of text whose longer line is shortest, or null for a single word. */
function balancedSplit(words: readonly string[]): [string, string] | null {
  let best: [string, string] | null = null;
  for (let i = 1; i < words.length; i++) {
    const pair: [string, string] = [words.slice(0, i).join(' '), words.slice(i).join(' ')];
    if (!best || Math.max(pair[0].length, pair[1].length) < Math.max(best[0].length, best[1].length)) best = pair;
  }
  return best;
}

/** One line when it fits at a generous size, else two balanced lines, shrinking as needed. */
export function captionLines(name: string): { lines: string[]; size: number } {
  const text = name.trim().replace(/\s+/g, ' ');
  for (const size of [52, 47, 42]) {
    if (fits(text, size)) return { lines: [text], size };
  }
  const split = balancedSplit(text.split(' '));
  if (split) {
    for (const size of [46, 41, 37, 33, 30, 27]) {
      if (fits(split[0], size) && fits(split[1], size)) return { lines: [...split], size };
    }
  }
  const size = 27;
  const maxChars = Math.floor(CAPTION_WIDTH / (size * CHAR_EM));
  const lines = split ? [...split] : [text];
  return {
    lines: lines.map((line) => (line.length > maxChars ? `${line.slice(0, maxChars - 1).trimEnd()}\u2026` : line)),
    size,
  };
}

function caption(name: string, p: Palette): string {
  const { lines, size } = captionLines(name);
  const lineHeight = size * 1.15;
  const blockBottom = 640;
  const firstBaseline = blockBottom - lineHeight * (lines.length - 1);
  const ruleY = firstBaseline - size - 16;
  const cx = VIEW_W / 2;
  const tspans = lines
    .map((line, i) => `<tspan x="${cx}" y="${f(firstBaseline + i * lineHeight)}">${escapeXml(line)}</tspan>`)
    .join('');
  return [
    `<path d="M${cx - 150} ${f(ruleY)} L${cx - 14} ${f(ruleY)} M${cx + 14} ${f(ruleY)} L${cx + 150} ${f(ruleY)}" stroke="${p.ink}" stroke-opacity="0.4" stroke-width="1.5"/>`,
    `<path d="M${cx} ${f(ruleY - 6)} L${cx + 6} ${f(ruleY)} L${cx} ${f(ruleY + 6)} L${cx - 6} ${f(ruleY)} Z" fill="${p.ink}" fill-opacity="0.5"/>`,
    `<text text-anchor="middle" font-family="${SERIF}" font-size="${size}" fill="${p.ink}">${tspans}</text>`,
  ].join('');
}
