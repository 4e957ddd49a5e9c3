import { Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model, Types } from 'mongoose';
import { ArtifactLikeRemovals } from '../artifacts/artifact-likes';
import { noOperationTimeout } from '../database/operation-timeout';
import { LIKE_REMOVAL_MODEL, type LikeRemovalDoc } from './like-removal.schema';
import { LikesRepository } from './likes.repository';

/**
 * Removes a deleted artifact's like records after the delete has answered. Finding them by their
 * artifact reads every like on FerretDB's SQLite handler (seconds at 100 000 artifacts), so the
 * delete records the removal (`like_removals`, by `_id`) and answers; the liked lists leave out the
 * artifacts listed there until their records are gone, and a removal cut short by a crash is
 * finished by the start-up reconciliation, which removes every like whose artifact is missing and
 * then the entries written before it counted (docs/decisions/0044-likes-removed-after-the-delete.md).
 */
@Injectable()
export class LikeRemovals extends ArtifactLikeRemovals implements OnApplicationShutdown {
  private readonly logger = new Logger('LikeRemovals');
  private readonly running = new Set<Promise<void>>();

  constructor(
    @InjectModel(LIKE_REMOVAL_MODEL) private readonly model: Model<LikeRemovalDoc>,
    private readonly likes: LikesRepository,
  ) {
    super();
  }

  async removeAllFor(artifactId: Types.ObjectId): Promise<void> {
    await this.model.updateOne({ _id: artifactId }, { $set: { since: new Date() } }, { upsert: true }).exec();
    const removal = this.remove(artifactId).finally(() => this.running.delete(removal));
    this.running.add(removal);
  }

  /** The artifacts whose likes are being removed (a handful at most: each entry lives seconds). */
  async pendingIds(): Promise<Types.ObjectId[]> {
    const docs = await this.model.find({}, { _id: 1 }).lean<{ _id: Types.ObjectId }[]>().exec();
    return docs.map((doc) => doc._id);
  }

  /** Forgets the removals recorded before `time` (the reconciliation removed what they left). */
  async clearBefore(time: Date): Promise<number> {
    const result = await this.model.deleteMany({ since: { $lt: time } }, noOperationTimeout()).exec();
    return result.deletedCount;
  }

  /** The removals under way, finished before the database connection closes. */
  async onApplicationShutdown(): Promise<void> {
    await Promise.allSettled([...this.running]);
  }

  private async remove(artifactId: Types.ObjectId): Promise<void> {
    try {
      await this.likes.removeAllFor(artifactId);
      await this.model.deleteOne({ _id: artifactId }).exec();
    } catch (error) {
      // The entry stays: the lists keep leaving the artifact out, and the next start finishes it.
      this.logger.warn(`the likes of ${artifactId.toHexString()} were not removed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}
