import { Injectable } from '@nestjs/common';
import type { Types } from 'mongoose';
import type { Artifact, ToggleLikeResponse } from '@antiquarium/contracts';
import { ArtifactsRepository } from '../artifacts/artifacts.repository';
import { toArtifact } from '../artifacts/to-artifact';
import type { AuthUser } from '../auth/auth-user';
import { ArtifactNotFound } from '../common/errors';
import { ContributorsRepository } from '../contributors/contributors.repository';
import { LikesRepository } from './likes.repository';

@Injectable()
export class LikesService {
  constructor(
    private readonly likes: LikesRepository,
    private readonly artifacts: ArtifactsRepository,
    private readonly contributors: ContributorsRepository,
  ) {}

  /**
   * The like record decides: creating it (unique per user and artifact) means "liked", failing
   * because it exists means "unlike". Only the call that changed the record moves the counters,
   * with atomic $inc, so concurrent toggles by many users leave count == records.
   */
  async toggle(artifactId: Types.ObjectId, user: AuthUser): Promise<ToggleLikeResponse> {
    const artifact = await this.artifacts.findById(artifactId);
    if (!artifact) throw new ArtifactNotFound();

    if (await this.likes.add(artifactId, user.uid)) {
      const likes = await this.artifacts.addLikes(artifactId, 1);
      if (likes === null) {
        // Deleted between the read and the like: take the like back.
        await this.likes.remove(artifactId, user.uid);
        throw new ArtifactNotFound();
      }
      await this.contributors.add(artifact.adderUid, { likes: 1 });
      return { liked: true, likes };
    }

    if (await this.likes.remove(artifactId, user.uid)) {
      const likes = await this.artifacts.addLikes(artifactId, -1);
      if (likes === null) throw new ArtifactNotFound();
      await this.contributors.add(artifact.adderUid, { likes: -1 });
      return { liked: false, likes };
    }

    // A concurrent toggle by the same user removed it first: the like is gone either way.
    const current = await this.artifacts.findById(artifactId);
    if (!current) throw new ArtifactNotFound();
    return { liked: false, likes: current.likes ?? 0 };
  }

  async likedBy(user: AuthUser, page: number, limit: number): Promise<{ items: Artifact[]; total: number }> {
    const { artifactIds, total } = await this.likes.pageForUser(user.uid, page, limit);
    const docs = await this.artifacts.findManyByIds(artifactIds);
    const byId = new Map(docs.map((doc) => [doc._id.toHexString(), doc]));
    const items = artifactIds.flatMap((id) => {
      const doc = byId.get(id.toHexString());
      return doc ? [toArtifact(doc, user)] : [];
    });
    return { items, total };
  }
}
