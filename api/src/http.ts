import { type INestApplication } from '@nestjs/common';
import type { CorsOptions } from '@nestjs/common/interfaces/external/cors-options.interface';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import type { NestExpressApplication } from '@nestjs/platform-express';
import express, { type NextFunction, type Request, type Response } from 'express';
import helmet from 'helmet';
import { PAGE_HEADERS, TELEMETRY_TICKET_HEADER } from '@antiquarium/contracts';
import { AllExceptionsFilter } from './common/all-exceptions.filter';
import { toErrorBody } from './common/errors';
import type { AppConfig } from './config/env';
import { accessLog } from './observability/access-log';
import type { JsonLogger } from './observability/json-logger';
import { clientBudget } from './rate-limits/client-budget';
import { RateLimits } from './rate-limits/rate-limits';
import { TELEMETRY_PATH, telemetryBodyParser } from './releases/telemetry-body';

/** Paths any site may read (an `Access-Control-Allow-Origin: *` answer, errors included). */
const OPEN_READ_PATH = /^\/iiif\//;
const TUS_REQUEST_HEADERS = ['Tus-Resumable', 'Upload-Length', 'Upload-Metadata', 'Upload-Offset', 'X-HTTP-Method-Override'];
const TUS_RESPONSE_HEADERS = ['Location', 'Tus-Resumable', 'Upload-Offset', 'Upload-Length', 'Upload-Expires', 'Tus-Version', 'Tus-Max-Size', 'Tus-Extension'];

/** Everything about the HTTP surface that is not a route: parsers, headers, CORS, docs. */
export function configureHttp(app: NestExpressApplication, config: AppConfig, logger?: JsonLogger): void {
  app.disable('x-powered-by');
  // Who the client is (rate limits, logs): the connection's address unless a trusted proxy says.
  app.set('trust proxy', config.trustedProxy);
  app.use(accessLog({ logger }));
  app.set('query parser', 'simple');
  app.use(
    helmet({
      // The api is read from the site's other origins (images included).
      crossOriginResourcePolicy: { policy: 'cross-origin' },
      // The docs explorer needs its own scripts; JSON answers get a deny-all policy below.
      contentSecurityPolicy: false,
    }),
  );
  app.use((request: Request, response: Response, next: NextFunction) => {
    if (!request.path.startsWith('/docs')) {
      response.setHeader('Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'");
    }
    next();
  });
  const siteCors: CorsOptions = {
    origin: config.corsOrigins,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    // The tus protocol's own headers (photo uploads, media/uploads.controller.ts).
    allowedHeaders: ['Authorization', 'Content-Type', ...TUS_REQUEST_HEADERS],
    // The routing's telemetry ticket (releases/telemetry-ticket.ts) is read by the shell's code.
    // Content-Disposition: the file name of a member's data export (GET /me/export), read by the page.
    exposedHeaders: [...Object.values(PAGE_HEADERS), 'Link', TELEMETRY_TICKET_HEADER, 'Content-Disposition', ...TUS_RESPONSE_HEADERS],
    maxAge: 600,
    // The CORS headers are set on every answer (a 429 included, so pages can read it), and a
    // preflight is answered below, once it has been counted.
    preflightContinue: true,
  };
  // IIIF (docs/decisions/0023-iiif.md) is read by viewers on any site: public reads, no credentials.
  const openReadCors: CorsOptions = { origin: '*', methods: ['GET', 'HEAD', 'OPTIONS'], exposedHeaders: ['Link'], maxAge: 600, preflightContinue: true };
  app.enableCors((request: Request, callback: (error: Error | null, options: CorsOptions) => void) => {
    callback(null, OPEN_READ_PATH.test(request.path) ? openReadCors : siteCors);
  });
  // Every request past this point, preflights, media and unknown paths included, is counted.
  app.use(clientBudget(app.get(RateLimits)));
  app.use((request: Request, response: Response, next: NextFunction) => {
    if (request.method !== 'OPTIONS') return next();
    response.status(204).setHeader('Content-Length', '0');
    response.end();
  });
  if (config.mediaDir) {
    app.use('/media', express.static(config.mediaDir, { maxAge: '7d', fallthrough: true, index: false }));
  }
  // The release telemetry's beacons arrive as text/plain (releases/telemetry-body.ts): that route
  // reads its body itself, before the JSON parser, which then leaves it alone.
  app.use(TELEMETRY_PATH, telemetryBodyParser());
  app.use(express.json({ limit: config.bodyLimit }));
  // Parser failures (bad JSON, too large) never reach Nest's filters: answer them in the same shape.
  app.use((error: unknown, _request: Request, response: Response, next: NextFunction) => {
    if (response.headersSent) return next(error);
    const body = toErrorBody(error);
    response.status(body.statusCode).json(body);
  });
  app.useGlobalFilters(new AllExceptionsFilter());
}

export function configureDocs(app: INestApplication): void {
  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('Antiquarium api')
      .setDescription('Artifacts, likes, contributors and the release registry. Errors share one shape: { statusCode, error, message, fields? }.')
      .setVersion('1')
      .addBearerAuth({ type: 'http', scheme: 'bearer', bearerFormat: 'Firebase ID token' })
      .addBearerAuth({ type: 'http', scheme: 'bearer', description: 'RELEASE_DEPLOY_TOKEN: the release registry\'s changes' }, 'deploy-token')
      .build(),
  );
  SwaggerModule.setup('docs', app, document, { jsonDocumentUrl: 'docs-json' });
}
