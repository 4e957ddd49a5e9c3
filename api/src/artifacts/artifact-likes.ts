import type { Types } from 'mongoose';

/**
 * The like records as the artifacts' writes and details ask them: whether a member likes an
 * artifact, and removing the likes of artifacts that go. The likes (api/src/likes) count and
 * list artifacts through this folder and provide this port from their global records module
 * (like-records.module.ts, as LikesRepository): an abstract class owned here, so that artifacts
 * imports nothing of the likes (issue 30).
 */
export abstract class ArtifactLikes {
  abstract exists(artifactId: Types.ObjectId, uid: string): Promise<boolean>;
  /** Removes these artifacts' likes, without the per-operation bound (a member's erasure); the number removed. */
  abstract removeForArtifacts(artifactIds: readonly Types.ObjectId[]): Promise<number>;
}

/** Removing a deleted artifact's likes (provided by the likes' LikeRemovals, as ArtifactLikes is). */
export abstract class ArtifactLikeRemovals {
  /** From when this resolves no liked list counts the artifact's likes; their records go in the background. */
  abstract removeAllFor(artifactId: Types.ObjectId): Promise<void>;
}
