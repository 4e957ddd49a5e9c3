import { type ArtifactInput, type CreateArtifactResponse } from '@antiquarium/contracts';
import { validateArtifactInput } from '@antiquarium/contracts/validation';
import type { TestUser } from './auth';
import { api, expectStatus } from './http';

let counter = 0;

/**
 * The nine editable fields of a valid artifact, with a unique name. Overrides must keep it valid:
 * tests of invalid input spread their bad values over it instead.
 */
export function artifactInput(overrides: Partial<ArtifactInput> = {}): ArtifactInput {
  counter += 1;
  const input: ArtifactInput = {
    name: `Bronze Oil Lamp ${Date.now().toString(36)}${counter}`,
    image: 'https://images.example.org/artifacts/oil-lamp.webp',
    type: 'Tools',
    context: 'Roman household lighting',
    shortDescription: 'A small bronze oil lamp with a single nozzle, made for a test.',
    createdAt: '100 BC',
    discoveredAt: '1901',
    discoveredBy: 'Test Expedition',
    location: 'Test Museum, Room 4',
    ...overrides,
  };
  const checked = validateArtifactInput(input);
  if (!checked.ok) throw new Error(`artifactInput made invalid input: ${checked.message}`);
  return input;
}

interface Created {
  id: string;
  owner: TestUser;
}

/** Artifacts made by the current test file, deleted through the api after it (see setup.ts). */
export const createdArtifacts: Created[] = [];

/** Creates an artifact through the api (expecting 201) and remembers it for clean-up. */
export async function createArtifact(owner: TestUser, overrides: Partial<ArtifactInput> = {}) {
  const input = artifactInput(overrides);
  const response = await api<CreateArtifactResponse>('/artifacts', { method: 'POST', token: owner.token, body: input });
  expectStatus(response, 201);
  const id = response.body.insertedId;
  createdArtifacts.push({ id, owner });
  return { id, input };
}

/** Toggles a like and expects it to succeed. */
export async function toggleLike(user: TestUser, id: string) {
  const response = await api<{ liked: boolean; likes: number }>(`/artifacts/toggle-like/${id}`, { method: 'PATCH', token: user.token });
  expectStatus(response, 200);
  return response.body;
}

/** Fields that are the server's business and must never leave it. */
export const INTERNAL_FIELDS = ['adderUid', 'searchTokens', 'nameLower', '__v', 'uid', 'password'] as const;

/** A valid ObjectId that names nothing (a fixed timestamp far in the past, random tail). */
export function missingId(): string {
  const tail = Array.from({ length: 16 }, () => Math.floor(Math.random() * 16).toString(16)).join('');
  return `00000001${tail}`;
}
