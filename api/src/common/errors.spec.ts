import { ForbiddenException, UnauthorizedException } from '@nestjs/common';
import { ThrottlerException } from '@nestjs/throttler';
import { ArtifactNotFound, ValidationFailed, isDatabaseUnavailable, toErrorBody } from './errors';

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
    expect(toErrorBody(new ThrottlerException())).toMatchObject({ statusCode: 429, message: 'Too many requests, please slow down' });
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
