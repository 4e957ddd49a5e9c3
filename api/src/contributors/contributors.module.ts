import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { ArtifactRecordsModule } from '../artifacts/artifact-records.module';
import { CONTRIBUTOR_MODEL, contributorSchema } from './contributor.schema';
import { ContributorNames } from './contributor-names';
import { ContributorTotals } from './contributor-totals';
import { ContributorsController } from './contributors.controller';
import { ContributorsRepository } from './contributors.repository';

/** Top Contributors: the contributors collection, its totals kept from the artifacts, the ranking. */
@Module({
  imports: [MongooseModule.forFeature([{ name: CONTRIBUTOR_MODEL, schema: contributorSchema }]), ArtifactRecordsModule],
  controllers: [ContributorsController],
  providers: [ContributorsRepository, ContributorTotals, ContributorNames],
  exports: [ContributorsRepository, ContributorTotals, ContributorNames],
})
export class ContributorsModule {}
