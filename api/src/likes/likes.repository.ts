import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model, Types } from 'mongoose';
import type { ArtifactLikes } from '../artifacts/artifact-likes';
import { isDuplicateKey } from '../database/duplicate-key';
import { noOperationTimeout } from '../database/operation-timeout';
import { likeIdOf } from './like-id';
import { LIKE_MODEL, type LikeDoc } from './like.schema';


/** The only code that reads or writes the likes collection (the artifacts' ArtifactLikes too). */
@Injectable()
export class LikesRepository implements ArtifactLikes {
  /**
   * Whether every like record has its own id (like-id.ts), as this process's start-up
   * reconciliation found: then a lookup whose id finds nothing stops there, instead of looking the
   * record up by its fields (every like read on FerretDB's SQLite handler). No code writes a record
   * without its id, so what the reconciliation found stays true.
   */
  private allKeyed = false;

  constructor(@InjectModel(LIKE_MODEL) private readonly model: Model<LikeDoc>) {}

  /** Said by the start-up reconciliation when it found no like record without its own id. */
  markAllKeyed(): void {
    this.allKeyed = true;
  }

  /** True when this call created the like; false when the user already liked the artifact. */
  async add(artifactId: Types.ObjectId, uid: string): Promise<boolean> {
    try {
      await this.model.create({ _id: likeIdOf(artifactId, uid), artifactId, uid, likedAt: new Date() });
      return true;
    } catch (error) {
      if (isDuplicateKey(error)) return false;
      throw error;
    }
  }

  /** True when this call removed the like. */
  async remove(artifactId: Types.ObjectId, uid: string): Promise<boolean> {
    const keyed = await this.model.deleteOne({ _id: likeIdOf(artifactId, uid) }).exec();
    if (keyed.deletedCount === 1) return true;
    if (this.allKeyed) return false;
    // A record written before likes had their own ids (like-id.ts), or none at all.
    const result = await this.model.deleteOne({ artifactId, uid }).exec();
    return result.deletedCount === 1;
  }

  async exists(artifactId: Types.ObjectId, uid: string): Promise<boolean> {
    if ((await this.model.exists({ _id: likeIdOf(artifactId, uid) }).exec()) !== null) return true;
    if (this.allKeyed) return false;
    return (await this.model.exists({ artifactId, uid }).exec()) !== null;
  }

  countFor(artifactId: Types.ObjectId): Promise<number> {
    return this.model.countDocuments({ artifactId }).exec();
  }

  /** Removes one artifact's likes, in the background of its delete (like-removals.ts): without the per-operation bound. */
  async removeAllFor(artifactId: Types.ObjectId): Promise<number> {
    const result = await this.model.deleteMany({ artifactId }, noOperationTimeout()).exec();
    return result.deletedCount;
  }

  /** One page of a member's likes, newest first, and their number, both without the likes of `leftOut`. */
  async pageForUser(uid: string, page: number, limit: number, leftOut: readonly Types.ObjectId[] = []) {
    const filter = leftOut.length > 0 ? { uid, artifactId: { $nin: leftOut } } : { uid };
    const [likes, total] = await Promise.all([
      this.model
        .find(filter, { artifactId: 1 })
        .sort({ likedAt: -1, _id: -1 })
        .skip((page - 1) * limit)
        .limit(limit)
        .lean<{ artifactId: Types.ObjectId }[]>()
        .exec(),
      this.model.countDocuments(filter).exec(),
    ]);
    return { artifactIds: likes.map((like) => like.artifactId), total };
  }

  /** A member's likes, oldest first, streamed (their export). */
  scanForUser(uid: string): AsyncIterable<{ artifactId: Types.ObjectId; likedAt: Date }> {
    return this.model.find({ uid }, { _id: 0, artifactId: 1, likedAt: 1 }).sort({ likedAt: 1, _id: 1 }).lean().cursor() as AsyncIterable<{
      artifactId: Types.ObjectId;
      likedAt: Date;
    }>;
  }

  /** Up to `limit` artifact ids the member likes (removing their likes batch by batch). */
  async artifactIdsLikedBy(uid: string, limit: number): Promise<Types.ObjectId[]> {
    const docs = await this.model.find({ uid }, { artifactId: 1 }).limit(limit).lean<{ artifactId: Types.ObjectId }[]>().exec();
    return docs.map((doc) => doc.artifactId);
  }

  // The next two serve the start-up reconciliation only: maintenance whose work grows with the
  // collection, so they run without the per-operation bound (database/operation-timeout.ts).

  /**
   * Like records per artifact id (hex), and how many records lack their own id (like-id.ts), from
   * one streamed read: FerretDB 1.24 runs `$group` in its own process over the same documents.
   */
  async countsByArtifact(): Promise<{ counts: Map<string, number>; unkeyed: number }> {
    const counts = new Map<string, number>();
    let unkeyed = 0;
    type Keys = { _id: Types.ObjectId; artifactId: Types.ObjectId; uid: string };
    const records = this.model.find({}, { artifactId: 1, uid: 1 }).setOptions(noOperationTimeout()).lean<Keys[]>().cursor() as AsyncIterable<Keys>;
    for await (const record of records) {
      const id = record.artifactId.toHexString();
      counts.set(id, (counts.get(id) ?? 0) + 1);
      if (!likeIdOf(record.artifactId, record.uid).equals(record._id)) unkeyed += 1;
    }
    return { counts, unkeyed };
  }

  async removeForArtifacts(artifactIds: readonly Types.ObjectId[]): Promise<number> {
    if (artifactIds.length === 0) return 0;
    const result = await this.model.deleteMany({ artifactId: { $in: artifactIds } }, noOperationTimeout()).exec();
    return result.deletedCount;
  }
}
