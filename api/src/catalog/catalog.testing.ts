import { Types } from 'mongoose';
import { nameSortKey } from '@antiquarium/contracts';
import type { CatalogArtifact } from '../artifacts/artifact-projections';

/** An artifact as the catalog reads it from the database, named `name`; `extra` overrides fields. */
export function catalogArtifact(name: string, extra: Record<string, unknown> = {}): CatalogArtifact {
  return {
    _id: new Types.ObjectId(),
    name,
    image: 'https://example.org/a.webp',
    images: [],
    type: 'Tools',
    context: 'c',
    shortDescription: 's',
    createdAt: '1500',
    discoveredAt: '1900',
    discoveredBy: 'someone',
    location: 'London',
    adderName: 'Ada',
    adderEmail: 'ada@example.org',
    adderUid: 'u1',
    likes: 0,
    addedAt: new Date(),
    nameLower: nameSortKey(name),
    yearStart: 1500,
    yearEnd: 1500,
    place: 'United Kingdom',
    ...extra,
  } as unknown as CatalogArtifact;
}
