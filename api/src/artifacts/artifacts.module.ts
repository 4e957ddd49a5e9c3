import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { ContributorsModule } from '../contributors/contributors.module';
import { MemberDataModule } from '../members/member-data.module';
import { ArtifactRecordsModule } from './artifact-records.module';
import { ArtifactsController } from './artifacts.controller';
import { ArtifactsMemberData } from './artifacts-member-data';
import { ArtifactsService } from './artifacts.service';
import { RelatedArtifacts } from './related-artifacts';

/**
 * The artifacts' routes. What they ask of the modules above them comes through ports owned here and
 * provided by those modules' global modules: ArtifactCatalog (catalog/catalog.module.ts) and
 * ArtifactLikes (likes/like-records.module.ts), so that artifacts imports neither (issue 30).
 */
@Module({
  imports: [ArtifactRecordsModule, ContributorsModule, AuthModule, MemberDataModule],
  controllers: [ArtifactsController],
  providers: [ArtifactsService, ArtifactsMemberData, RelatedArtifacts],
  // The public read of an artifact, for the modules that publish it in other forms (iiif).
  exports: [ArtifactsService],
})
export class ArtifactsModule {}
