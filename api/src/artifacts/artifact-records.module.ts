import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { ArtifactChanges } from '../catalog/artifact-changes';
import { ARTIFACT_CHANGE_MODEL, ArtifactChangeLog, artifactChangeSchema } from '../catalog/change-log';
import { CatalogService } from '../catalog/catalog.service';
import { ARTIFACT_MODEL, artifactSchema } from './artifact.schema';
import { ArtifactsRepository } from './artifacts.repository';

/**
 * The artifacts collection and its only door, for every module that reads or writes artifacts, with
 * the in-process catalog that serves its lists (one instance of each per process).
 */
@Module({
  imports: [
    MongooseModule.forFeature([
      { name: ARTIFACT_MODEL, schema: artifactSchema },
      { name: ARTIFACT_CHANGE_MODEL, schema: artifactChangeSchema },
    ]),
  ],
  providers: [ArtifactsRepository, ArtifactChanges, ArtifactChangeLog, CatalogService],
  exports: [ArtifactsRepository, CatalogService],
})
export class ArtifactRecordsModule {}
