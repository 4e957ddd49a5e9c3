import { ForbiddenException, UnauthorizedException } from '@nestjs/common';
import { mongo } from 'mongoose';
import { ArtifactNotFound, TooManyRequests, ValidationFailed, isDatabaseTimeout, isDatabaseUnavailable, toErrorBody } from './errors';

function named(name: string, message = 'boom'): Error {
  const error = new Error(message);
  error.name = name;
  return error;
}

describe('toErrorBody', () => {
  it('keeps the per-field messages of a validation failure', () => {
    expect(toErrorBody(new ValidationFailed('Name is required', { name: 'Name is required' }))).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: 'Name is required',
      fields: { name: 'Name is required' },
    });
  });

  it('maps http exceptions to the one shape', () => {
    expect(toErrorBody(new ArtifactNotFound())).toEqual({ statusCode: 404, error: 'Not Found', message: 'Artifact not found' });
    expect(toErrorBody(new ForbiddenException('Not yours'))).toMatchObject({ statusCode: 403, message: 'Not yours' });
    expect(toErrorBody(new UnauthorizedException())).toMatchObject({ statusCode: 401, error: 'Unauthorized' });
    expect(toErrorBody(new TooManyRequests(12))).toMatchObject({ statusCode: 429, message: 'Too many requests, please slow down' });
  });

  it('answers 503 when the database cannot be reached', () => {
    expect(isDatabaseUnavailable(named('MongoServerSelectionError'))).toBe(true);
    expect(toErrorBody(named('MongoNetworkError'))).toMatchObject({ statusCode: 503 });
    expect(isDatabaseUnavailable(named('TypeError'))).toBe(false);
  });

  it('answers 503 for a socket error the driver passes on unwrapped, and only from the driver', () => {
    const epipe = Object.assign(new Error('This socket has been ended by the other party'), { code: 'EPIPE' });
    epipe.stack = `Error: ${epipe.message}\n    at Connection.writeCommand (node_modules/mongodb/lib/cmap/connection.js:408:29)`;
    expect(toErrorBody(epipe)).toMatchObject({ statusCode: 503 });
    const elsewhere = Object.assign(new Error('This socket has been ended by the other party'), { code: 'EPIPE' });
    elsewhere.stack = `Error: ${elsewhere.message}\n    at Socket.writeAfterFIN (node:net:566:14)`;
    expect(toErrorBody(elsewhere)).toMatchObject({ statusCode: 500 });
  });

  describe('a database that takes too long (DB_OPERATION_TIMEOUT_MS)', () => {
    const TOO_SLOW = {
      statusCode: 503,
      error: 'Service Unavailable',
      message: 'The database took too long to answer, please try again shortly',
    };

    it('answers 503 when the server stopped a query at its maxTimeMS (code 50)', () => {
      // As the driver builds it from FerretDB's answer to a find or aggregate over the limit.
      const expired = new mongo.MongoServerError({
        ok: 0,
        code: 50,
        codeName: 'MaxTimeMSExpired',
        errmsg: 'Executor error during find command :: caused by :: operation exceeded time limit',
      });
      expect(expired.name).toBe('MongoServerError');
      expect(isDatabaseTimeout(expired)).toBe(true);
      expect(isDatabaseUnavailable(expired)).toBe(true);
      expect(toErrorBody(expired)).toEqual(TOO_SLOW);
    });

    it('answers 503 when the client stopped waiting: socket read, pooled connection, or the whole operation', () => {
      const socket = new mongo.MongoNetworkTimeoutError('connection 2 to 127.0.0.1:27017 timed out');
      expect(socket.name).toBe('MongoNetworkTimeoutError');
      expect(toErrorBody(socket)).toEqual(TOO_SLOW);
      // Not exported by the driver; built as it names it.
      expect(toErrorBody(named('MongoWaitQueueTimeoutError', 'Timed out while checking out a connection from connection pool'))).toEqual(TOO_SLOW);
      // The client-side operation timeout (CSOT), a no-op in the installed driver: mapped should it come back.
      const operation = new mongo.MongoOperationTimeoutError('Timed out during socket read (2000ms)');
      expect(operation.name).toBe('MongoOperationTimeoutError');
      expect(toErrorBody(operation)).toEqual(TOO_SLOW);
    });

    it('answers 503 when the monitor interrupted an operation in flight', () => {
      expect(toErrorBody(named('PoolClearedOnNetworkError', 'Connection to 127.0.0.1:27017 interrupted due to server monitor timeout'))).toMatchObject({
        statusCode: 503,
        message: 'The database is unavailable, please try again shortly',
      });
    });

    it('keeps other server errors, and a code 50 from elsewhere, apart', () => {
      const duplicate = new mongo.MongoServerError({ ok: 0, code: 11000, codeName: 'DuplicateKey', errmsg: 'E11000 duplicate key error' });
      expect(isDatabaseTimeout(duplicate)).toBe(false);
      expect(toErrorBody(duplicate)).toMatchObject({ statusCode: 500 });
      expect(isDatabaseTimeout(Object.assign(new Error('fifty'), { code: 50 }))).toBe(false);
      expect(isDatabaseTimeout('MongoNetworkTimeoutError')).toBe(false);
    });
  });

  it('maps body parser failures to 400 and 413', () => {
    expect(toErrorBody(Object.assign(new Error('x'), { type: 'entity.parse.failed', status: 400 }))).toMatchObject({ statusCode: 400 });
    expect(toErrorBody(Object.assign(new Error('x'), { type: 'entity.too.large', status: 413 }))).toMatchObject({ statusCode: 413 });
  });

  it('hides the details of anything unexpected', () => {
    expect(toErrorBody(new TypeError('secret internals'))).toEqual({
      statusCode: 500,
      error: 'Internal Server Error',
      message: 'Something went wrong on our side',
    });
  });
});
