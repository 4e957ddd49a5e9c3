import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { ContributorsModule } from '../contributors/contributors.module';
import { LikeRecordsModule } from '../likes/like-records.module';
import { ArtifactRecordsModule } from './artifact-records.module';
import { ArtifactsController } from './artifacts.controller';
import { ArtifactsService } from './artifacts.service';

@Module({
  imports: [ArtifactRecordsModule, LikeRecordsModule, ContributorsModule, AuthModule],
  controllers: [ArtifactsController],
  providers: [ArtifactsService],
})
export class ArtifactsModule {}
