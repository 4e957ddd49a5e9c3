import type { ArtifactPage } from '@antiquarium/api-client';
import type { AuthUser } from '@antiquarium/auth-store';
import {
  DEFAULT_PAGE_SIZE,
  DEFAULT_RIGHTS,
  PHOTO_CONTENT_TYPES,
  PHOTO_FORMATS,
  photoWidths,
  readDate,
  type Artifact,
  type ArtifactImage,
  type ArtifactInput,
} from '@antiquarium/contracts';

/** The signed-in member of the component tests. */
export const ada: AuthUser = { uid: 'u-ada', displayName: 'Ada Lovelace', photoURL: null, email: 'ada@example.com', emailVerified: true };

/** A complete, valid form input; tests override what they are about. */
export function artifactInput(overrides: Partial<ArtifactInput> = {}): ArtifactInput {
  return {
    name: 'Bronze Sickle',
    image: 'https://images.example.org/sickle.webp',
    type: 'Tools',
    context: 'Late Bronze Age Europe',
    shortDescription: 'A cast bronze sickle blade with a hafting knob.',
    createdAt: '1200 BC',
    discoveredAt: '1932',
    discoveredBy: 'A ploughman',
    location: 'National Museum, Copenhagen',
    ...overrides,
  };
}

let next = 1;

/** An artifact as the api lists it, each with its own id, name and image; tests override the rest. */
export function artifact(overrides: Partial<Artifact> = {}): Artifact {
  const n = next++;
  return {
    _id: `64b000000000000000000${String(n).padStart(3, '0')}`,
    ...artifactInput({ name: `Artifact ${n}`, shortDescription: `Description of artifact ${n}` }),
    image: `http://127.0.0.1:3000/media/artifact-${n}-960.webp`,
    // A seeded or older record: its image is an address only. Tests of kept photos pass keptPhoto()s.
    images: [],
    rights: DEFAULT_RIGHTS,
    credit: '',
    adderName: 'Ada',
    likes: 3,
    addedAt: '2025-01-01T00:00:00.000Z',
    // As the server reads it (the created-at of artifactInput, unless overridden).
    dating: readDate(overrides.createdAt ?? artifactInput().createdAt),
    ...overrides,
  };
}

/** One of the signed-in member's own artifacts (the api adds adderEmail only to those). */
export function ownArtifact(overrides: Partial<Artifact> = {}): Artifact {
  return artifact({ ...artifactInput(), images: [], adderName: 'Ada', adderEmail: ada.email ?? '', likes: 2, ...overrides });
}

let nextPhoto = 1;

/** A real ThumbHash (a warm brown, 4:3): what the api stores for a photo, to draw its placeholder. */
export const PHOTO_PLACEHOLDER = '3hsGJZCCh4dwh3eIh3iHh4KAJ/iH';

/**
 * A photo the site keeps, as the api reads it out (api/src/artifacts/to-artifact.ts): each published
 * width of a 1600 x 1200 photo in AVIF and WebP, then its JPEGs, the 1280 px JPEG as its address.
 */
export function keptPhoto(overrides: Partial<ArtifactImage> = {}): ArtifactImage {
  const n = nextPhoto++;
  const base = `http://127.0.0.1:3000/media/photos/${n.toString(16).padStart(32, '0')}`;
  const { width = 1600, height = 1200 } = overrides;
  const widths = photoWidths(width);
  const srcset = (format: (typeof PHOTO_FORMATS)[number]) => widths.map((candidate) => `${base}-${candidate}.${format} ${candidate}w`).join(', ');
  return {
    id: `photo-${n}`,
    url: `${base}-${widths.filter((candidate) => candidate <= 1280).at(-1) ?? widths[0]}.jpg`,
    srcset: srcset('jpg'),
    sources: PHOTO_FORMATS.filter((format) => format !== 'jpg').map((format) => ({ type: PHOTO_CONTENT_TYPES[format], srcset: srcset(format) })),
    alt: `Photo ${n}: the artifact seen from the front`,
    width,
    height,
    placeholder: PHOTO_PLACEHOLDER,
    ...overrides,
  };
}

export function artifactPage(items: Artifact[], overrides: Partial<ArtifactPage> = {}): ArtifactPage {
  return { items, total: items.length, page: 1, pageSize: DEFAULT_PAGE_SIZE, nextPage: null, didYouMean: null, ...overrides };
}
