import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { ArtifactRecordsModule } from '../artifacts/artifact-records.module';
import { AuthModule } from '../auth/auth.module';
import { ContributorsModule } from '../contributors/contributors.module';
import { MemberDataModule } from '../members/member-data.module';
import { COLLECTION_MODEL, collectionSchema } from './collection.schema';
import { CollectionsController } from './collections.controller';
import { CollectionsMemberData } from './collections-member-data';
import { CollectionsRepository } from './collections.repository';
import { CollectionsService } from './collections.service';

/** Members' collections of artifacts (docs/decisions/0014-collections.md). */
@Module({
  imports: [MongooseModule.forFeature([{ name: COLLECTION_MODEL, schema: collectionSchema }]), ArtifactRecordsModule, ContributorsModule, AuthModule, MemberDataModule],
  controllers: [CollectionsController],
  providers: [CollectionsRepository, CollectionsService, CollectionsMemberData],
  // The public read of a collection, for the modules that publish it in other forms (iiif).
  exports: [CollectionsService],
})
export class CollectionsModule {}
