import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { ARTIFACT_MODEL, artifactSchema } from '../artifacts/artifact.schema';
import { ArtifactsRepository } from '../artifacts/artifacts.repository';
import { CONTRIBUTOR_MODEL, contributorSchema } from '../contributors/contributor.schema';
import { ContributorsRepository } from '../contributors/contributors.repository';
import { LIKE_MODEL, likeSchema } from '../likes/like.schema';
import { LikesRepository } from '../likes/likes.repository';
import { Counters } from './counters';

/** The models and their repositories, shared by the feature modules (no feature imports another). */
@Module({
  imports: [
    MongooseModule.forFeature([
      { name: ARTIFACT_MODEL, schema: artifactSchema },
      { name: LIKE_MODEL, schema: likeSchema },
      { name: CONTRIBUTOR_MODEL, schema: contributorSchema },
    ]),
  ],
  providers: [ArtifactsRepository, LikesRepository, ContributorsRepository, Counters],
  exports: [ArtifactsRepository, LikesRepository, ContributorsRepository, Counters],
})
export class DatabaseModule {}
