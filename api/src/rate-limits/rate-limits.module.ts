import { Global, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { ClientRateLimit } from './client-rate-limit.guard';
import { RateLimits } from './rate-limits';

/** Abuse control for every route (the client budget) and for the auth guards (writes, failed auth). */
@Global()
@Module({
  providers: [RateLimits, { provide: APP_GUARD, useClass: ClientRateLimit }],
  exports: [RateLimits],
})
export class RateLimitsModule {}
