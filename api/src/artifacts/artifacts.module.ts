import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { ContributorsModule } from '../contributors/contributors.module';
import { LikeRecordsModule } from '../likes/like-records.module';
import { MemberDataModule } from '../members/member-data.module';
import { ArtifactRecordsModule } from './artifact-records.module';
import { ArtifactsController } from './artifacts.controller';
import { ArtifactsMemberData } from './artifacts-member-data';
import { ArtifactsService } from './artifacts.service';
import { RelatedArtifacts } from './related-artifacts';

@Module({
  imports: [ArtifactRecordsModule, LikeRecordsModule, ContributorsModule, AuthModule, MemberDataModule],
  controllers: [ArtifactsController],
  providers: [ArtifactsService, ArtifactsMemberData, RelatedArtifacts],
})
export class ArtifactsModule {}
