import { Injectable } from '@nestjs/common';
import type { Types } from 'mongoose';
import type { Artifact, ToggleLikeResponse } from '@antiquarium/contracts';
import { ArtifactsRepository } from '../artifacts/artifacts.repository';
import { mayDisplayHidden, toArtifact } from '../artifacts/to-artifact';
import type { AuthUser } from '../auth/auth-user';
import { ArtifactNotFound } from '../common/errors';
import { ContributorTotals } from '../contributors/contributor-totals';
import { lockKeys, WriteLocks } from '../database/write-locks';
import { LikeRemovals } from './like-removals';
import { LikesRepository } from './likes.repository';

/** How long a recount may hold the artifact's lock. */
const RECOUNT_HOLD_MS = 60_000;

@Injectable()
export class LikesService {
  constructor(
    private readonly likes: LikesRepository,
    private readonly removals: LikeRemovals,
    private readonly artifacts: ArtifactsRepository,
    private readonly contributorTotals: ContributorTotals,
    private readonly locks: WriteLocks,
  ) {}

  /**
   * One toggle, under the artifact's write lock: the like record decides (creating it, unique per
   * user and artifact, means "liked"; finding it there means "unlike" and removes it), and the
   * artifact's count moves by what the record did, read and written by `_id`; then the adder's
   * totals move the same way, under the adder's lock taken first (docs/decisions/0043-writes-by-id.md).
   * No transactions, no `$inc`: FerretDB loses concurrent increments, and the locks order them.
   */
  async toggle(artifactId: Types.ObjectId, user: AuthUser): Promise<ToggleLikeResponse> {
    const artifact = await this.artifacts.findById(artifactId);
    // A hidden artifact (docs/decisions/0012-moderation.md) cannot be liked by those who cannot see it.
    if (!artifact || (artifact.moderation && !mayDisplayHidden(artifact, user))) throw new ArtifactNotFound();

    // Under the adder's lock, then the artifact's: a settle of the adder's totals (a member's rights)
    // cannot count this like and then see its move too (contributor-totals.ts `changing`).
    const { liked, likes } = await this.contributorTotals.changing(artifact.adderUid, async () => {
      const result = await this.locks.holding(lockKeys.artifact(artifactId.toHexString()), async () => {
        const liked = await this.likes.add(artifactId, user.uid);
        // Already liked: unlike. If a concurrent toggle of the same user removed it first, the like
        // is gone either way and the count stays.
        const change = liked ? 1 : (await this.likes.remove(artifactId, user.uid)) ? -1 : 0;
        const stored = await this.artifacts.likesOf(artifactId);
        const likes = Math.max(0, (stored ?? 0) + change);
        if (stored === null || (change !== 0 && !(await this.artifacts.setLikes(artifactId, likes)))) {
          // Deleted while we toggled: take the like back so no record outlives its artifact.
          if (liked) await this.likes.remove(artifactId, user.uid);
          throw new ArtifactNotFound();
        }
        return { liked, likes, change };
      });
      return { result, change: { likes: result.change } };
    });
    return { liked, likes };
  }

  /**
   * Sets the artifact's like count to its number of records (a member's rights removing their likes),
   * under the artifact's write lock. Null when the artifact is gone.
   */
  async settleCount(artifactId: Types.ObjectId): Promise<number | null> {
    return this.locks.holding(
      lockKeys.artifact(artifactId.toHexString()),
      async () => {
        const count = await this.likes.countFor(artifactId);
        return (await this.artifacts.setLikes(artifactId, count)) ? count : null;
      },
      // Counting reads every like on FerretDB's SQLite handler (seconds at 100 000 artifacts).
      { holdMs: RECOUNT_HOLD_MS },
    );
  }

  /**
   * A member's liked artifacts, a page of them and their number. The liked list is a public list:
   * artifacts hidden by a moderation decision (docs/decisions/0012-moderation.md) are left out of
   * the page and of the count alike (issue 45: X-Total-Count counted them), for every member; so
   * are deleted artifacts whose like records are still being removed (like-removals.ts).
   */
  async likedBy(user: AuthUser, page: number, limit: number): Promise<{ items: Artifact[]; total: number }> {
    const [hidden, removing] = await Promise.all([this.artifacts.hiddenIds(), this.removals.pendingIds()]);
    const { artifactIds, total } = await this.likes.pageForUser(user.uid, page, limit, [...hidden, ...removing]);
    const docs = await this.artifacts.findManyByIds(artifactIds);
    const byId = new Map(docs.map((doc) => [doc._id.toHexString(), doc]));
    const items = artifactIds.flatMap((id) => {
      const doc = byId.get(id.toHexString());
      return doc ? [toArtifact(doc, user)] : [];
    });
    return { items, total };
  }
}
