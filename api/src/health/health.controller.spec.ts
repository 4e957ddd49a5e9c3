import type { Response } from 'express';
import type { Connection } from 'mongoose';
import type { CatalogService } from '../catalog/catalog.service';
import { loadConfig } from '../config/env';
import { HealthController } from './health.controller';

// The controller against a stand-in connection: what readiness tells the public in each mode.
function controller(production: boolean, databaseUp: boolean, catalogState: CatalogService['state'] = 'ready') {
  const connection = {
    readyState: databaseUp ? 1 : 0,
    db: { command: () => Promise.resolve({ ok: 1 }) },
  } as unknown as Connection;
  const env = production
    ? { NODE_ENV: 'production', MONGODB_URI: 'mongodb://db/x', FIREBASE_PROJECT_ID: 'p', CORS_ORIGINS: 'https://a.example', SMTP_URL: 'smtp://mail.example:587', MAIL_UNSUBSCRIBE_SECRET: 'u'.repeat(40) }
    : {};
  const catalog = { state: catalogState, get ready() { return catalogState === 'ready' || catalogState === 'off'; } } as CatalogService;
  return new HealthController(connection, loadConfig(env), catalog);
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
  expect(await controller(false, true).ready(response().res)).toEqual({ status: 'ok', database: 'up', catalog: 'ready' });
});

test('an instance whose catalog is still loading is not ready: lists would fall back to the database', async () => {
  const { res, state } = response();
  expect(await controller(false, true, 'loading').ready(res)).toMatchObject({ status: 'unavailable', database: 'up', catalog: 'loading' });
  expect(state.status).toBe(503);
  const production = response();
  expect(await controller(true, true, 'loading').ready(production.res)).toMatchObject({ status: 'unavailable' });
  expect(production.state.status).toBe(503);
  // Switched off by configuration (a collection past CATALOG_MAX_ARTIFACTS): ready, the database serves.
  expect(await controller(false, true, 'off').ready(response().res)).toMatchObject({ status: 'ok', catalog: 'off' });
});

test('in production, readiness says only ready or not', async () => {
  const { res, state } = response();
  const down = await controller(true, false).ready(res);
  expect(state.status).toBe(503);
  expect(down).toMatchObject({ status: 'unavailable', statusCode: 503 });
  expect(JSON.stringify(down)).not.toMatch(/database/i);
  expect(await controller(true, true).ready(response().res)).toEqual({ status: 'ok' });
});
