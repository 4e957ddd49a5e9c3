import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import type { AppConfig } from '../config/env';

const KEY_INFO = 'antiquarium mail unsubscribe v1';
const FORMAT = 'u1';

/** The address a preference is kept under: case does not tell two mailboxes apart in practice. */
export const preferenceAddress = (address: string) => address.trim().toLowerCase();

/**
 * The key of the unsubscribe tokens: MAIL_UNSUBSCRIBE_SECRET, else derived from RELEASE_DEPLOY_TOKEN
 * by HKDF under a label of its own (as the telemetry tickets' key: every instance given the same
 * token derives the same key, and the key reveals nothing of the token). With neither, which the
 * configuration allows outside production only, a random key of this process: its links stop
 * working when it restarts (`derived: false`, said once at start-up).
 */
export function unsubscribeKey(config: Pick<AppConfig, 'mailUnsubscribeSecret' | 'releaseDeployToken'>): { key: Buffer; derived: boolean } {
  const secret = config.mailUnsubscribeSecret ?? config.releaseDeployToken;
  if (secret === undefined) return { key: randomBytes(32), derived: false };
  return { key: Buffer.from(hkdfSync('sha256', secret, '', KEY_INFO, 32)), derived: true };
}

const mac = (key: Buffer, address: string) => createHmac('sha256', key).update(`${FORMAT}:${address}`).digest();

/**
 * `u1.<address, base64url>.<HMAC-SHA256, base64url>`: names the address it unsubscribes and cannot
 * be made for another without the key. It does not expire: a mail's link must keep working.
 */
export function signUnsubscribeToken(key: Buffer, address: string): string {
  const normalized = preferenceAddress(address);
  return `${FORMAT}.${Buffer.from(normalized).toString('base64url')}.${mac(key, normalized).toString('base64url')}`;
}

/** The address a token unsubscribes, or null for anything this key did not sign. */
export function readUnsubscribeToken(key: Buffer, token: string): string | null {
  const parts = token.split('.');
  if (parts.length !== 3 || parts[0] !== FORMAT) return null;
  const [, encodedAddress = '', encodedMac = ''] = parts;
  if (!/^[A-Za-z0-9_-]{1,400}$/.test(encodedAddress) || !/^[A-Za-z0-9_-]{43}$/.test(encodedMac)) return null;
  const address = Buffer.from(encodedAddress, 'base64url').toString('utf8');
  const expected = mac(key, address);
  const given = Buffer.from(encodedMac, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return address;
}
