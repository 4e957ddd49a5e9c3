import { Injectable } from '@nestjs/common';
import type { ModerationState } from '@antiquarium/contracts';
import { ArtifactPhotos } from '../artifacts/artifact-photos';
import type { StoredArtifact } from '../artifacts/artifact-projections';
import { ArtifactsRepository } from '../artifacts/artifacts.repository';
import { coverWithAccess } from '../artifacts/to-artifact';
import { toObjectId } from './moderation.repository';

/** The artifacts as moderation reads and hides them: by the string ids its records keep. */
@Injectable()
export class ModeratedArtifacts {
  constructor(
    private readonly artifacts: ArtifactsRepository,
    private readonly photos: ArtifactPhotos,
  ) {}

  /** The artifact, hidden or not; null when gone (or for an id that cannot be one). */
  async byId(id: string): Promise<StoredArtifact | null> {
    const objectId = toObjectId(id);
    return objectId ? this.artifacts.findById(objectId) : null;
  }

  /** The public ones among `ids`, in one read. */
  publicByIds(ids: Iterable<string>): Promise<StoredArtifact[]> {
    return this.artifacts.findManyByIds([...ids].map(toObjectId).filter((id) => id !== null));
  }

  /** Hides the artifact (or, with null, makes it public again) by a decision. */
  async setModeration(artifact: Pick<StoredArtifact, '_id'>, state: ModerationState | null, decisionId: string): Promise<void> {
    await this.artifacts.setModeration(artifact._id, state, decisionId);
  }

  /** The state a decision keeps the artifact in. */
  stateOf(artifact: Pick<StoredArtifact, 'moderation'>): ModerationState | null {
    return (artifact.moderation as ModerationState | undefined) ?? null;
  }

  /** The cover as moderators see it: a hidden artifact's opens with a grant (api/src/media/photo-access.ts). */
  coverOf(artifact: StoredArtifact): string {
    return artifact.moderation ? coverWithAccess(artifact, (image) => this.photos.accessQuery(image)) : artifact.image;
  }
}
