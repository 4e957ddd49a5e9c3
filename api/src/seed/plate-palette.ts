import type { ArtifactType } from '@antiquarium/contracts';

/**
 * What every part of a demo plate (plate-svg.ts, plate-emblems.ts) draws with: colours and numbers
 * drawn from the artifact's slug, so that an artifact's plate is the same on every seed.
 */

/** 32-bit FNV-1a hash of a string. */
export function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32 generator: numbers in [0, 1). */
export function rng(seed: number): () => number {
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

export interface Palette {
  light: string;
  mid: string;
  deep: string;
  ink: string;
  accent: string;
  fill: string;
}

export function palette(type: ArtifactType, rand: () => number): Palette {
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

/** A coordinate as the SVG writes it: one decimal at most. */
export const f = (n: number): string => (Math.round(n * 10) / 10).toString();
