import { Module } from '@nestjs/common';
import { ArtifactRecordsModule } from '../artifacts/artifact-records.module';
import { AuthModule } from '../auth/auth.module';
import { ContributorsModule } from '../contributors/contributors.module';
import { LikeRecordsModule } from './like-records.module';
import { LikesController } from './likes.controller';
import { LikesService } from './likes.service';

@Module({
  imports: [LikeRecordsModule, ArtifactRecordsModule, ContributorsModule, AuthModule],
  controllers: [LikesController],
  providers: [LikesService],
})
export class LikesModule {}
