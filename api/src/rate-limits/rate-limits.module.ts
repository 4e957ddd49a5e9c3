import { Global, Module } from '@nestjs/common';
import { RateLimits } from './rate-limits';

/**
 * Abuse control: the client budget of every request (client-budget.ts, an express middleware that
 * http.ts installs) and the budgets of the auth guards (writes, failed auth).
 */
@Global()
@Module({
  providers: [RateLimits],
  exports: [RateLimits],
})
export class RateLimitsModule {}
