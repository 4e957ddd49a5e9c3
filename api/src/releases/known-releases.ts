import { Injectable } from '@nestjs/common';
import { FreshCache } from './fresh-cache';
import { ReleasesRepository } from './releases.repository';

/**
 * How long the set of published releases is reused to filter telemetry. A release published on
 * another instance is counted from at most this long after; this instance's own publishes and
 * prunes clear it at once.
 */
export const KNOWN_RELEASES_MAX_AGE_MS = 5000;

/**
 * The releases telemetry may be counted for: events naming anything else are dropped, so junk sent
 * to the public telemetry route cannot create stats rows.
 */
@Injectable()
export class KnownReleases {
  private readonly cache: FreshCache<Set<string>>;

  constructor(repository: ReleasesRepository) {
    this.cache = new FreshCache(() => repository.releaseKeys(), KNOWN_RELEASES_MAX_AGE_MS);
  }

  /** `remote@version` of every published release. */
  current(): Promise<Set<string>> {
    return this.cache.get();
  }

  invalidate(): void {
    this.cache.invalidate();
  }
}
