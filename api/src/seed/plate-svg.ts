import type { ArtifactType } from '@antiquarium/contracts';
import { emblem } from './plate-emblems';
import { f, hash, palette, rng, type Palette } from './plate-palette';

/**
 * The catalogue plate of a demo artifact as an SVG document (drawn in a 960 x 720 view box, scaled
 * to the requested size): tinted ground, frame, type and catalogue number, a medallion with the
 * emblem of its type (plate-emblems.ts), and the artifact's name in a serif face.
 */

/** What a plate shows of an artifact. */
export interface DemoImageSubject {
  slug: string;
  name: string;
  type: ArtifactType;
}

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
