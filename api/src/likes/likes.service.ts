import { Injectable } from '@nestjs/common';
import type { Types } from 'mongoose';
import type { Artifact, ToggleLikeResponse } from '@antiquarium/contracts';
import { ArtifactsRepository } from '../artifacts/artifacts.repository';
import { mayDisplayHidden, toArtifact } from '../artifacts/to-artifact';
import type { AuthUser } from '../auth/auth-user';
import { ArtifactNotFound } from '../common/errors';
import { ContributorTotals } from '../contributors/contributor-totals';
import { LikesRepository } from './likes.repository';

const MAX_SETTLE_ROUNDS = 8;

@Injectable()
export class LikesService {
  constructor(
    private readonly likes: LikesRepository,
    private readonly artifacts: ArtifactsRepository,
    private readonly contributorTotals: ContributorTotals,
  ) {}

  /**
   * One toggle, in order: the like record decides (creating it, unique per user and artifact, means
   * "liked"; finding it there means "unlike" and removes it), then the artifact's count is settled
   * from the records, then the adder's totals from their artifacts (no transactions, no `$inc`:
   * docs/decisions/0002-likes-without-transactions.md).
   */
  async toggle(artifactId: Types.ObjectId, user: AuthUser): Promise<ToggleLikeResponse> {
    const artifact = await this.artifacts.findById(artifactId);
    // A hidden artifact (docs/decisions/0012-moderation.md) cannot be liked by those who cannot see it.
    if (!artifact || (artifact.moderation && !mayDisplayHidden(artifact, user))) throw new ArtifactNotFound();

    const liked = await this.likes.add(artifactId, user.uid);
    // Already liked: unlike. If a concurrent toggle of the same user removed it first, the like is
    // gone either way.
    if (!liked) await this.likes.remove(artifactId, user.uid);
    const likes = await this.settleCount(artifactId);
    if (likes === null) {
      // Deleted while we toggled: take the like back so no record outlives its artifact.
      await this.likes.remove(artifactId, user.uid);
      throw new ArtifactNotFound();
    }
    await this.contributorTotals.settle(artifact.adderUid);
    return { liked, likes };
  }

  /**
   * Sets the artifact's like count to its number of records, then reads both again and goes round
   * if either moved (a concurrent toggle): whichever request writes last also checks last. Null when
   * the artifact is gone.
   */
  async settleCount(artifactId: Types.ObjectId): Promise<number | null> {
    let count = 0;
    for (let round = 0; round < MAX_SETTLE_ROUNDS; round += 1) {
      count = await this.likes.countFor(artifactId);
      if (!(await this.artifacts.setLikes(artifactId, count))) return null;
      const [recount, stored] = await Promise.all([this.likes.countFor(artifactId), this.artifacts.likesOf(artifactId)]);
      if (stored === null) return null;
      if (recount === count && stored === count) return count;
    }
    return count;
  }

  /**
   * A member's liked artifacts, a page of them and their number. The liked list is a public list:
   * artifacts hidden by a moderation decision (docs/decisions/0012-moderation.md) are left out of
   * the page and of the count alike (issue 45: X-Total-Count counted them), for every member.
   */
  async likedBy(user: AuthUser, page: number, limit: number): Promise<{ items: Artifact[]; total: number }> {
    const { artifactIds, total } = await this.likes.pageForUser(user.uid, page, limit, await this.artifacts.hiddenIds());
    const docs = await this.artifacts.findManyByIds(artifactIds);
    const byId = new Map(docs.map((doc) => [doc._id.toHexString(), doc]));
    const items = artifactIds.flatMap((id) => {
      const doc = byId.get(id.toHexString());
      return doc ? [toArtifact(doc, user)] : [];
    });
    return { items, total };
  }
}
