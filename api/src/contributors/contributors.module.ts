import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { ArtifactRecordsModule } from '../artifacts/artifact-records.module';
import { MemberDataModule } from '../members/member-data.module';
import { CONTRIBUTOR_MODEL, contributorSchema } from './contributor.schema';
import { ContributorNames } from './contributor-names';
import { ContributorTotals } from './contributor-totals';
import { ContributorsController } from './contributors.controller';
import { ContributorsMemberData } from './contributors-member-data';
import { ContributorsRepository } from './contributors.repository';

/** Top Contributors: the contributors collection, its totals kept from the artifacts, the ranking. */
@Module({
  imports: [MongooseModule.forFeature([{ name: CONTRIBUTOR_MODEL, schema: contributorSchema }]), ArtifactRecordsModule, MemberDataModule],
  controllers: [ContributorsController],
  providers: [ContributorsRepository, ContributorTotals, ContributorNames, ContributorsMemberData],
  exports: [ContributorsRepository, ContributorTotals, ContributorNames],
})
export class ContributorsModule {}
