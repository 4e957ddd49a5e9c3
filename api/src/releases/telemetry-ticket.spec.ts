import { TELEMETRY_TICKET_MAX_LENGTH, TELEMETRY_TICKET_TTL_MS, type ReleaseRouting } from '@antiquarium/contracts';
import { clientKeyOf, ticketKey, TicketSigner } from './telemetry-ticket';

const LIVE = '0.1.0-aaaaaaaaaaaa';
const CANARY = '0.2.0-bbbbbbbbbbbb';
const ACCOUNT = '0.1.0-cccccccccccc';
const ROUTING: ReleaseRouting = {
  remotes: {
    catalog: { live: { version: LIVE, manifestUrl: '/a' }, canary: { version: CANARY, manifestUrl: '/b', percent: 10 } },
    account: { live: { version: ACCOUNT, manifestUrl: '/c' } },
  },
  updatedAt: null,
};
const NOW = Date.UTC(2026, 10, 25, 12);
const key = (secret: string) => ticketKey({ releaseTelemetrySecret: secret, releaseDeployToken: undefined }) as Buffer;
const signer = new TicketSigner(key('a-test-secret-of-at-least-32-characters!'));

function tamper(ticket: string, change: (payload: Record<string, unknown>) => void): string {
  const [format, payload, signature] = ticket.split('.') as [string, string, string];
  const json = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
  change(json);
  return `${format}.${Buffer.from(JSON.stringify(json)).toString('base64url')}.${signature}`;
}

describe('telemetry tickets', () => {
  it('carry the routing’s releases per remote, a hash of the client and their expiry', () => {
    const ticket = signer.issue(ROUTING, '203.0.113.7', NOW);
    expect(ticket.length).toBeLessThan(TELEMETRY_TICKET_MAX_LENGTH);
    const read = signer.read(ticket, NOW + 1);
    expect(read).toEqual({ id: expect.stringMatching(/^[\w-]{22}$/), client: signer.clientHash('203.0.113.7'), expiresAt: NOW + TELEMETRY_TICKET_TTL_MS, releases: { catalog: [LIVE, CANARY], account: [ACCOUNT] } });
    expect(ticket).not.toContain('203.0.113.7');
    expect(Buffer.from(ticket.split('.')[1] as string, 'base64url').toString()).not.toContain('203.0.113');
  });

  it('are one per page load: every issue has an id of its own', () => {
    const ids = new Set(Array.from({ length: 50 }, () => (signer.read(signer.issue(ROUTING, '203.0.113.7', NOW), NOW) as { id: string }).id));
    expect(ids.size).toBe(50);
  });

  it('expire after TELEMETRY_TICKET_TTL_MS', () => {
    const ticket = signer.issue(ROUTING, '203.0.113.7', NOW);
    expect(typeof signer.read(ticket, NOW + TELEMETRY_TICKET_TTL_MS - 1)).toBe('object');
    expect(signer.read(ticket, NOW + TELEMETRY_TICKET_TTL_MS)).toBe('expired');
  });

  it('refuse a changed payload, another key’s signature and anything malformed', () => {
    const ticket = signer.issue(ROUTING, '203.0.113.7', NOW);
    expect(signer.read(tamper(ticket, (payload) => (payload['e'] = NOW + 10 * TELEMETRY_TICKET_TTL_MS)), NOW)).toBe('forged');
    expect(signer.read(tamper(ticket, (payload) => (payload['r'] = { catalog: [CANARY] })), NOW)).toBe('forged');
    const other = new TicketSigner(key('another-secret-of-at-least-32-characters'));
    expect(signer.read(other.issue(ROUTING, '203.0.113.7', NOW), NOW)).toBe('forged');
    const [format, payload, signature] = ticket.split('.') as [string, string, string];
    for (const bad of ['', 'x', `${format}.${payload}`, `t2.${payload}.${signature}`, `${format}.${payload}.${signature}A`, `${format}..${signature}`, 'x'.repeat(TELEMETRY_TICKET_MAX_LENGTH + 1)]) {
      expect([bad.slice(0, 20), signer.read(bad, NOW)]).toEqual([bad.slice(0, 20), 'malformed']);
    }
  });

  it('refuse a well-signed payload of the wrong shape', () => {
    const base = { id: 'abcdefghijklmnopqrstuv', client: 'client-hash', expiresAt: NOW + 1000, releases: { catalog: [LIVE] } };
    expect(typeof signer.read(signer.encode(base), NOW)).toBe('object');
    for (const releases of [{ checkout: [LIVE] }, { catalog: [] }, { catalog: ['v1'] }, { catalog: [LIVE, CANARY, LIVE] }, { catalog: LIVE }, JSON.parse(`{"__proto__": ["${LIVE}"]}`) as object]) {
      expect(signer.read(signer.encode({ ...base, releases: releases as never }), NOW)).toBe('malformed');
    }
    expect(signer.read(signer.encode({ ...base, id: 'short' }), NOW)).toBe('malformed');
    expect(signer.read(signer.encode({ ...base, expiresAt: Number.NaN }), NOW)).toBe('malformed');
  });

  it('count an IPv6 client by its /64, an IPv4-mapped one as IPv4', () => {
    expect(clientKeyOf('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(clientKeyOf('2001:0db8:0001:0002:ffff:eeee:dddd:cccc')).toBe('2001:db8:1:2::/64');
    expect(clientKeyOf('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientKeyOf('::ffff:198.51.100.4')).toBe('198.51.100.4');
    expect(clientKeyOf('198.51.100.4')).toBe('198.51.100.4');
    expect(signer.clientHash('2001:db8:1:2::1')).toBe(signer.clientHash('2001:db8:1:2:ffff::9'));
    expect(signer.clientHash('2001:db8:1:3::1')).not.toBe(signer.clientHash('2001:db8:1:2::1'));
  });

  it('are signed with RELEASE_TELEMETRY_SECRET, else a key derived from the deploy token, else not at all', () => {
    const token = 'd'.repeat(48);
    expect(ticketKey({ releaseTelemetrySecret: undefined, releaseDeployToken: undefined })).toBeUndefined();
    const derived = ticketKey({ releaseTelemetrySecret: undefined, releaseDeployToken: token }) as Buffer;
    expect(derived).toHaveLength(32);
    expect(derived.toString('hex')).not.toContain(Buffer.from(token).toString('hex').slice(0, 16));
    expect(ticketKey({ releaseTelemetrySecret: 's'.repeat(40), releaseDeployToken: token })?.equals(derived)).toBe(false);
  });
});
