import { createHash } from 'node:crypto';
import { Injectable, Logger, ServiceUnavailableException } from '@nestjs/common';
import { RELEASE_REMOTES, type ReleaseRouting } from '@antiquarium/contracts';
import { FreshCache } from './fresh-cache';
import { ReleasesRepository } from './releases.repository';
import { namedReleases, routedReleases } from './routed-releases';
import { TelemetryTickets } from './telemetry-tickets';

/**
 * How old the routing this instance serves may be. Its own changes clear it at once; another
 * instance's change is seen within this bound (plus the read), with no message between instances.
 */
export const ROUTING_MAX_AGE_MS = 1000;

/**
 * Browsers revalidate it on every page load (a 304 when nothing changed): a browser honours
 * stale-while-revalidate too, and would then load the release before a promotion or a rollback
 * once more (measured in the deploy journeys). Every answer, 304s included, carries a telemetry
 * ticket of its own (TELEMETRY_TICKET_HEADER; a browser takes a 304's headers into the response it
 * keeps), so no shared cache may keep it: `private`, and RFC 9213's CDN-Cache-Control, which a CDN
 * obeys before Cache-Control, says the same.
 */
export const ROUTING_CACHE_CONTROL = 'private, no-cache';
export const ROUTING_CDN_CACHE_CONTROL = 'no-store';

export interface ServedRouting {
  routing: ReleaseRouting;
  /** The JSON answer, serialized once per read. */
  body: string;
  /** A strong validator of exactly that body. */
  etag: string;
}

/** GET /releases/routing: read from the registry, served from memory (fresh-cache.ts). */
@Injectable()
export class RoutingService {
  private readonly logger = new Logger('ReleaseRouting');
  private readonly cache: FreshCache<ServedRouting>;

  constructor(
    private readonly repository: ReleasesRepository,
    private readonly tickets: TelemetryTickets,
  ) {
    this.cache = new FreshCache(
      () => this.read(),
      ROUTING_MAX_AGE_MS,
      (error) => this.logger.warn(`the routing could not be read (${error instanceof Error ? error.message : String(error)}): serving the last one read until it can`),
    );
  }

  async current(): Promise<ServedRouting> {
    try {
      return await this.cache.get();
    } catch (error) {
      this.logger.error(`the routing could not be read: ${error instanceof Error ? error.message : String(error)}`);
      throw new ServiceUnavailableException('The release routing is unavailable, please try again shortly');
    }
  }

  /**
   * The telemetry ticket of one page load under this routing, given to the client at `address`
   * (telemetry-ticket.ts); none when this api has no ticket key.
   */
  ticketFor(served: ServedRouting, address: string): string | undefined {
    return this.tickets.signer?.issue(served.routing, address);
  }

  /** After a change made here: the next request reads the registry again. */
  invalidate(): void {
    this.cache.invalidate();
  }

  private async read(): Promise<ServedRouting> {
    const routes = await this.repository.allRoutes(RELEASE_REMOTES);
    const manifests = await this.repository.manifests(routes.flatMap(namedReleases));
    const remotes: ReleaseRouting['remotes'] = {};
    let updatedAt: Date | null = null;
    for (const route of routes) {
      if (route.updatedAt && (!updatedAt || route.updatedAt > updatedAt)) updatedAt = route.updatedAt;
      const { live, canary } = routedReleases(route, manifests);
      if (!live) continue;
      remotes[route.remote] = canary ? { live, canary } : { live };
    }
    const routing: ReleaseRouting = { remotes, updatedAt: updatedAt ? updatedAt.toISOString() : null };
    const body = JSON.stringify(routing);
    return { routing, body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` };
  }
}

/** Whether an If-None-Match header names this ETag (weak comparison, as RFC 9110 asks for it). */
export function etagMatches(header: string | string[] | undefined, etag: string): boolean {
  if (header === undefined) return false;
  const text = Array.isArray(header) ? header.join(',') : header;
  if (text.trim() === '*') return true;
  return text.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === etag);
}
