import { ConfigError, loadConfig } from './env';

describe('loadConfig', () => {
  it('gives local defaults in development', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      nodeEnv: 'development',
      port: 3000,
      mongodbUri: 'mongodb://127.0.0.1:27017/antiquarium',
      firebaseProjectId: 'demo-antiquarium',
    });
    expect(config.corsOrigins).toContain('http://localhost:4200');
  });

  it('refuses to run in production with the Auth Emulator variable set', () => {
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        MONGODB_URI: 'mongodb://db:27017/antiquarium',
        FIREBASE_PROJECT_ID: 'antiquarium-prod',
        CORS_ORIGINS: 'https://antiquarium.example',
        FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
      }),
    ).toThrow(/FIREBASE_AUTH_EMULATOR_HOST: must not be set in production/);
  });

  it('requires the database, project and origins in production, listing every problem', () => {
    let message = '';
    try {
      loadConfig({ NODE_ENV: 'production' });
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      message = (error as Error).message;
    }
    expect(message).toMatch(/MONGODB_URI/);
    expect(message).toMatch(/FIREBASE_PROJECT_ID/);
    expect(message).toMatch(/CORS_ORIGINS/);
  });

  it('keeps photos in a folder by default, and in production refuses an S3 store without its keys or an allow-list for pasted addresses', () => {
    expect(loadConfig({})).toMatchObject({ photoStore: 'local', photosDir: 'data/photos', uploadsDir: 'data/uploads', photoQuotaBytes: 1024 ** 3, mediaFetchAllowHosts: [] });
    expect(() => loadConfig({ PHOTO_STORE: 's3' })).toThrow(/S3_BUCKET: is required with PHOTO_STORE=s3/);
    const production = { NODE_ENV: 'production', MONGODB_URI: 'mongodb://db:27017/a', FIREBASE_PROJECT_ID: 'p', CORS_ORIGINS: 'https://a.example', SMTP_URL: 'smtp://mail.example:587', MAIL_UNSUBSCRIBE_SECRET: 'u'.repeat(40) };
    expect(() => loadConfig({ ...production, PHOTO_STORE: 's3', S3_BUCKET: 'photos', S3_ACCESS_KEY_ID: '' })).toThrow(/S3_ACCESS_KEY_ID: and S3_SECRET_ACCESS_KEY are required/);
    expect(() => loadConfig({ ...production, MEDIA_FETCH_ALLOW_HOSTS: '127.0.0.1:8080' })).toThrow(/MEDIA_FETCH_ALLOW_HOSTS: must not be set in production/);
    const s3 = loadConfig({ ...production, PHOTO_STORE: 's3', S3_BUCKET: 'photos', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's', S3_ENDPOINT: 'http://objects:8333' });
    expect(s3.s3).toEqual({ endpoint: 'http://objects:8333', region: 'us-east-1', bucket: 'photos', forcePathStyle: true, credentials: { accessKeyId: 'k', secretAccessKey: 's' } });
  });

  it('validates values', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ MONGODB_URI: 'postgres://x' })).toThrow(/MONGODB_URI/);
    expect(loadConfig({ CORS_ORIGINS: 'https://a.example, https://b.example' }).corsOrigins).toEqual([
      'https://a.example',
      'https://b.example',
    ]);
  });

  const production = {
    NODE_ENV: 'production',
    MONGODB_URI: 'mongodb://db/x',
    FIREBASE_PROJECT_ID: 'p',
    CORS_ORIGINS: 'https://a.example',
    SMTP_URL: 'smtps://mailer:secret@smtp.example:465',
    MAIL_UNSUBSCRIBE_SECRET: 'u'.repeat(32),
  };

  it('mail: SMTP_URL required in production, never quoted; MAIL_FROM and the unsubscribe key validated (issue 45)', () => {
    expect(loadConfig({})).toMatchObject({ smtpUrl: undefined, mailFrom: 'Antiquarium <no-reply@antiquarium.local>', mailUnsubscribeSecret: undefined });
    expect(loadConfig(production)).toMatchObject({ smtpUrl: 'smtps://mailer:secret@smtp.example:465', mailUnsubscribeSecret: 'u'.repeat(32) });
    const { SMTP_URL: _smtp, MAIL_UNSUBSCRIBE_SECRET: _secret, ...withoutMail } = production;
    expect(() => loadConfig(withoutMail)).toThrow(/SMTP_URL: is required in production[\s\S]*MAIL_UNSUBSCRIBE_SECRET: is required in production unless RELEASE_DEPLOY_TOKEN/);
    // The unsubscribe key may be derived from the deploy token instead.
    expect(loadConfig({ ...withoutMail, SMTP_URL: 'smtp://smtp.example', RELEASE_DEPLOY_TOKEN: 'd'.repeat(32) }).mailUnsubscribeSecret).toBeUndefined();
    for (const url of ['http://smtp.example', 'smtp://', 'smtp.example:25', 'smtps://user:hunter2@/']) {
      let message = '';
      try {
        loadConfig({ SMTP_URL: url });
      } catch (error) {
        message = (error as Error).message;
      }
      expect({ url, message }).toEqual({ url, message: expect.stringContaining('SMTP_URL: must be an smtp:// or smtps:// URL') });
      expect(message).not.toContain('hunter2');
    }
    expect(loadConfig({ SMTP_URL: '' }).smtpUrl).toBeUndefined();
    expect(loadConfig({ MAIL_FROM: ' no-reply@antiquarium.example ' }).mailFrom).toBe('no-reply@antiquarium.example');
    expect(loadConfig({ MAIL_FROM: 'The Antiquarium team <team@antiquarium.example>' }).mailFrom).toBe('The Antiquarium team <team@antiquarium.example>');
    for (const from of ['Antiquarium', 'Antiquarium <>', '<a@b.example>', 'Eve\r\nBcc: x@y.example <a@b.example>', 'a@b.example, c@d.example', '"Quoted" <a@b.example>']) {
      expect(() => loadConfig({ MAIL_FROM: from })).toThrow(/MAIL_FROM/);
    }
    expect(() => loadConfig({ MAIL_UNSUBSCRIBE_SECRET: 'short' })).toThrow(/MAIL_UNSUBSCRIBE_SECRET: must be at least 32 characters/);
  });

  it('keeps the OpenAPI explorer off in production unless asked for', () => {
    expect(loadConfig({}).swagger).toBe(true);
    expect(loadConfig(production).swagger).toBe(false);
    expect(loadConfig({ ...production, SWAGGER: 'on' }).swagger).toBe(true);
  });

  it('reads the rate limits, Redis and the trusted proxy setting', () => {
    const config = loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379', TRUSTED_PROXY: '10.0.0.0/8, 192.168.1.2', CLIENT_RATE_LIMIT: '100' });
    expect(config).toMatchObject({ redisUrl: 'redis://127.0.0.1:6379', trustedProxy: ['10.0.0.0/8', '192.168.1.2'], clientRateLimit: 100 });
    expect(loadConfig({ TRUSTED_PROXY: '1' }).trustedProxy).toBe(1);
    expect(loadConfig({}).trustedProxy).toBe(false);
    expect(() => loadConfig({ REDIS_URL: 'http://redis' })).toThrow(/REDIS_URL/);
    expect(() => loadConfig({ TRUSTED_PROXY: 'everyone' })).toThrow(/TRUSTED_PROXY/);
  });

  it('serves metrics on loopback unless METRICS_HOST says otherwise, whatever HOST is, never on PORT', () => {
    // The api image listens on 0.0.0.0: the metrics, which carry no credential, stay on loopback.
    expect(loadConfig({ HOST: '0.0.0.0', METRICS_PORT: '9464' })).toMatchObject({ host: '0.0.0.0', metricsPort: 9464, metricsHost: '127.0.0.1' });
    expect(loadConfig({ METRICS_HOST: '0.0.0.0' }).metricsHost).toBe('0.0.0.0');
    expect(loadConfig({ METRICS_HOST: '::1' }).metricsHost).toBe('::1');
    expect(loadConfig({ METRICS_HOST: 'metrics.internal' }).metricsHost).toBe('metrics.internal');
    for (const bad of ['', 'http://0.0.0.0', '0.0.0.0:9464', 'two words']) expect(() => loadConfig({ METRICS_HOST: bad })).toThrow(/METRICS_HOST/);
    expect(() => loadConfig({ PORT: '3000', METRICS_PORT: '3000' })).toThrow(/METRICS_PORT: must differ from PORT/);
  });

  it('reads the release deploy token (at least 32 characters, never in a message) and the pruning window', () => {
    const token = 'f'.repeat(48);
    expect(loadConfig({ RELEASE_DEPLOY_TOKEN: token })).toMatchObject({ releaseDeployToken: token, releaseKeepLiveMs: 7 * 86_400_000 });
    expect(loadConfig({}).releaseDeployToken).toBeUndefined();
    expect(loadConfig({ RELEASE_DEPLOY_TOKEN: '' }).releaseDeployToken).toBeUndefined();
    expect(loadConfig({ RELEASE_KEEP_LIVE_MS: '0' }).releaseKeepLiveMs).toBe(0);
    const short = 'secret-but-short-31-characters!';
    let message = '';
    try {
      loadConfig({ RELEASE_DEPLOY_TOKEN: short });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/RELEASE_DEPLOY_TOKEN: must be at least 32 characters/);
    expect(message).not.toContain(short);
    expect(() => loadConfig({ RELEASE_DEPLOY_TOKEN: `${'a'.repeat(32)} b` })).toThrow(/RELEASE_DEPLOY_TOKEN/);
    expect(() => loadConfig({ RELEASE_KEEP_LIVE_MS: '-1' })).toThrow(/RELEASE_KEEP_LIVE_MS/);
  });

  it('reads the telemetry ticket key (at least 32 characters, never in a message) and the telemetry budget', () => {
    const secret = 'k'.repeat(40);
    expect(loadConfig({ RELEASE_TELEMETRY_SECRET: secret })).toMatchObject({ releaseTelemetrySecret: secret, telemetryRateLimit: 30 });
    expect(loadConfig({ RELEASE_TELEMETRY_SECRET: '' }).releaseTelemetrySecret).toBeUndefined();
    expect(loadConfig({ TELEMETRY_RATE_LIMIT: '4' }).telemetryRateLimit).toBe(4);
    const short = 'ticket-key-but-short-31-chars!!';
    let message = '';
    try {
      loadConfig({ RELEASE_TELEMETRY_SECRET: short });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/RELEASE_TELEMETRY_SECRET: must be at least 32 characters/);
    expect(message).not.toContain(short);
    expect(() => loadConfig({ TELEMETRY_RATE_LIMIT: '0' })).toThrow(/TELEMETRY_RATE_LIMIT/);
  });

  it('sizes the heap for memory while the catalog is built, then for speed, unless HEAP says otherwise, and refuses anything else', () => {
    expect(loadConfig({}).heap).toBe('size-then-speed');
    expect(loadConfig({ HEAP: 'speed' }).heap).toBe('speed');
    expect(loadConfig({ HEAP: 'size' }).heap).toBe('size');
    expect(() => loadConfig({ HEAP: 'fast' })).toThrow(/HEAP/);
  });

  it("reads the contact form's budget: 5 by default, a whole number of at least 1", () => {
    expect(loadConfig({}).contactRateLimit).toBe(5);
    expect(loadConfig({ CONTACT_RATE_LIMIT: '3' }).contactRateLimit).toBe(3);
    for (const value of ['0', '-1', '2.5', 'many']) expect(() => loadConfig({ CONTACT_RATE_LIMIT: value })).toThrow(/CONTACT_RATE_LIMIT/);
  });
});

describe('SITE_ORIGIN', () => {
  test('names the site open data links to; without it, the first CORS origin', () => {
    expect(loadConfig({ SITE_ORIGIN: 'https://antiquarium.example', CORS_ORIGINS: 'https://a.example' }).siteOrigin).toBe('https://antiquarium.example');
    expect(loadConfig({ CORS_ORIGINS: 'https://a.example/, https://b.example' }).siteOrigin).toBe('https://a.example');
    expect(loadConfig({}).siteOrigin).toBe('http://localhost:4200');
  });

  test.each(['antiquarium.example', 'https://antiquarium.example/', 'https://antiquarium.example/site', 'ftp://antiquarium.example'])('%s is refused at start-up', (value) => {
    expect(() => loadConfig({ SITE_ORIGIN: value })).toThrow(/SITE_ORIGIN/);
  });
});
