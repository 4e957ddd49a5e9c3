/** Where the services under test are: set by scripts/test.mjs, with the local start command's defaults. */
export const API_URL = (process.env['API_URL'] ?? 'http://127.0.0.1:3000').replace(/\/+$/, '');
export const MONGODB_URI = process.env['MONGODB_URI'] ?? 'mongodb://127.0.0.1:27017/antiquarium';
export const AUTH_EMULATOR_HOST = process.env['FIREBASE_AUTH_EMULATOR_HOST'] ?? '127.0.0.1:9099';
export const FIREBASE_PROJECT_ID = process.env['FIREBASE_PROJECT_ID'] ?? 'demo-antiquarium';
/** The 429 path needs an api started with a low write limit, so it only runs when asked for. */
export const RATE_LIMIT_TEST = process.env['RATE_LIMIT_TEST'] === '1';
