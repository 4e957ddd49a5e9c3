import type { Artifact, ArtifactInput } from '@antiquarium/contracts';

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

/** An artifact as the api returns it; adderEmail is present only on the caller's own ones. */
export function artifact(overrides: Partial<Artifact> = {}): Artifact {
  return {
    _id: '64b0000000000000000000a1',
    ...artifactInput(),
    adderName: 'Ada',
    adderEmail: 'ada@example.com',
    likes: 2,
    addedAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export const ada = { uid: 'u-ada', displayName: 'Ada Lovelace', photoURL: null, email: 'ada@example.com' };
