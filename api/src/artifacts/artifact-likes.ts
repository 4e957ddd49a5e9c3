import type { Types } from 'mongoose';

/**
 * The like records as the artifacts' writes and details ask them: whether a member likes an
 * artifact, and removing an artifact's likes when it goes. The likes (api/src/likes) count and
 * list artifacts through this folder and provide this port from their global records module
 * (like-records.module.ts, as LikesRepository): an abstract class owned here, so that artifacts
 * imports nothing of the likes (issue 30).
 */
export abstract class ArtifactLikes {
  abstract exists(artifactId: Types.ObjectId, uid: string): Promise<boolean>;
  /** Removes one artifact's likes (a delete); the number removed. */
  abstract removeAllFor(artifactId: Types.ObjectId): Promise<number>;
  /** Removes these artifacts' likes, without the per-operation bound (a member's erasure); the number removed. */
  abstract removeForArtifacts(artifactIds: readonly Types.ObjectId[]): Promise<number>;
}
