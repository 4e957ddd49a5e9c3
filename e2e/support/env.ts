export const SITE_URL = process.env['SITE_URL'] ?? 'http://localhost:4200';
export const API_URL = process.env['API_URL'] ?? 'http://localhost:3000';
export const AUTH_EMULATOR_URL = process.env['AUTH_EMULATOR_URL'] ?? 'http://127.0.0.1:9099';
/** The Auth Emulator's project (a demo-* id: nothing leaves the machine). */
export const FIREBASE_PROJECT_ID = process.env['FIREBASE_PROJECT_ID'] ?? 'demo-antiquarium';
export const MONGODB_URI = process.env['MONGODB_URI'] ?? 'mongodb://127.0.0.1:27017/antiquarium';

/** A seeded demo account (api/src/seed/demo-data.ts). */
export const DEMO_USER = { email: 'eleanor.hartley@antiquarium.test', password: 'Relic-2026', name: 'Eleanor Hartley' };

/**
 * Where a journey serves pictures that members paste by address (workspace.json's test profile
 * `imageSource`): the browser suite's api may fetch from 127.0.0.1 on this port (MEDIA_FETCH_ALLOW_HOSTS).
 */
export const IMAGE_SOURCE_PORT = Number(process.env['IMAGE_SOURCE_PORT'] ?? 3106);

/** Mailpit's web inbox and API, where the api's mail arrives (scripts/test.mjs starts it; `npm start`'s port by default). */
export const MAILPIT_URL = (process.env['MAILPIT_URL'] ?? 'http://127.0.0.1:8025').replace(/\/+$/, '');
/**
 * The control port of the relay between the browser suite's api and Mailpit (scripts/lib/mail-relay.mjs):
 * set only by scripts/test.mjs, where a journey may stop the mail server and start it again.
 */
export const MAIL_RELAY_URL = process.env['MAIL_RELAY_URL']?.replace(/\/+$/, '');
