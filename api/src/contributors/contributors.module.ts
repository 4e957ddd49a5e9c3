import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { MemberDataModule } from '../members/member-data.module';
import { CONTRIBUTOR_MODEL, contributorSchema } from './contributor.schema';
import { ContributorNames } from './contributor-names';
import { ContributorTotals } from './contributor-totals';
import { ContributorsController } from './contributors.controller';
import { ContributorsMemberData } from './contributors-member-data';
import { ContributorsRepository } from './contributors.repository';

/**
 * Top Contributors: the contributors collection, its totals kept from the artifacts, the ranking.
 * The totals are read through ArtifactTotals (artifact-totals.ts), which the artifacts' global
 * records module provides: contributors imports nothing of the artifacts (issue 30).
 */
@Module({
  imports: [MongooseModule.forFeature([{ name: CONTRIBUTOR_MODEL, schema: contributorSchema }]), MemberDataModule],
  controllers: [ContributorsController],
  providers: [ContributorsRepository, ContributorTotals, ContributorNames, ContributorsMemberData],
  exports: [ContributorsRepository, ContributorTotals, ContributorNames],
})
export class ContributorsModule {}
