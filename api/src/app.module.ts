import { DynamicModule, Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { ThrottlerModule } from '@nestjs/throttler';
import { ArtifactsModule } from './artifacts/artifacts.module';
import { ConfigModule } from './config/config.module';
import type { AppConfig } from './config/env';
import { ContributorsModule } from './contributors/contributors.module';
import { HealthModule } from './health/health.module';
import { LikesModule } from './likes/likes.module';
import { MaintenanceModule } from './maintenance/maintenance.module';

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
          serverSelectionTimeoutMS: config.dbTimeoutMs,
          connectTimeoutMS: config.dbTimeoutMs,
          socketTimeoutMS: 30_000,
          retryAttempts: 3,
          retryDelay: 1000,
        }),
        ThrottlerModule.forRoot({ throttlers: [{ name: 'writes', ttl: config.writeRateWindowMs, limit: config.writeRateLimit }] }),
        ArtifactsModule,
        LikesModule,
        ContributorsModule,
        HealthModule,
        MaintenanceModule,
      ],
    };
  }
}
