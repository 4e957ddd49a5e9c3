import { Injectable } from '@nestjs/common';
import type { Types } from 'mongoose';
import type { Artifact, ToggleLikeResponse } from '@antiquarium/contracts';
import { ArtifactsRepository } from '../artifacts/artifacts.repository';
import { toArtifact } from '../artifacts/to-artifact';
import type { AuthUser } from '../auth/auth-user';
import { ArtifactNotFound } from '../common/errors';
import { Counters } from '../database/counters';
import { LikesRepository } from './likes.repository';

@Injectable()
export class LikesService {
  constructor(
    private readonly likes: LikesRepository,
    private readonly artifacts: ArtifactsRepository,
    private readonly counters: Counters,
  ) {}

  /**
   * The like record decides: creating it (unique per user and artifact) means "liked", failing
   * because it exists means "unlike" and removes it. The counters are then settled from the
   * records (docs/decisions/0002-likes-without-transactions.md).
   */
  async toggle(artifactId: Types.ObjectId, user: AuthUser): Promise<ToggleLikeResponse> {
    const artifact = await this.artifacts.findById(artifactId);
    if (!artifact) throw new ArtifactNotFound();

    const liked = await this.likes.add(artifactId, user.uid);
    // Already liked: unlike. If a concurrent toggle of the same user removed it first, the like is
    // gone either way.
    if (!liked) await this.likes.remove(artifactId, user.uid);
    const likes = await this.counters.settleLikes(artifactId);
    if (likes === null) {
      // Deleted while we toggled: take the like back so no record outlives its artifact.
      await this.likes.remove(artifactId, user.uid);
      throw new ArtifactNotFound();
    }
    await this.counters.settleContributor(artifact.adderUid);
    return { liked, likes };
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
