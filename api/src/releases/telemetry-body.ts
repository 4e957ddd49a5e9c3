import { UnsupportedMediaTypeException } from '@nestjs/common';
import type { Request } from 'express';
import express from 'express';
import { TELEMETRY_MAX_BYTES } from '@antiquarium/contracts';
import { ValidationFailed } from '../common/errors';

export const TELEMETRY_PATH = '/releases/telemetry';
const TELEMETRY_TYPES = ['text/plain', 'application/json'];

/**
 * The shell sends telemetry with navigator.sendBeacon, which sends a string as
 * `text/plain;charset=UTF-8`: a CORS-safelisted type, so no preflight, and the beacon survives the
 * page being closed. This route alone reads text/plain as well as JSON, as text (at most
 * TELEMETRY_MAX_BYTES: 413 past it), and parses it itself; the api's JSON parser then leaves the
 * request alone, and every other route keeps refusing text/plain as before.
 */
export function telemetryBodyParser() {
  return express.text({ type: TELEMETRY_TYPES, limit: TELEMETRY_MAX_BYTES });
}

/** The telemetry body as JSON: 415 for another type, 400 when missing or not JSON. */
export function parseTelemetryBody(request: Request): unknown {
  const body: unknown = request.body;
  if (typeof body !== 'string') {
    if (request.headers['content-type'] !== undefined && request.is(TELEMETRY_TYPES) === false) {
      throw new UnsupportedMediaTypeException('Send the events as JSON, as application/json or text/plain');
    }
    throw new ValidationFailed('The body must be a JSON object: { "events": [...] }');
  }
  try {
    return JSON.parse(body) as unknown;
  } catch {
    throw new ValidationFailed('Request body is not valid JSON');
  }
}
