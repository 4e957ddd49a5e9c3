import { Global, Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { ArtifactTotals } from '../contributors/artifact-totals';
import { ArtifactChanges } from './artifact-changes';
import { ARTIFACT_MODEL, artifactSchema } from './artifact.schema';
import { ArtifactsRepository } from './artifacts.repository';

/**
 * The artifacts collection and its only door, for every module that reads or writes artifacts, with
 * the feed of what each write changed (one instance of each per process): the catalog
 * (catalog/catalog.module.ts) listens to it. Global for the port it provides to the contributors
 * (ArtifactTotals, which their module cannot import from here without a loop: issue 30); the modules
 * that use the repository still import this one, to say so.
 */
@Global()
@Module({
  imports: [MongooseModule.forFeature([{ name: ARTIFACT_MODEL, schema: artifactSchema }])],
  providers: [ArtifactsRepository, ArtifactChanges, { provide: ArtifactTotals, useExisting: ArtifactsRepository }],
  exports: [ArtifactsRepository, ArtifactChanges, ArtifactTotals],
})
export class ArtifactRecordsModule {}
