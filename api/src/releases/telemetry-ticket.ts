import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import { isIPv6 } from 'node:net';
import {
  isRecord,
  isReleaseRemote,
  isReleaseVersion,
  TELEMETRY_TICKET_MAX_LENGTH,
  TELEMETRY_TICKET_TTL_MS,
  type ReleaseRemote,
  type ReleaseRouting,
} from '@antiquarium/contracts';
import type { AppConfig } from '../config/env';

/** The releases a ticket lets its page load report, per remote: the live one and the canary. */
export type TicketReleases = Partial<Record<ReleaseRemote, string[]>>;

/** What a valid ticket says (docs/decisions/0028, "Telemetry tickets"). */
export interface Ticket {
  /** Random, one per page load: what "one view and one failure per ticket" counts by. */
  id: string;
  /** A keyed hash of the address the ticket was given to (IPv6: its /64), never the address. */
  client: string;
  expiresAt: number;
  releases: TicketReleases;
}

export type TicketProblem = 'malformed' | 'forged' | 'expired';

const FORMAT = 't1';
const KEY_INFO = 'antiquarium release telemetry tickets v1';

/**
 * The signing key: RELEASE_TELEMETRY_SECRET, else derived from RELEASE_DEPLOY_TOKEN (HKDF with a
 * label of its own: a ticket key reveals nothing of the deploy token, and every instance given the
 * same token derives the same key). Without either there is no key: no tickets, nothing counted.
 */
export function ticketKey(config: Pick<AppConfig, 'releaseTelemetrySecret' | 'releaseDeployToken'>): Buffer | undefined {
  const secret = config.releaseTelemetrySecret ?? config.releaseDeployToken;
  if (secret === undefined) return undefined;
  return Buffer.from(hkdfSync('sha256', secret, '', KEY_INFO, 32));
}

/**
 * Who the budgets of the verdict count as one client: an IPv4 address, or an IPv6 address's /64
 * (one machine is commonly given a whole /64, so its addresses are no evidence of more clients).
 */
export function clientKeyOf(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return mapped[1];
  if (!isIPv6(address)) return address;
  const [head = '', tail = ''] = address.toLowerCase().split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const missing = 8 - headGroups.length - tailGroups.length;
  const groups = address.includes('::') ? [...headGroups, ...Array<string>(Math.max(0, missing)).fill('0'), ...tailGroups] : headGroups;
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

function base64url(text: string | Buffer): string {
  return Buffer.from(text).toString('base64url');
}

/** The releases of a ticket as signed: known remotes, one or two release versions each. */
function readReleases(value: unknown): TicketReleases | undefined {
  if (!isRecord(value)) return undefined;
  const releases: TicketReleases = {};
  for (const [remote, versions] of Object.entries(value)) {
    if (!isReleaseRemote(remote) || !Array.isArray(versions) || versions.length === 0 || versions.length > 2) return undefined;
    if (!versions.every((version) => isReleaseVersion(version))) return undefined;
    releases[remote] = versions as string[];
  }
  return releases;
}

/**
 * Signs and reads telemetry tickets: `t1.<payload>.<HMAC-SHA256>`, base64url, the payload a small
 * JSON object. Stateless: any instance with the same key reads any instance's tickets; what a
 * ticket has already been counted for is kept in the database (telemetry-claims.repository.ts).
 */
export class TicketSigner {
  constructor(
    private readonly key: Buffer,
    private readonly ttlMs = TELEMETRY_TICKET_TTL_MS,
  ) {}

  private sign(data: string): Buffer {
    return createHmac('sha256', this.key).update(data).digest();
  }

  /** The keyed hash a ticket carries for its client. */
  clientHash(address: string): string {
    return createHmac('sha256', this.key).update(`client:${clientKeyOf(address)}`).digest('base64url').slice(0, 22);
  }

  /** A new ticket for one page load under this routing, given to `address`. */
  issue(routing: ReleaseRouting, address: string, now = Date.now()): string {
    const releases: TicketReleases = {};
    for (const [remote, entry] of Object.entries(routing.remotes)) {
      if (!isReleaseRemote(remote) || !entry) continue;
      releases[remote] = entry.canary ? [entry.live.version, entry.canary.version] : [entry.live.version];
    }
    return this.encode({ id: randomBytes(16).toString('base64url'), client: this.clientHash(address), expiresAt: now + this.ttlMs, releases });
  }

  /** A ticket with exactly these contents (tests make expired ones with it). */
  encode(ticket: Ticket): string {
    const payload = base64url(JSON.stringify({ i: ticket.id, c: ticket.client, e: ticket.expiresAt, r: ticket.releases }));
    const data = `${FORMAT}.${payload}`;
    return `${data}.${this.sign(data).toString('base64url')}`;
  }

  /** The ticket's contents, or why it is refused. The signature is checked before anything is parsed. */
  read(text: string, now = Date.now()): Ticket | TicketProblem {
    if (text.length > TELEMETRY_TICKET_MAX_LENGTH) return 'malformed';
    const parts = text.split('.');
    if (parts.length !== 3 || parts[0] !== FORMAT || !/^[\w-]+$/.test(parts[1] ?? '') || !/^[\w-]{43}$/.test(parts[2] ?? '')) return 'malformed';
    const sent = Buffer.from(parts[2] as string, 'base64url');
    if (!timingSafeEqual(sent, this.sign(`${FORMAT}.${parts[1]}`))) return 'forged';
    let payload: unknown;
    try {
      payload = JSON.parse(Buffer.from(parts[1] as string, 'base64url').toString('utf8'));
    } catch {
      return 'malformed';
    }
    if (!isRecord(payload)) return 'malformed';
    const { i: id, c: client, e: expiresAt } = payload;
    const releases = readReleases(payload.r);
    if (typeof id !== 'string' || !/^[\w-]{16,64}$/.test(id) || typeof client !== 'string' || !/^[\w-]{8,64}$/.test(client)) return 'malformed';
    if (typeof expiresAt !== 'number' || !Number.isFinite(expiresAt) || !releases) return 'malformed';
    if (expiresAt <= now) return 'expired';
    return { id, client, expiresAt, releases };
  }
}
