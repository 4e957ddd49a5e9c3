import { Module } from '@nestjs/common';
import { ArtifactRecordsModule } from '../artifacts/artifact-records.module';
import { OpenDataController } from './open-data.controller';

@Module({
  imports: [ArtifactRecordsModule],
  controllers: [OpenDataController],
})
export class OpenDataModule {}
