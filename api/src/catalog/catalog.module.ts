import { Global, Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { ArtifactCatalog } from '../artifacts/artifact-catalog';
import { ArtifactRecordsModule } from '../artifacts/artifact-records.module';
import { CatalogService } from './catalog.service';
import { SnapshotStore } from './catalog-snapshot';
import { CatalogSnapshots, SNAPSHOT_CHUNK_MODEL, SNAPSHOT_MODEL, snapshotChunkSchema, snapshotSchema } from './catalog-snapshots';
import { ARTIFACT_CHANGE_MODEL, ArtifactChangeLog, artifactChangeSchema } from './change-log';

/**
 * The in-process catalog that serves the artifacts' lists (one instance per process), with its
 * change log and its snapshots. Global for the port it provides to the artifacts (ArtifactCatalog, which their module
 * cannot import from here without a loop: issue 30); the app module imports it, so that it follows
 * every write of the process whichever module makes it.
 */
@Global()
@Module({
  imports: [
    MongooseModule.forFeature([
      { name: ARTIFACT_CHANGE_MODEL, schema: artifactChangeSchema },
      { name: SNAPSHOT_MODEL, schema: snapshotSchema },
      { name: SNAPSHOT_CHUNK_MODEL, schema: snapshotChunkSchema },
    ]),
    ArtifactRecordsModule,
  ],
  providers: [
    ArtifactChangeLog,
    CatalogSnapshots,
    { provide: SnapshotStore, useExisting: CatalogSnapshots },
    CatalogService,
    { provide: ArtifactCatalog, useExisting: CatalogService },
  ],
  exports: [CatalogService, ArtifactCatalog],
})
export class CatalogModule {}
