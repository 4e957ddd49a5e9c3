import type { Artifact, ArtifactType } from '@antiquarium/contracts';
import type { AuthUser } from '../auth/auth-user';
import type { StoredArtifact } from './artifacts.repository';

/** The public shape: the adder's email only for the adder, internal fields never. */
export function toArtifact(doc: StoredArtifact, caller: AuthUser | undefined): Artifact {
  const artifact: Artifact = {
    _id: doc._id.toHexString(),
    name: doc.name,
    image: doc.image,
    type: doc.type as ArtifactType,
    context: doc.context,
    shortDescription: doc.shortDescription,
    createdAt: doc.createdAt,
    discoveredAt: doc.discoveredAt,
    discoveredBy: doc.discoveredBy,
    location: doc.location,
    adderName: doc.adderName,
    likes: doc.likes ?? 0,
    addedAt: new Date(doc.addedAt).toISOString(),
  };
  if (caller && doc.adderUid === caller.uid) artifact.adderEmail = doc.adderEmail ?? caller.email ?? '';
  return artifact;
}
