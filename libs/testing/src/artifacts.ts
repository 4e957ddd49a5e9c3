import type { ArtifactPage } from '@antiquarium/api-client';
import type { AuthUser } from '@antiquarium/auth-store';
import { DEFAULT_PAGE_SIZE, DEFAULT_RIGHTS, readDate, type Artifact, type ArtifactInput } from '@antiquarium/contracts';

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
    ...artifactInput({ name: `Artifact ${n}`, image: `http://127.0.0.1:3000/media/artifact-${n}-960.webp`, shortDescription: `Description of artifact ${n}` }),
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
  return artifact({ ...artifactInput(), adderName: 'Ada', adderEmail: ada.email ?? '', likes: 2, ...overrides });
}

export function artifactPage(items: Artifact[], overrides: Partial<ArtifactPage> = {}): ArtifactPage {
  return { items, total: items.length, page: 1, pageSize: DEFAULT_PAGE_SIZE, nextPage: null, didYouMean: null, ...overrides };
}
