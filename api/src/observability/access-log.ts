import { createHash, randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import type { JsonLogger } from './json-logger';
import { httpDuration } from './metrics';

// What a request id may look like when a trusted proxy sends one (anything else is replaced).
const REQUEST_ID = /^[\w.:-]{1,128}$/;

/** A member id, hashed: a log line can follow one member without naming them. */
export function memberHash(uid: string): string {
  return createHash('sha256').update(uid).digest('hex').slice(0, 16);
}

/** True when the request's connection comes from a proxy TRUSTED_PROXY names (Express's 'trust proxy'). */
function fromTrustedProxy(request: Request): boolean {
  const trust = request.app.get('trust proxy fn') as ((address: string, hop: number) => boolean) | undefined;
  const peer = request.socket.remoteAddress;
  return Boolean(trust && peer && trust(peer, 0));
}

/**
 * Gives every request an id (the X-Request-Id of a trusted proxy's request, the one that connected
 * to the api, else a new one: a client that reaches the api directly cannot choose the id that ties
 * log lines together),
 * returns it in X-Request-Id, and when the answer is sent records its duration by route template
 * and, with a JSON logger, writes one access line: method, route template, status, duration and
 * the member's hashed id. Never the URL's query, a header, a token, an email or a body.
 */
export function accessLog({ logger }: { logger?: JsonLogger }) {
  return (request: Request, response: Response, next: NextFunction): void => {
    const started = process.hrtime.bigint();
    const offered = request.headers['x-request-id'];
    const id = typeof offered === 'string' && REQUEST_ID.test(offered) && fromTrustedProxy(request) ? offered : randomUUID();
    response.setHeader('X-Request-Id', id);
    response.on('finish', () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const route = request.route ? `${request.baseUrl}${String((request.route as { path: string }).path)}` : 'unmatched';
      httpDuration.observe({ method: request.method, route, status: String(response.statusCode) }, seconds);
      if (!logger) return;
      const user = (request as Request & { user?: { uid?: string } }).user;
      logger.access({
        requestId: id,
        method: request.method,
        route,
        status: response.statusCode,
        durationMs: Math.round(seconds * 10_000) / 10,
        ...(user?.uid ? { member: memberHash(user.uid) } : {}),
      });
    });
    next();
  };
}
