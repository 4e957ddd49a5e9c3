import { Global, Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { ArtifactLikeRemovals, ArtifactLikes } from '../artifacts/artifact-likes';
import { LIKE_REMOVAL_MODEL, likeRemovalSchema } from './like-removal.schema';
import { LikeRemovals } from './like-removals';
import { LIKE_MODEL, likeSchema } from './like.schema';
import { LikesRepository } from './likes.repository';

/**
 * The like records and their only door. Global for the port it provides to the artifacts
 * (ArtifactLikes: `liked` on the details and a member's erasure; ArtifactLikeRemovals: the likes
 * removed after their artifact's delete), which their
 * module cannot import from here without a loop (issue 30); the modules that use the repository
 * still import this one, to say so.
 */
@Global()
@Module({
  imports: [
    MongooseModule.forFeature([
      { name: LIKE_MODEL, schema: likeSchema },
      { name: LIKE_REMOVAL_MODEL, schema: likeRemovalSchema },
    ]),
  ],
  providers: [LikesRepository, LikeRemovals, { provide: ArtifactLikes, useExisting: LikesRepository }, { provide: ArtifactLikeRemovals, useExisting: LikeRemovals }],
  exports: [LikesRepository, LikeRemovals, ArtifactLikes, ArtifactLikeRemovals],
})
export class LikeRecordsModule {}
