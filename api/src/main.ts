import 'reflect-metadata';
import { STATUS_CODES, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { Server as NetServer, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { AppModule } from './app.module';
import { CatalogService } from './catalog/catalog.service';
import { ConfigError, loadConfig } from './config/env';
import { heapMode } from './config/heap-mode';
import { configureDocs, configureHttp } from './http';
import { JsonLogger } from './observability/json-logger';
import { serveMetrics } from './observability/metrics';

/** How long requests in flight may take to finish after SIGTERM before their connections are cut. */
const SHUTDOWN_GRACE_MS = 10_000;

/**
 * SIGTERM/SIGINT: stop accepting, let the requests in flight finish, then close the app (which
 * closes the database connection) and exit 0.
 *
 * Nest's enableShutdownHooks is not enough: it runs the modules' destroy hooks (the identity
 * client is deleted there) before it closes the HTTP server, so the server keeps accepting while
 * the app is being taken apart; and it ends the process by re-sending the signal, so the exit
 * status is 143, not 0. Node's own server.close() is not used either: it destroys every
 * connection whose answer has been ended, even while a large answer is still being flushed to a
 * slow client (the resilience suite saw truncated pages), so connections are tracked here.
 */
function closeGracefullyOn(signals: NodeJS.Signals[], app: NestExpressApplication): void {
  const logger = new Logger('Shutdown');
  const server = app.getHttpServer() as Server;
  const connections = new Set<Socket>();
  /** Answers not yet fully sent, per connection. */
  const unanswered = new Map<Socket, Set<ServerResponse>>();
  let stopping = false;

  // Once stopping, each answer tells its client that the connection closes after it, so no
  // client sends another request on a connection that is about to go.
  const closeAfterAnswer = (response: ServerResponse) => {
    if (!response.headersSent) response.setHeader('Connection', 'close');
  };
  const endConnection = (socket: Socket) => socket.end(() => socket.destroy());

  server.on('connection', (socket: Socket) => {
    connections.add(socket);
    socket.once('close', () => connections.delete(socket));
  });
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const socket = request.socket;
    const open = unanswered.get(socket) ?? new Set<ServerResponse>();
    open.add(response);
    unanswered.set(socket, open);
    if (stopping) closeAfterAnswer(response);
    // 'close' comes once the answer has been handed to the system in full (or the client left).
    response.once('close', () => {
      open.delete(response);
      if (open.size > 0) return;
      unanswered.delete(socket);
      if (stopping) endConnection(socket);
    });
  });

  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.log(`${signal}: no new connections; finishing the requests in flight`);
    // Stop listening; the callback comes when the last connection has closed.
    const drained = new Promise<void>((resolve) => NetServer.prototype.close.call(server, () => resolve()));
    for (const socket of connections) {
      const open = unanswered.get(socket);
      if (open) open.forEach(closeAfterAnswer);
      else endConnection(socket);
    }
    const cut = setTimeout(() => {
      logger.warn(`requests still open after ${SHUTDOWN_GRACE_MS} ms: closing their connections`);
      for (const socket of connections) socket.destroy();
    }, SHUTDOWN_GRACE_MS);
    await drained;
    clearTimeout(cut);
    try {
      await app.close();
      logger.log('closed: http server, identity client and database connection');
      process.exit(0);
    } catch (error) {
      logger.error(`shutdown failed: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    }
  };
  for (const signal of signals) process.on(signal, (received: NodeJS.Signals) => void stop(received));
}

/**
 * Requests Node's HTTP parser refuses (headers too large, malformed request lines) never reach
 * express: answer them in the one error shape too, instead of Node's bare status line.
 */
function answerClientErrorsInShape(server: Server): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
    const message = status === 431 ? 'Request headers are too large' : status === 408 ? 'The request took too long' : 'The request could not be read';
    const body = JSON.stringify({ statusCode: status, error: STATUS_CODES[status], message });
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
}

async function bootstrap(): Promise<void> {
  const config = loadConfig();
  const heap = heapMode(config.heap, setFlagsFromString, () => getHeapStatistics().used_heap_size / 1048576);
  const levels = config.nodeEnv === 'test' ? (['error', 'warn'] as const) : (['log', 'error', 'warn'] as const);
  const jsonLogger = config.logFormat === 'json' ? new JsonLogger([...levels, 'fatal']) : undefined;
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config), {
    bodyParser: false,
    logger: jsonLogger ?? [...levels],
  });
  configureHttp(app, config, jsonLogger);
  if (config.swagger) configureDocs(app);
  answerClientErrorsInShape(app.getHttpServer() as Server);
  closeGracefullyOn(['SIGTERM', 'SIGINT'], app);
  if (config.metricsPort !== undefined) await serveMetrics(config.metricsPort, config.metricsHost);
  await app.listen(config.port, config.host);
  void app.get(CatalogService).settled().then(() => heap.serving());
  Logger.log(`api listening on http://${config.host}:${config.port}`, 'Bootstrap');
}

bootstrap().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error('api failed to start:', error instanceof Error ? error.message : error);
  }
  process.exit(1);
});
