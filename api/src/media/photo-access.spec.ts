import type { AppConfig } from '../config/env';
import { PhotoAccess, photoAccessKey } from './photo-access';

const HASH = 'a'.repeat(32);
const OTHER = 'b'.repeat(32);
const HOUR = 3_600_000;
const config = (secrets: Partial<Pick<AppConfig, 'photoAccessSecret' | 'mailUnsubscribeSecret' | 'releaseDeployToken'>>) => secrets as AppConfig;

describe('photo access grants', () => {
  const access = new PhotoAccess(config({ photoAccessSecret: 's'.repeat(40) }));
  const now = Date.UTC(2026, 10, 28, 10, 15);

  it('opens the photo it was made for, from one to two hours', () => {
    const grant = access.grant(HASH, now);
    expect(grant).toMatch(/^a1\.\d{13}\.[A-Za-z0-9_-]{43}$/);
    expect(access.opens(HASH, grant, now)).toBe(true);
    expect(access.opens(HASH, grant, now + HOUR)).toBe(true);
    // Made at 10:15, it ends at 12:00: the same grant for the whole hour (a page's addresses stay cached).
    expect(access.grant(HASH, now + 40 * 60_000)).toBe(grant);
    expect(access.opens(HASH, grant, Date.UTC(2026, 10, 28, 12, 0))).toBe(false);
  });

  it('opens nothing else: another photo, a changed time or signature, another key, no grant', () => {
    const grant = access.grant(HASH, now);
    expect(access.opens(OTHER, grant, now)).toBe(false);
    const [, until, mac] = grant.split('.');
    expect(access.opens(HASH, `a1.${Number(until) + HOUR}.${mac}`, now)).toBe(false);
    expect(access.opens(HASH, `a1.${until}.${(mac as string).replace(/^./, (c) => (c === 'A' ? 'B' : 'A'))}`, now)).toBe(false);
    expect(new PhotoAccess(config({ photoAccessSecret: 't'.repeat(40) })).opens(HASH, grant, now)).toBe(false);
    // The last character's two low bits are base64 padding: a spelling that decodes to the same bytes is refused too.
    const last = grant.at(-1) as string;
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const sameBytes = alphabet[alphabet.indexOf(last) ^ 1] as string;
    expect(Buffer.from(`${grant.slice(0, -1)}${sameBytes}`.split('.')[2] as string, 'base64url')).toEqual(Buffer.from(mac as string, 'base64url'));
    expect(access.opens(HASH, `${grant.slice(0, -1)}${sameBytes}`, now)).toBe(false);
    for (const token of [undefined, '', ['x'], grant.toUpperCase(), `${grant}.`, `a2.${until}.${mac}`]) expect(access.opens(HASH, token, now)).toBe(false);
  });

  it('refuses a grant that ends too far ahead (made with a clock or code not ours)', () => {
    expect(access.opens(HASH, access.grant(HASH, now + 3 * HOUR), now)).toBe(false);
  });

  it('derives its key from the photo secret, else the unsubscribe secret, else the deploy token, else a random one', () => {
    const photo = photoAccessKey(config({ photoAccessSecret: 'p'.repeat(40), mailUnsubscribeSecret: 'm'.repeat(40) }));
    const mail = photoAccessKey(config({ mailUnsubscribeSecret: 'm'.repeat(40), releaseDeployToken: 'd'.repeat(40) }));
    const deploy = photoAccessKey(config({ releaseDeployToken: 'd'.repeat(40) }));
    expect([photo.derived, mail.derived, deploy.derived]).toEqual([true, true, true]);
    expect(new Set([photo.key.toString('hex'), mail.key.toString('hex'), deploy.key.toString('hex')]).size).toBe(3);
    expect(photoAccessKey(config({ releaseDeployToken: 'd'.repeat(40) })).key.equals(deploy.key)).toBe(true);
    // The key is not the secret itself.
    expect(deploy.key.toString('utf8')).not.toContain('dddd');
    const random = photoAccessKey(config({}));
    expect(random.derived).toBe(false);
    expect(random.key.equals(photoAccessKey(config({})).key)).toBe(false);
  });
});
