import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { AuthModule } from '../auth/auth.module';
import { KnownReleases } from './known-releases';
import { RELEASE_AUDIT_MODEL, releaseAuditSchema } from './release-audit.schema';
import { ReleaseLocks } from './release-lock';
import { RELEASE_ROUTE_MODEL, releaseRouteSchema } from './release-route.schema';
import { RELEASE_STATS_MODEL, releaseStatsSchema } from './release-stats.schema';
import { ReleaseStatsRepository } from './release-stats.repository';
import { ReleaseStatusService } from './release-status.service';
import { ReleaseTelemetryService } from './release-telemetry.service';
import { RELEASE_MODEL, releaseSchema } from './release.schema';
import { ReleasesController } from './releases.controller';
import { ReleasesRepository } from './releases.repository';
import { ReleasesService } from './releases.service';
import { RoutingService } from './routing.service';
import { StatsWriter } from './stats-writer';
import { TelemetryClaimsRepository } from './telemetry-claims.repository';
import { TELEMETRY_CLAIM_MODEL, telemetryClaimSchema } from './telemetry-claims.schema';
import { TelemetryTickets } from './telemetry-tickets';

/**
 * The release registry of the remotes (GitHub issue #13, docs/api.md "Releases"): what the shell
 * loads for each remote, canaries and rollbacks, and the telemetry that judges a canary.
 */
@Module({
  imports: [
    MongooseModule.forFeature([
      { name: RELEASE_MODEL, schema: releaseSchema },
      { name: RELEASE_ROUTE_MODEL, schema: releaseRouteSchema },
      { name: RELEASE_AUDIT_MODEL, schema: releaseAuditSchema },
      { name: RELEASE_STATS_MODEL, schema: releaseStatsSchema },
      { name: TELEMETRY_CLAIM_MODEL, schema: telemetryClaimSchema },
    ]),
    AuthModule,
  ],
  controllers: [ReleasesController],
  providers: [
    ReleasesRepository,
    ReleaseStatsRepository,
    ReleaseLocks,
    StatsWriter,
    KnownReleases,
    RoutingService,
    ReleasesService,
    ReleaseStatusService,
    ReleaseTelemetryService,
    TelemetryTickets,
    TelemetryClaimsRepository,
  ],
})
export class ReleasesModule {}
