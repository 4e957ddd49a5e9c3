import type { ArtifactPage } from '@antiquarium/api-client';
import type { Artifact } from '@antiquarium/contracts';

let next = 1;

/** A complete artifact as the api returns it; tests override what they are about. */
export function artifact(overrides: Partial<Artifact> = {}): Artifact {
  const n = next++;
  return {
    _id: `64b000000000000000000${String(n).padStart(3, '0')}`,
    name: `Artifact ${n}`,
    image: `http://127.0.0.1:3000/media/artifact-${n}-960.webp`,
    type: 'Tools',
    context: 'Bronze Age',
    shortDescription: `Description of artifact ${n}`,
    createdAt: '100 BC',
    discoveredAt: '1901',
    discoveredBy: 'A farmer',
    location: 'A museum',
    adderName: 'Ada',
    likes: 3,
    addedAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function page(items: Artifact[], overrides: Partial<ArtifactPage> = {}): ArtifactPage {
  return { items, total: items.length, page: 1, pageSize: 20, nextPage: null, ...overrides };
}
