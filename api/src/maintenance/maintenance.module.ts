import { Module } from '@nestjs/common';
import { ArtifactRecordsModule } from '../artifacts/artifact-records.module';
import { ContributorsModule } from '../contributors/contributors.module';
import { LikeRecordsModule } from '../likes/like-records.module';
import { ReconcileService } from './reconcile.service';

@Module({ imports: [ArtifactRecordsModule, LikeRecordsModule, ContributorsModule], providers: [ReconcileService], exports: [ReconcileService] })
export class MaintenanceModule {}
