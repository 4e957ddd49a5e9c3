import { Controller, Get, HttpStatus, Res } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { Connection } from 'mongoose';
import { errorBody } from '../common/errors';

const PING_TIMEOUT_MS = 2000;

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(@InjectConnection() private readonly connection: Connection) {}

  /** Liveness: the process answers; it says nothing about the database on purpose. */
  @Get()
  live() {
    return { status: 'ok' };
  }

  /** Readiness: this instance can serve requests, which needs the database. */
  @Get('ready')
  async ready(@Res({ passthrough: true }) response: Response) {
    if (await this.databaseAnswers()) return { status: 'ok', database: 'up' };
    response.status(HttpStatus.SERVICE_UNAVAILABLE);
    return { ...errorBody(503, 'The database is unavailable'), status: 'unavailable', database: 'down' };
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
