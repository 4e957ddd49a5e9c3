import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/env';

const KEY_INFO = 'antiquarium photo access v1';
const FORMAT = 'a1';
/** A grant lasts from one to two hours: one per photo and hour, so a page's addresses stay the same (and cached) within it. */
const HOUR_MS = 3_600_000;

/**
 * The key of the photo access grants: derived by HKDF under a label of its own from PHOTO_ACCESS_SECRET,
 * else MAIL_UNSUBSCRIBE_SECRET, else RELEASE_DEPLOY_TOKEN (production requires one of the last two), so
 * every instance given the same secret derives the same key and the key reveals nothing of it. With
 * none, which the configuration allows outside production only, a random key of this process.
 */
export function photoAccessKey(config: Pick<AppConfig, 'photoAccessSecret' | 'mailUnsubscribeSecret' | 'releaseDeployToken'>): { key: Buffer; derived: boolean } {
  const secret = config.photoAccessSecret ?? config.mailUnsubscribeSecret ?? config.releaseDeployToken;
  if (secret === undefined) return { key: randomBytes(32), derived: false };
  return { key: Buffer.from(hkdfSync('sha256', secret, '', KEY_INFO, 32)), derived: true };
}

const mac = (key: Buffer, hash: string, until: number) => createHmac('sha256', key).update(`${FORMAT}:${hash}:${until}`).digest();

/**
 * Grants to a hidden artifact's photos (issue 42, "Pictures follow the record"): a photo of a
 * restricted or removed artifact is served to no one but its contributor and the moderators. Their
 * reads of the artifact carry the photo's addresses with `?access=a1.<until>.<HMAC>`, which opens
 * that photo's files until `until` (the next hour but one); anything else answers 404 as before.
 */
@Injectable()
export class PhotoAccess {
  private readonly key: Buffer;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    const { key, derived } = photoAccessKey(config);
    this.key = key;
    if (!derived) new Logger(PhotoAccess.name).warn('PHOTO_ACCESS_SECRET, MAIL_UNSUBSCRIBE_SECRET and RELEASE_DEPLOY_TOKEN are unset: hidden photos open to their contributor and moderators only through this instance, until it restarts');
  }

  /** The grant for one photo (its content hash), good for one to two hours from `now`. */
  grant(hash: string, now = Date.now()): string {
    const until = (Math.floor(now / HOUR_MS) + 2) * HOUR_MS;
    return `${FORMAT}.${until}.${mac(this.key, hash, until).toString('base64url')}`;
  }

  /** Whether `token` opens the photo `hash` at `now`: signed by this key for this photo, not expired. */
  opens(hash: string, token: unknown, now = Date.now()): boolean {
    if (typeof token !== 'string') return false;
    const match = /^a1\.(\d{13})\.([A-Za-z0-9_-]{43})$/.exec(token);
    if (!match) return false;
    const until = Number(match[1]);
    if (until <= now || until > now + 2 * HOUR_MS) return false;
    // Compared as written, not as decoded: the last character's low bits are padding, which a decoder
    // ignores, so only the one canonical spelling of the signature opens the photo.
    const expected = Buffer.from(mac(this.key, hash, until).toString('base64url'));
    const given = Buffer.from(match[2] as string);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
}
