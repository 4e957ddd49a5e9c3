import { Controller, Get, HttpStatus, Inject, Res } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { Connection } from 'mongoose';
import { CatalogService } from '../catalog/catalog.service';
import { errorBody } from '../common/errors';
import { APP_CONFIG, type AppConfig } from '../config/env';

const PING_TIMEOUT_MS = 2000;

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(
    @InjectConnection() private readonly connection: Connection,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly catalog: CatalogService,
  ) {}

  /** Liveness: the process answers; it says nothing about the database on purpose. */
  @Get()
  live() {
    return { status: 'ok' };
  }

  /**
   * Readiness: this instance can serve requests, which needs the database and the catalog loaded
   * (docs/decisions/0007). In production the answer says only ready or not: which dependency is
   * down is for the logs and metrics, not the public.
   */
  @Get('ready')
  async ready(@Res({ passthrough: true }) response: Response) {
    const up = await this.databaseAnswers();
    const catalog = this.catalog.ready;
    if (!up || !catalog) response.status(HttpStatus.SERVICE_UNAVAILABLE);
    if (this.config.production) return up && catalog ? { status: 'ok' } : { ...errorBody(503, 'Not ready'), status: 'unavailable' };
    if (up && catalog) return { status: 'ok', database: 'up', catalog: this.catalog.state, catalogSource: this.catalog.source };
    const message = up ? 'The catalog is loading' : 'The database is unavailable';
    return { ...errorBody(503, message), status: 'unavailable', database: up ? 'up' : 'down', catalog: this.catalog.state };
  }

  private async databaseAnswers(): Promise<boolean> {
    const db = this.connection.db;
    if (!db || this.connection.readyState !== 1) return false;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), PING_TIMEOUT_MS);
    });
    try {
      return await Promise.race([db.command({ ping: 1 }).then(() => true), timeout]);
    } catch {
      return false;
    } finally {
      clearTimeout(timer);
    }
  }
}
