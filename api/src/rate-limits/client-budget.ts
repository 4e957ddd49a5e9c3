import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { TooManyRequests, toErrorBody } from '../common/errors';
import type { RateLimits } from './rate-limits';

/** The client as the budgets know it: the connection's address, or the one a trusted proxy reports (TRUSTED_PROXY). */
export function clientOf(request: Request): string {
  return `ip:${request.ip ?? request.socket.remoteAddress ?? 'unknown'}`;
}

// Exactly the probes' paths: any other path under /health is a 404 like any other, and counted.
const HEALTH_PROBES = new Set(['/health', '/health/', '/health/ready', '/health/ready/']);

/**
 * Every request counts against its client's budget, signed in or not: reads, writes, CORS
 * preflights, `/media` files and paths that lead nowhere (404) alike, so no kind of request is a
 * free way to keep the api busy. An express middleware, not a Nest guard: guards run only for the
 * routes Nest knows, after the preflights and the media have been answered.
 * Health probes are not counted: orchestrators call them constantly from one address.
 */
export function clientBudget(limits: RateLimits): RequestHandler {
  return (request: Request, response: Response, next: NextFunction) => {
    if (HEALTH_PROBES.has(request.path)) return next();
    limits.consume('client', clientOf(request)).then(
      () => next(),
      (error: unknown) => {
        if (!(error instanceof TooManyRequests)) return next(error);
        const body = toErrorBody(error);
        response.setHeader('Retry-After', String(error.retryAfterSeconds));
        response.status(body.statusCode).json(body);
      },
    );
  };
}
