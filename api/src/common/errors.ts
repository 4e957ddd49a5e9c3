import { BadRequestException, HttpException, HttpStatus, NotFoundException } from '@nestjs/common';
import type { ApiError, FieldErrors } from '@antiquarium/contracts';

/** A 400 that names the failing fields, so forms can show each message at its field. */
export class ValidationFailed extends BadRequestException {
  constructor(message: string, readonly fields?: FieldErrors) {
    super(message);
  }
}

export class ArtifactNotFound extends NotFoundException {
  constructor() {
    super('Artifact not found');
  }
}

/**
 * A 429 that says, in the standard header, how many seconds until the window ends (the budgets of
 * rate-limits/rate-limits.ts throw it; AllExceptionsFilter writes the header).
 */
export class TooManyRequests extends HttpException {
  constructor(readonly retryAfterSeconds: number) {
    super('Too many requests, please slow down', HttpStatus.TOO_MANY_REQUESTS);
  }
}

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

export function errorBody(statusCode: number, message: string, fields?: FieldErrors): ApiError {
  const body: ApiError = { statusCode, error: REASONS[statusCode] ?? 'Error', message };
  if (fields && Object.keys(fields).length > 0) body.fields = fields;
  return body;
}

const DATABASE_ERROR_NAMES = new Set([
  'MongoServerSelectionError',
  'MongoNetworkError',
  'MongoNotConnectedError',
  'MongoTopologyClosedError',
  'MongoPoolClearedError',
  // The pool was cleared under a running operation: the driver's monitor got no answer in time.
  'PoolClearedOnNetworkError',
  'MongooseServerSelectionError',
]);

/**
 * The database did not answer within the bound on one operation (database/operation-timeout.ts):
 * the client stopped waiting on the socket (a frozen or partitioned server), for a pooled
 * connection, or (CSOT, a no-op in the installed driver, kept should it return) for the operation.
 */
const DATABASE_TIMEOUT_NAMES = new Set(['MongoNetworkTimeoutError', 'MongoWaitQueueTimeoutError', 'MongoOperationTimeoutError']);

/** The server stopped a query at its maxTimeMS (MongoDB and FerretDB alike). */
const MAX_TIME_MS_EXPIRED = 50;

/** True when the database took longer than the api lets one operation take (answered 503, retryable). */
export function isDatabaseTimeout(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (DATABASE_TIMEOUT_NAMES.has(error.name)) return true;
  return error.name.startsWith('Mongo') && (error as { code?: unknown }).code === MAX_TIME_MS_EXPIRED;
}

// Socket errors the driver sometimes passes on unwrapped: a write to a connection the server has
// just dropped fails with a plain EPIPE error ("This socket has been ended by the other party"),
// seen in the resilience suite when FerretDB is killed under a running api.
const SOCKET_ERROR_CODES = new Set(['EPIPE', 'ECONNRESET', 'ECONNREFUSED', 'ETIMEDOUT']);

/**
 * True for errors that mean "the database cannot serve this right now": unreachable, or too slow
 * (isDatabaseTimeout). Answered 503, retryable.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (DATABASE_ERROR_NAMES.has(error.name) || isDatabaseTimeout(error)) return true;
  const code = (error as NodeJS.ErrnoException).code;
  const network =
    /buffering timed out|connection .* closed|ECONNREFUSED|socket has been ended/i.test(error.message) ||
    (typeof code === 'string' && SOCKET_ERROR_CODES.has(code));
  return network && /mongo/i.test(error.name + error.stack);
}

/** Maps anything thrown while serving a request to a status and the one error body. */
export function toErrorBody(error: unknown): ApiError {
  if (error instanceof ValidationFailed) {
    return errorBody(400, error.message, error.fields);
  }
  if (error instanceof HttpException) {
    const status = error.getStatus();
    const response = error.getResponse();
    let message = error.message;
    if (typeof response === 'object' && response !== null && 'message' in response) {
      const raw = (response as { message: unknown }).message;
      if (typeof raw === 'string') message = raw;
      else if (Array.isArray(raw) && typeof raw[0] === 'string') message = raw[0];
    }
    if (status === HttpStatus.TOO_MANY_REQUESTS) message = 'Too many requests, please slow down';
    return errorBody(status, message);
  }
  if (isDatabaseTimeout(error)) {
    return errorBody(503, 'The database took too long to answer, please try again shortly');
  }
  if (isDatabaseUnavailable(error)) {
    return errorBody(503, 'The database is unavailable, please try again shortly');
  }
  // body-parser marks its own failures with a type and an http status.
  if (typeof error === 'object' && error !== null && 'type' in error && 'status' in error) {
    const { type, status } = error as { type: unknown; status: unknown };
    if (type === 'entity.too.large') return errorBody(413, 'Request body is too large');
    if (type === 'entity.parse.failed') return errorBody(400, 'Request body is not valid JSON');
    if (typeof status === 'number' && status >= 400 && status < 500) {
      return errorBody(status, 'The request body could not be read');
    }
  }
  return errorBody(500, 'Something went wrong on our side');
}
