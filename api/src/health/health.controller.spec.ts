import type { Response } from 'express';
import type { Connection } from 'mongoose';
import { loadConfig } from '../config/env';
import { HealthController } from './health.controller';

// The controller against a stand-in connection: what readiness tells the public in each mode.
function controller(production: boolean, databaseUp: boolean) {
  const connection = {
    readyState: databaseUp ? 1 : 0,
    db: { command: () => Promise.resolve({ ok: 1 }) },
  } as unknown as Connection;
  const env = production
    ? { NODE_ENV: 'production', MONGODB_URI: 'mongodb://db/x', FIREBASE_PROJECT_ID: 'p', CORS_ORIGINS: 'https://a.example' }
    : {};
  return new HealthController(connection, loadConfig(env));
}

function response() {
  const state = { status: 200 };
  const res = { status: (code: number) => ((state.status = code), res) } as unknown as Response;
  return { res, state };
}

test('outside production, readiness names the database', async () => {
  const { res, state } = response();
  expect(await controller(false, false).ready(res)).toMatchObject({ status: 'unavailable', database: 'down' });
  expect(state.status).toBe(503);
  expect(await controller(false, true).ready(response().res)).toEqual({ status: 'ok', database: 'up' });
});

test('in production, readiness says only ready or not', async () => {
  const { res, state } = response();
  const down = await controller(true, false).ready(res);
  expect(state.status).toBe(503);
  expect(down).toMatchObject({ status: 'unavailable', statusCode: 503 });
  expect(JSON.stringify(down)).not.toMatch(/database/i);
  expect(await controller(true, true).ready(response().res)).toEqual({ status: 'ok' });
});
