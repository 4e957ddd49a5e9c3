import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { LIKE_MODEL, likeSchema } from './like.schema';
import { LikesRepository } from './likes.repository';

/** The like records and their only door (the artifacts module reads them for `liked` and deletes). */
@Module({
  imports: [MongooseModule.forFeature([{ name: LIKE_MODEL, schema: likeSchema }])],
  providers: [LikesRepository],
  exports: [LikesRepository],
})
export class LikeRecordsModule {}
