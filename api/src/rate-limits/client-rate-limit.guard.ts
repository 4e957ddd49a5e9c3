import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { RateLimits } from './rate-limits';

/**
 * Every request counts against its client's budget (signed in or not, reads too), by the client's
 * address as Express reads it: the connection's, or the one a trusted proxy reports (TRUSTED_PROXY).
 * Health probes are not counted: orchestrators call them constantly from one address.
 */
@Injectable()
export class ClientRateLimit implements CanActivate {
  constructor(private readonly limits: RateLimits) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<Request>();
    if (request.path.startsWith('/health')) return true;
    await this.limits.consume('client', clientOf(request));
    return true;
  }
}

export function clientOf(request: Request): string {
  return `ip:${request.ip ?? request.socket.remoteAddress ?? 'unknown'}`;
}
