import { isIP } from 'node:net';
import { z } from 'zod';
import { isEmailAddress } from '@antiquarium/contracts/validation';

/** An optional key or token: 32-512 printable ASCII characters; empty counts as unset. */
function optionalKey(why = '') {
  return z.preprocess(
    (value) => (value === '' ? undefined : value),
    z
      .string()
      .min(32, 'must be at least 32 characters')
      .max(512, 'must be at most 512 characters')
      .regex(/^[\x21-\x7E]+$/, `must be printable ASCII without spaces${why}`)
      .optional(),
  );
}

/** A DNS name: dot-separated labels of letters, digits and inner hyphens. */
const HOST_NAME = /^(?=.{1,253}$)[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;

const LOCAL_ORIGINS = ['http://localhost:4200', 'http://127.0.0.1:4200'];

/** An SMTP server's URL as nodemailer reads it: smtp:// (STARTTLS when offered) or smtps://, with a host. */
function isSmtpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'smtp:' || url.protocol === 'smtps:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** A mail's sender: an address, or a display name (no quotes, brackets or line breaks) and `<address>`. */
function isMailbox(value: string): boolean {
  const named = /^([^<>"\\\p{Cc}]+)<([^<>]+)>$/u.exec(value);
  return named ? named[1]!.trim() !== '' && isEmailAddress(named[2]!) : isEmailAddress(value);
}

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
    HOST: z.string().min(1).default('127.0.0.1'),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    MONGODB_URI: z.string().regex(/^mongodb(\+srv)?:\/\//, 'must be a mongodb:// or mongodb+srv:// URI').optional(),
    FIREBASE_PROJECT_ID: z.string().min(1).optional(),
    FIREBASE_AUTH_EMULATOR_HOST: z.string().min(1).optional(),
    CORS_ORIGINS: z.string().optional(),
    // The site's public origin, which open data's permanent page URLs are written with (as the
    // shell's server writes them: the same variable); without it, the first CORS origin.
    SITE_ORIGIN: z
      .string()
      .refine((value) => {
        try {
          const url = new URL(value);
          return /^https?:$/.test(url.protocol) && url.origin === value;
        } catch {
          return false;
        }
      }, 'must be an origin only, e.g. https://antiquarium.example')
      .optional(),
    MEDIA_DIR: z.string().min(1).optional(),
    // Members' photos (docs/decisions/0018-photos.md): the derived files and the uploads in
    // progress in folders of this instance (local), or both in an S3-compatible bucket (s3, for
    // several instances; uploads under `uploads/`); the public URL the photos' addresses are written with.
    UPLOADS_DIR: z.string().min(1).default('data/uploads'),
    PHOTO_STORE: z.enum(['local', 's3']).default('local'),
    PHOTOS_DIR: z.string().min(1).default('data/photos'),
    S3_ENDPOINT: z.url().optional(),
    S3_REGION: z.string().min(1).default('us-east-1'),
    S3_BUCKET: z.string().min(3).max(63).optional(),
    S3_ACCESS_KEY_ID: z.preprocess((value) => (value === '' ? undefined : value), z.string().optional()),
    S3_SECRET_ACCESS_KEY: z.preprocess((value) => (value === '' ? undefined : value), z.string().optional()),
    S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).default('true'),
    PHOTO_QUOTA_BYTES: z.coerce.number().int().min(1024 * 1024).default(1024 ** 3),
    PUBLIC_API_URL: z.url({ protocol: /^https?$/ }).optional(),
    // Test-only: hosts (host or host:port) a pasted address may name although they are not public.
    MEDIA_FETCH_ALLOW_HOSTS: z.string().optional(),
    WRITE_RATE_LIMIT: z.coerce.number().int().min(1).default(60),
    WRITE_RATE_WINDOW_MS: z.coerce.number().int().min(1000).default(60_000),
    CLIENT_RATE_LIMIT: z.coerce.number().int().min(1).default(1200),
    FAILED_AUTH_RATE_LIMIT: z.coerce.number().int().min(1).default(30),
    RATE_WINDOW_MS: z.coerce.number().int().min(1000).default(60_000),
    REDIS_URL: z.string().regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL').optional(),
    RATE_LIMIT_PREFIX: z.string().min(1).max(100).default('antiquarium:rate:'),
    // Express's 'trust proxy': false, loopback, a hop count, or addresses/subnets (comma-separated).
    TRUSTED_PROXY: z
      .string()
      .regex(/^(false|loopback|linklocal|uniquelocal|\d{1,2}|[0-9a-fA-F.:/,\s]+)$/, 'must be false, loopback, a hop count, or addresses/subnets')
      .default('false'),
    DB_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(3000),
    DB_OPERATION_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
    BODY_LIMIT: z.string().regex(/^\d+(b|kb|mb)$/).default('100kb'),
    // The OpenAPI explorer at /docs: on by default, except in production where it must be asked for.
    SWAGGER: z.enum(['on', 'off']).optional(),
    RECONCILE_ON_START: z.enum(['on', 'off']).default('on'),
    // json: one JSON object per line with access lines (for collectors); text: Nest's console lines.
    LOG_FORMAT: z.enum(['json', 'text']).optional(),
    // Prometheus metrics at /metrics on this port, never on the public port, and on this interface:
    // loopback unless the deployment says which one its scraper reaches (they carry no credential).
    METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
    METRICS_HOST: z
      .string()
      .refine((value) => isIP(value) !== 0 || HOST_NAME.test(value), 'must be an IP address or a host name (127.0.0.1, 0.0.0.0, ::1)')
      .default('127.0.0.1'),
    // The in-process catalog (docs/decisions/0007-discovery-search.md): lists are served from it up
    // to this many artifacts (0: never, the database serves them); without Redis it reads the
    // change log this often to see other instances' writes, and it re-reads the whole collection
    // every CATALOG_FULL_RELOAD_MS as a safety net (0: never).
    CATALOG_MAX_ARTIFACTS: z.coerce.number().int().min(0).max(5_000_000).default(200_000),
    CATALOG_REFRESH_MS: z.coerce.number().int().min(1000).max(3_600_000).default(5_000),
    CATALOG_FULL_RELOAD_MS: z.coerce
      .number()
      .int()
      .refine((value) => value === 0 || (value >= 60_000 && value <= 7 * 86_400_000), 'must be 0 or between 60000 and 604800000')
      .default(6 * 3_600_000),
    // How often an instance writes the catalog's snapshot to the database, if none newer is there,
    // and whether one starts from it (docs/decisions/0030): 0 turns both off.
    CATALOG_SNAPSHOT_MS: z.coerce
      .number()
      .int()
      .refine((value) => value === 0 || (value >= 60_000 && value <= 86_400_000), 'must be 0 or between 60000 and 86400000')
      .default(300_000),
    // What the JavaScript heap favours (decisions 0034, 0039, 0040; config/heap-mode.ts):
    // `size-then-speed` runs V8 with --optimize-for-size while the catalog is first built, then
    // compiles for speed with the heap's growth capped; `size` keeps the flag (each request about
    // twice the CPU), `speed` never sets it.
    HEAP: z.enum(['size', 'size-then-speed', 'speed']).default('size-then-speed'),
    // The Redis channel on which instances tell each other about writes (with REDIS_URL).
    CHANGES_CHANNEL: z.string().min(1).max(100).default('antiquarium:changes'),
    // The credential of `npm run release` (docs/api.md "Releases"): without it release changes are
    // turned off. Empty counts as unset. Zod's messages never quote the value, so it is never logged.
    RELEASE_DEPLOY_TOKEN: optionalKey(' (it is sent in a header)'),
    // The key of the release telemetry's tickets (docs/decisions/0028, "Telemetry tickets"): every
    // instance behind one site needs the same. Unset, it is derived from RELEASE_DEPLOY_TOKEN.
    RELEASE_TELEMETRY_SECRET: optionalKey(),
    // Telemetry posts per client address per RATE_WINDOW_MS, beside the client budget.
    TELEMETRY_RATE_LIMIT: z.coerce.number().int().min(1).default(30),
    // Notices (POST /reports) per client address per RATE_WINDOW_MS: anyone may send them, signed in or not.
    REPORT_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
    // Contact messages (POST /contact) per client address per RATE_WINDOW_MS: anyone may send them, signed in or not.
    CONTACT_RATE_LIMIT: z.coerce.number().int().min(1).default(5),
    // Data exports (GET /me/export) per member per EXPORT_RATE_WINDOW_MS: each reads all they hold.
    EXPORT_RATE_LIMIT: z.coerce.number().int().min(1).default(5),
    EXPORT_RATE_WINDOW_MS: z.coerce.number().int().min(1000).default(3_600_000),
    // Pruning (DELETE /releases/:remote/:version) keeps every release that was live within this long.
    RELEASE_KEEP_LIVE_MS: z.coerce.number().int().min(0).max(365 * 86_400_000).default(7 * 86_400_000),
    // Mail (issue 45, docs/decisions/0020-mail-outbox.md): the SMTP server the outbox's worker sends
    // through, required in production; unset elsewhere, mail is written to the outbox and not sent.
    // Zod's messages never quote the value, so its password is never logged. Empty counts as unset.
    SMTP_URL: z.preprocess((value) => (value === '' ? undefined : value), z.string().refine(isSmtpUrl, 'must be an smtp:// or smtps:// URL with a host').optional()),
    MAIL_FROM: z
      .string()
      .trim()
      .refine(isMailbox, 'must be an address, or a name and <address>, e.g. Antiquarium <no-reply@antiquarium.example>')
      .default('Antiquarium <no-reply@antiquarium.local>'),
    // The key of the unsubscribe links' tokens (every instance the same). Unset, it is derived from
    // RELEASE_DEPLOY_TOKEN, as the telemetry tickets' key is.
    MAIL_UNSUBSCRIBE_SECRET: optionalKey(),
    // The key of the grants that open a hidden artifact's photos to its contributor and the
    // moderators (api/src/media/photo-access.ts; every instance the same). Unset, it is derived from
    // MAIL_UNSUBSCRIBE_SECRET or RELEASE_DEPLOY_TOKEN (production has one of them).
    PHOTO_ACCESS_SECRET: optionalKey(),
  })
  .transform((env, ctx) => {
    const production = env.NODE_ENV === 'production';
    // firebase-admin accepts unsigned tokens while this variable is set: anyone could forge any user.
    if (production && env.FIREBASE_AUTH_EMULATOR_HOST) {
      ctx.addIssue({
        code: 'custom',
        path: ['FIREBASE_AUTH_EMULATOR_HOST'],
        message: 'must not be set in production: the emulator makes the api accept unsigned tokens',
      });
    }
    if (production && !env.MONGODB_URI) {
      ctx.addIssue({ code: 'custom', path: ['MONGODB_URI'], message: 'is required in production' });
    }
    if (production && !env.FIREBASE_PROJECT_ID) {
      ctx.addIssue({ code: 'custom', path: ['FIREBASE_PROJECT_ID'], message: 'is required in production' });
    }
    if (production && !env.CORS_ORIGINS) {
      ctx.addIssue({ code: 'custom', path: ['CORS_ORIGINS'], message: 'is required in production' });
    }
    if (production && env.MEDIA_FETCH_ALLOW_HOSTS) {
      ctx.addIssue({ code: 'custom', path: ['MEDIA_FETCH_ALLOW_HOSTS'], message: 'must not be set in production: it lets pasted addresses reach private hosts' });
    }
    if (production && !env.SMTP_URL) {
      ctx.addIssue({ code: 'custom', path: ['SMTP_URL'], message: 'is required in production: the mail server the outbox sends through' });
    }
    if (production && !env.MAIL_UNSUBSCRIBE_SECRET && !env.RELEASE_DEPLOY_TOKEN) {
      ctx.addIssue({ code: 'custom', path: ['MAIL_UNSUBSCRIBE_SECRET'], message: 'is required in production unless RELEASE_DEPLOY_TOKEN is set (it is derived from it)' });
    }
    if (env.PHOTO_STORE === 's3' && !env.S3_BUCKET) {
      ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'is required with PHOTO_STORE=s3' });
    }
    if (production && env.PHOTO_STORE === 's3' && (!env.S3_ACCESS_KEY_ID || !env.S3_SECRET_ACCESS_KEY)) {
      ctx.addIssue({ code: 'custom', path: ['S3_ACCESS_KEY_ID'], message: 'and S3_SECRET_ACCESS_KEY are required with PHOTO_STORE=s3 in production' });
    }
    if (env.METRICS_PORT !== undefined && env.METRICS_PORT === env.PORT) {
      ctx.addIssue({ code: 'custom', path: ['METRICS_PORT'], message: 'must differ from PORT: metrics are never served on the public port' });
    }
    const corsOrigins = env.CORS_ORIGINS
      ? env.CORS_ORIGINS.split(',').map((origin) => origin.trim()).filter(Boolean)
      : LOCAL_ORIGINS;
    return {
      nodeEnv: env.NODE_ENV,
      host: env.HOST,
      port: env.PORT,
      // Local defaults only: production must say where its database and identity project are.
      mongodbUri: env.MONGODB_URI ?? 'mongodb://127.0.0.1:27017/antiquarium',
      firebaseProjectId: env.FIREBASE_PROJECT_ID ?? 'demo-antiquarium',
      authEmulatorHost: env.FIREBASE_AUTH_EMULATOR_HOST,
      corsOrigins,
      siteOrigin: env.SITE_ORIGIN ?? (corsOrigins[0] ?? '').replace(/\/+$/, ''),
      mediaDir: env.MEDIA_DIR,
      uploadsDir: env.UPLOADS_DIR,
      photoStore: env.PHOTO_STORE,
      photosDir: env.PHOTOS_DIR,
      s3: {
        endpoint: env.S3_ENDPOINT,
        region: env.S3_REGION,
        bucket: env.S3_BUCKET ?? '',
        forcePathStyle: env.S3_FORCE_PATH_STYLE === 'true',
        credentials: env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY } : undefined,
      },
      photoQuotaBytes: env.PHOTO_QUOTA_BYTES,
      // Where visitors reach the api (the photos' addresses are written with it).
      publicApiUrl: (env.PUBLIC_API_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
      mediaFetchAllowHosts: (env.MEDIA_FETCH_ALLOW_HOSTS ?? '').split(',').map((host) => host.trim()).filter(Boolean),
      writeRateLimit: env.WRITE_RATE_LIMIT,
      writeRateWindowMs: env.WRITE_RATE_WINDOW_MS,
      clientRateLimit: env.CLIENT_RATE_LIMIT,
      failedAuthRateLimit: env.FAILED_AUTH_RATE_LIMIT,
      rateWindowMs: env.RATE_WINDOW_MS,
      redisUrl: env.REDIS_URL,
      rateLimitPrefix: env.RATE_LIMIT_PREFIX,
      trustedProxy: trustProxyValue(env.TRUSTED_PROXY),
      dbTimeoutMs: env.DB_TIMEOUT_MS,
      // The longest one database operation may take (database/operation-timeout.ts).
      dbOperationTimeoutMs: env.DB_OPERATION_TIMEOUT_MS,
      bodyLimit: env.BODY_LIMIT,
      swagger: env.SWAGGER ? env.SWAGGER === 'on' : !production,
      logFormat: env.LOG_FORMAT ?? (production ? 'json' : 'text'),
      metricsPort: env.METRICS_PORT,
      metricsHost: env.METRICS_HOST,
      production,
      reconcileOnStart: env.RECONCILE_ON_START === 'on',
      catalogMaxArtifacts: env.CATALOG_MAX_ARTIFACTS,
      catalogRefreshMs: env.CATALOG_REFRESH_MS,
      catalogFullReloadMs: env.CATALOG_FULL_RELOAD_MS,
      catalogSnapshotMs: env.CATALOG_SNAPSHOT_MS,
      heap: env.HEAP,
      changesChannel: env.CHANGES_CHANNEL,
      releaseDeployToken: env.RELEASE_DEPLOY_TOKEN,
      releaseTelemetrySecret: env.RELEASE_TELEMETRY_SECRET,
      telemetryRateLimit: env.TELEMETRY_RATE_LIMIT,
      reportRateLimit: env.REPORT_RATE_LIMIT,
      contactRateLimit: env.CONTACT_RATE_LIMIT,
      exportRateLimit: env.EXPORT_RATE_LIMIT,
      exportRateWindowMs: env.EXPORT_RATE_WINDOW_MS,
      releaseKeepLiveMs: env.RELEASE_KEEP_LIVE_MS,
      smtpUrl: env.SMTP_URL,
      mailFrom: env.MAIL_FROM,
      mailUnsubscribeSecret: env.MAIL_UNSUBSCRIBE_SECRET,
      photoAccessSecret: env.PHOTO_ACCESS_SECRET,
    };
  });

/** TRUSTED_PROXY as Express's 'trust proxy' setting reads it. */
function trustProxyValue(value: string): boolean | number | string[] {
  if (value === 'false') return false;
  if (/^\d{1,2}$/.test(value)) return Number(value);
  return value.split(',').map((part) => part.trim()).filter(Boolean);
}

export type AppConfig = z.output<typeof envSchema>;

export const APP_CONFIG = Symbol('APP_CONFIG');

export class ConfigError extends Error {}

/** Reads and validates the environment once at start-up; throws a readable list of every problem. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.') || 'env'}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}
