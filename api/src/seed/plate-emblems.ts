import type { ArtifactType } from '@antiquarium/contracts';
import { f, type Palette } from './plate-palette';

/** The emblem of an artifact's type on its demo plate, drawn around (0, 0) within about +-130 units. */
export function emblem(type: ArtifactType, rand: () => number, p: Palette): string {
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
