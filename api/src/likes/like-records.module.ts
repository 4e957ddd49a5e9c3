import { Global, Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { ArtifactLikes } from '../artifacts/artifact-likes';
import { LIKE_MODEL, likeSchema } from './like.schema';
import { LikesRepository } from './likes.repository';

/**
 * The like records and their only door. Global for the port it provides to the artifacts
 * (ArtifactLikes: `liked` on the details, and the likes removed with their artifacts), which their
 * module cannot import from here without a loop (issue 30); the modules that use the repository
 * still import this one, to say so.
 */
@Global()
@Module({
  imports: [MongooseModule.forFeature([{ name: LIKE_MODEL, schema: likeSchema }])],
  providers: [LikesRepository, { provide: ArtifactLikes, useExisting: LikesRepository }],
  exports: [LikesRepository, ArtifactLikes],
})
export class LikeRecordsModule {}
