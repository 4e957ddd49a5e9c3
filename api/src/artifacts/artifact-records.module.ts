import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { ARTIFACT_MODEL, artifactSchema } from './artifact.schema';
import { ArtifactsRepository } from './artifacts.repository';

/** The artifacts collection and its only door, for every module that reads or writes artifacts. */
@Module({
  imports: [MongooseModule.forFeature([{ name: ARTIFACT_MODEL, schema: artifactSchema }])],
  providers: [ArtifactsRepository],
  exports: [ArtifactsRepository],
})
export class ArtifactRecordsModule {}
