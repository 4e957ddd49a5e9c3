/** Where the services under test are: set by scripts/test.mjs, with the local start command's defaults. */
export const API_URL = (process.env['API_URL'] ?? 'http://127.0.0.1:3000').replace(/\/+$/, '');
export const MONGODB_URI = process.env['MONGODB_URI'] ?? 'mongodb://127.0.0.1:27017/antiquarium';
export const AUTH_EMULATOR_HOST = process.env['FIREBASE_AUTH_EMULATOR_HOST'] ?? '127.0.0.1:9099';
export const FIREBASE_PROJECT_ID = process.env['FIREBASE_PROJECT_ID'] ?? 'demo-antiquarium';
/**
 * A second api on the same database, started with WRITE_RATE_LIMIT=5 (scripts/test.mjs does), for
 * the 429 path; the main api has a high limit so the rest of the suite is never throttled.
 */
export const RATE_LIMITED_API_URL = (process.env['RATE_LIMITED_API_URL'] ?? 'http://127.0.0.1:3101').replace(/\/+$/, '');
export const RATE_LIMIT = 5;
