/** Where the services under test are: set by scripts/test.mjs, with the local start command's defaults. */
export const API_URL = (process.env['API_URL'] ?? 'http://127.0.0.1:3000').replace(/\/+$/, '');
export const MONGODB_URI = process.env['MONGODB_URI'] ?? 'mongodb://127.0.0.1:27017/antiquarium';
export const AUTH_EMULATOR_HOST = process.env['FIREBASE_AUTH_EMULATOR_HOST'] ?? '127.0.0.1:9099';
export const FIREBASE_PROJECT_ID = process.env['FIREBASE_PROJECT_ID'] ?? 'demo-antiquarium';
const url = (name: string, fallback: string) => (process.env[name] ?? fallback).replace(/\/+$/, '');
/**
 * Low-limit apis on the same database for the 429 paths (scripts/test.mjs starts them with the
 * limits below); the main api has high limits so the rest of the suite is never throttled. The
 * first two share their counters in Redis; the third is given a Redis that is not there. All three
 * trust the loopback proxy, so a test picks its client address with X-Forwarded-For, and serve
 * /media/probe.txt. They keep photos and uploads in progress where the main api does (its bucket
 * or its folders), as instances behind one load balancer would.
 */
export const RATE_LIMITED_API_URL = url('RATE_LIMITED_API_URL', 'http://127.0.0.1:3101');
export const RATE_LIMITED_TWIN_URL = url('RATE_LIMITED_TWIN_URL', 'http://127.0.0.1:3102');
export const NO_REDIS_API_URL = url('NO_REDIS_API_URL', 'http://127.0.0.1:3103');
/** How often the api without Redis reads the change log (its CATALOG_REFRESH_MS in scripts/test.mjs). */
export const NO_REDIS_REFRESH_MS = 1000;
export const RATE_LIMIT = 5;
export const CLIENT_RATE_LIMIT = 30;
export const FAILED_AUTH_RATE_LIMIT = 4;
/** The main api's metrics (METRICS_PORT) and its log file (LOG_FORMAT=json), as scripts/test.mjs starts it. */
export const METRICS_URL = process.env['METRICS_URL'] ?? 'http://127.0.0.1:3105/metrics';
export const API_LOG_FILE = process.env['API_LOG_FILE'];
/**
 * The main api's release deploy token (scripts/test.mjs makes one per run). Of the low-limit apis
 * only the twin has it (its failed-auth budget); on the others release changes answer 403.
 */
export const RELEASE_DEPLOY_TOKEN = process.env['RELEASE_DEPLOY_TOKEN'];
/** The key of the release telemetry's tickets, shared by every api of the suite (scripts/test.mjs). */
export const RELEASE_TELEMETRY_SECRET = process.env['RELEASE_TELEMETRY_SECRET'];
/** Where a test serves pictures for pasted addresses: the main api may fetch from it (MEDIA_FETCH_ALLOW_HOSTS). */
export const IMAGE_SOURCE_PORT = Number(process.env['IMAGE_SOURCE_PORT'] ?? 3106);
/** What the main api was given for its photos (scripts/test.mjs): its store, folders and addresses. */
export const MEDIA_ENV: Record<string, string> = JSON.parse(process.env['API_MEDIA_ENV'] ?? '{}');
/** The main api's photo folder when it keeps photos locally (unset with PHOTO_STORE=s3). */
export const PHOTOS_DIR = MEDIA_ENV['PHOTOS_DIR'];
/** The main api's folder of uploads in progress (used only when it keeps photos locally). */
export const UPLOADS_DIR = MEDIA_ENV['UPLOADS_DIR'];
