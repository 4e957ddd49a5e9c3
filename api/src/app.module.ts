import { DynamicModule, Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { ArtifactsModule } from './artifacts/artifacts.module';
import { CatalogModule } from './catalog/catalog.module';
import { CollectionsModule } from './collections/collections.module';
import { ContactModule } from './contact/contact.module';
import { ConfigModule } from './config/config.module';
import type { AppConfig } from './config/env';
import { ContributorsModule } from './contributors/contributors.module';
import { applyServerTimeLimit, operationTimeoutOptions } from './database/operation-timeout';
import { WriteLocksModule } from './database/write-locks.module';
import { HealthModule } from './health/health.module';
import { IiifModule } from './iiif/iiif.module';
import { observeDatabase } from './observability/database-metrics';
import { LikesModule } from './likes/likes.module';
import { MailModule } from './mail/mail.module';
import { MaintenanceModule } from './maintenance/maintenance.module';
import { MediaModule } from './media/media.module';
import { ModerationModule } from './moderation/moderation.module';
import { WriteSuspensionsModule } from './moderation/write-suspensions.module';
import { MembersModule } from './members/members.module';
import { OpenDataModule } from './open-data/open-data.module';
import { RateLimitsModule } from './rate-limits/rate-limits.module';
import { ReleasesModule } from './releases/releases.module';

@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        MongooseModule.forRoot(config.mongodbUri, {
          // Fail fast instead of queueing: a request made while the database is away answers 503
          // within the selection timeout; the driver reconnects by itself when it is back.
          bufferCommands: false,
          // One operation ends within DB_OPERATION_TIMEOUT_MS (a frozen database, a pathological
          // query): the per-stage timeouts here, the server's limit on the connection below.
          ...operationTimeoutOptions(config),
          onConnectionCreate: (connection) => {
            applyServerTimeLimit(connection, config.dbOperationTimeoutMs);
            observeDatabase(connection);
          },
          monitorCommands: true,
          retryAttempts: 3,
          retryDelay: 1000,
        }),
        WriteLocksModule,
        RateLimitsModule,
        WriteSuspensionsModule,
        MailModule,
        MediaModule,
        ArtifactsModule,
        CatalogModule,
        LikesModule,
        ContributorsModule,
        HealthModule,
        MaintenanceModule,
        ReleasesModule,
        ModerationModule,
        MembersModule,
        OpenDataModule,
        CollectionsModule,
        ContactModule,
        IiifModule,
      ],
    };
  }
}
