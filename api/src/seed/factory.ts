import { ARTIFACT_TYPES, type ArtifactType } from '@antiquarium/contracts';
import type { SeedArtifact } from './seed-writer';

/**
 * Generated artifacts, deterministic for a given seed: for tests and benchmarks that need many
 * believable items (names vary, so search tokens and sorting behave as with real data).
 */
const MATERIALS = ['Bronze', 'Iron', 'Gilded', 'Carved', 'Painted', 'Inscribed', 'Jade', 'Ivory', 'Silver', 'Terracotta', 'Obsidian', 'Copper'];
const OBJECTS: Record<ArtifactType, string[]> = {
  Tools: ['Adze', 'Sickle', 'Astrolabe', 'Plough Blade', 'Chisel', 'Loom Weight', 'Balance Scale', 'Sundial'],
  Weapons: ['Dagger', 'Spearhead', 'Helmet', 'Shield Boss', 'Longsword', 'Arrowhead', 'Mace', 'Scabbard'],
  Documents: ['Charter', 'Land Deed', 'Treaty Tablet', 'Census Roll', 'Ledger', 'Decree Stele', 'Map', 'Letter'],
  Writings: ['Codex', 'Psalter', 'Scroll', 'Epic Tablet', 'Hymn Fragment', 'Chronicle', 'Herbal', 'Gospel Book'],
  Others: ['Vase', 'Amulet', 'Figurine', 'Brooch', 'Mask', 'Coin Hoard', 'Lamp', 'Mirror'],
};
const PLACES = ['Ur', 'Thebes', 'Knossos', 'Mycenae', 'Xianyang', 'Cusco', 'Aksum', 'Nineveh', 'Carthage', 'Uppsala', 'Mohenjo-daro', 'Tikal'];
const PERIODS = ['c. 2500 BC', 'c. 1350 BC', '600 BC', '196 BC', 'AD 79', 'AD 850', 'AD 1215', 'c. 1450'];
const MUSEUMS = ['British Museum, London', 'Louvre, Paris', 'Metropolitan Museum of Art, New York', 'National Museum, Cairo', 'Hermitage, St Petersburg'];

/** A small, fast, seedable PRNG (mulberry32). */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pick<T>(next: () => number, items: readonly T[]): T {
  return items[Math.floor(next() * items.length)] as T;
}

export interface FactoryOptions {
  seed?: number;
  /** Contributors to spread the artifacts over. */
  adders?: readonly { uid: string; name: string; email: string }[];
  imageBaseUrl?: string;
  /** When the newest artifact was added; the others step back a minute each. */
  now?: number;
  maxLikes?: number;
}

export function makeArtifacts(count: number, options: FactoryOptions = {}): SeedArtifact[] {
  const next = random(options.seed ?? 1);
  const adders = options.adders ?? [{ uid: 'bench-adder-1', name: 'Bench Curator', email: 'bench@antiquarium.test' }];
  const now = options.now ?? Date.now();
  const maxLikes = options.maxLikes ?? 0;
  const imageBaseUrl = options.imageBaseUrl ?? 'http://localhost:3000/media';
  return Array.from({ length: count }, (_, index) => {
    const type = pick(next, ARTIFACT_TYPES);
    const object = pick(next, OBJECTS[type]);
    const place = pick(next, PLACES);
    const adder = adders[index % adders.length]!;
    return {
      name: `${pick(next, MATERIALS)} ${object} of ${place} No. ${index + 1}`,
      image: `${imageBaseUrl}/generated-${index % 50}.webp`,
      type,
      context: `${place}, ${pick(next, PERIODS)}`,
      shortDescription: `A ${object.toLowerCase()} found near ${place}, kept for its craft and its story.`,
      createdAt: pick(next, PERIODS),
      discoveredAt: String(1800 + Math.floor(next() * 220)),
      discoveredBy: `Expedition ${1 + Math.floor(next() * 40)}`,
      location: pick(next, MUSEUMS),
      adderUid: adder.uid,
      adderName: adder.name,
      adderEmail: adder.email,
      addedAt: new Date(now - (count - index) * 60_000),
      likes: maxLikes > 0 ? Math.floor(next() * (maxLikes + 1)) : 0,
    };
  });
}
