import { Module } from '@nestjs/common';
import { ArtifactRecordsModule } from '../artifacts/artifact-records.module';
import { AuthModule } from '../auth/auth.module';
import { ContributorsModule } from '../contributors/contributors.module';
import { MemberDataModule } from '../members/member-data.module';
import { LikeRecordsModule } from './like-records.module';
import { LikesController } from './likes.controller';
import { LikesMemberData } from './likes-member-data';
import { LikesService } from './likes.service';

@Module({
  imports: [LikeRecordsModule, ArtifactRecordsModule, ContributorsModule, AuthModule, MemberDataModule],
  controllers: [LikesController],
  providers: [LikesService, LikesMemberData],
})
export class LikesModule {}
