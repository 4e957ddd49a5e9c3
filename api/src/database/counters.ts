import { Injectable } from '@nestjs/common';
import type { Types } from 'mongoose';
import { ArtifactsRepository } from '../artifacts/artifacts.repository';
import { ContributorsRepository } from '../contributors/contributors.repository';
import { LikesRepository } from '../likes/likes.repository';

const MAX_ROUNDS = 8;

/**
 * Keeps the counters (an artifact's likes, an adder's totals) equal to the records they count.
 *
 * FerretDB applies `$inc` as read-modify-write, so concurrent increments lose updates (the api
 * suite's concurrent toggle test caught it). Instead, every change recounts from the records and
 * sets the counter, then reads both again: if another request changed the records or wrote an
 * older count in between, it goes round again. Whichever request writes last also checks last, so
 * the counter ends equal to its records (docs/decisions/0002-likes-without-transactions.md).
 */
@Injectable()
export class Counters {
  constructor(
    private readonly artifacts: ArtifactsRepository,
    private readonly likes: LikesRepository,
    private readonly contributors: ContributorsRepository,
  ) {}

  /** The settled like count, or null when the artifact is gone. */
  async settleLikes(artifactId: Types.ObjectId): Promise<number | null> {
    let count = 0;
    for (let round = 0; round < MAX_ROUNDS; round += 1) {
      count = await this.likes.countFor(artifactId);
      if (!(await this.artifacts.setLikes(artifactId, count))) return null;
      const [recount, stored] = await Promise.all([this.likes.countFor(artifactId), this.artifacts.likesOf(artifactId)]);
      if (stored === null) return null;
      if (recount === count && stored === count) return count;
    }
    return count;
  }

  async settleContributor(uid: string, name?: string): Promise<void> {
    for (let round = 0; round < MAX_ROUNDS; round += 1) {
      const totals = await this.artifacts.totalsFor(uid);
      await this.contributors.set(uid, { ...totals, name: round === 0 ? name : undefined });
      const [again, stored] = await Promise.all([this.artifacts.totalsFor(uid), this.contributors.totalsOf(uid)]);
      if (stored && again.artifacts === totals.artifacts && again.likes === totals.likes && stored.artifacts === totals.artifacts && stored.likes === totals.likes) {
        return;
      }
    }
  }
}
