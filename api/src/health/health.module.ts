import { Module } from '@nestjs/common';
import { ArtifactRecordsModule } from '../artifacts/artifact-records.module';
import { HealthController } from './health.controller';

@Module({ imports: [ArtifactRecordsModule], controllers: [HealthController] })
export class HealthModule {}
