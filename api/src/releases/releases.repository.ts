import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import type { ReleaseAuditEntry, ReleaseRemote } from '@antiquarium/contracts';
import { isDuplicateKey } from '../database/duplicate-key';
import { RELEASE_AUDIT_MODEL, type ReleaseAuditDoc } from './release-audit.schema';
import { RELEASE_ROUTE_MODEL, type ReleaseRouteDoc } from './release-route.schema';
import { RELEASE_MODEL, type ReleaseDoc } from './release.schema';

// (Kept here for the release lock, which imports it from this repository.)
export { isDuplicateKey } from '../database/duplicate-key';

export type NewRelease = Omit<ReleaseDoc, '_id'>;

/** A remote's routing as the service reasons about it; `revision` null when nothing is stored yet. */
export interface RouteState {
  remote: ReleaseRemote;
  live: string | null;
  liveSince: Date | null;
  history: string[];
  canary: { version: string; percent: number; since: Date } | null;
  revision: number | null;
  updatedAt: Date | null;
}

export type RouteChange = Pick<RouteState, 'live' | 'liveSince' | 'history' | 'canary'>;

/** An audit entry as a change writes it: the time is the change's own. */
export type AuditInput = Omit<ReleaseAuditEntry, 'at'>;

function toRouteState(remote: ReleaseRemote, doc: ReleaseRouteDoc | null): RouteState {
  if (!doc) return { remote, live: null, liveSince: null, history: [], canary: null, revision: null, updatedAt: null };
  const canary = doc.canary ? { version: doc.canary.version, percent: doc.canary.percent, since: doc.canary.since } : null;
  // Absent fields read as their empty values (a document written by hand, or by an older api).
  return { remote, live: doc.live ?? null, liveSince: doc.liveSince ?? null, history: [...(doc.history ?? [])], canary, revision: doc.revision ?? 0, updatedAt: doc.updatedAt ?? null };
}

/** The only code that reads or writes the releases, release_routes and release_audit collections. */
@Injectable()
export class ReleasesRepository {
  constructor(
    @InjectModel(RELEASE_MODEL) private readonly releases: Model<ReleaseDoc>,
    @InjectModel(RELEASE_ROUTE_MODEL) private readonly routes: Model<ReleaseRouteDoc>,
    @InjectModel(RELEASE_AUDIT_MODEL) private readonly audit: Model<ReleaseAuditDoc>,
  ) {}

  // ---------- releases ----------

  /** True when this call published it; false when (remote, version) was already there. */
  async insertRelease(release: NewRelease): Promise<boolean> {
    try {
      await this.releases.create(release);
      return true;
    } catch (error) {
      if (isDuplicateKey(error)) return false;
      throw error;
    }
  }

  findRelease(remote: ReleaseRemote, version: string): Promise<ReleaseDoc | null> {
    return this.releases.findOne({ remote, version }).lean<ReleaseDoc>().exec();
  }

  /** Records that the release becomes or stops being the live one now; null when it does not exist (any more). */
  markServed(remote: ReleaseRemote, version: string, at: Date): Promise<ReleaseDoc | null> {
    return this.releases.findOneAndUpdate({ remote, version }, { $set: { lastLiveAt: at } }, { returnDocument: 'after' }).lean<ReleaseDoc>().exec();
  }

  /** Deletes it only if it has not served since `servedBefore` (checked in the same operation). */
  async deleteRelease(remote: ReleaseRemote, version: string, servedBefore: Date): Promise<boolean> {
    const result = await this.releases.deleteOne({ remote, version, $or: [{ lastLiveAt: null }, { lastLiveAt: { $lt: servedBefore } }] }).exec();
    return result.deletedCount === 1;
  }

  latestReleases(remote: ReleaseRemote, limit: number): Promise<ReleaseDoc[]> {
    return this.releases.find({ remote }).sort({ publishedAt: -1, _id: -1 }).limit(limit).lean<ReleaseDoc[]>().exec();
  }

  /** Every release of a remote, newest first, with when it was last live (what pruning decides by). */
  releaseLives(remote: ReleaseRemote): Promise<Pick<ReleaseDoc, 'version' | 'lastLiveAt'>[]> {
    return this.releases
      .find({ remote }, { _id: 0, version: 1, lastLiveAt: 1 })
      .sort({ publishedAt: -1, _id: -1 })
      .lean<Pick<ReleaseDoc, 'version' | 'lastLiveAt'>[]>()
      .exec();
  }

  /** The manifests of the named releases (the routing's live and canary ones: at most two per remote). */
  async manifests(refs: readonly { remote: ReleaseRemote; version: string }[]): Promise<Map<string, string>> {
    if (refs.length === 0) return new Map();
    const docs = await this.releases
      .find({ $or: refs.map(({ remote, version }) => ({ remote, version })) }, { remote: 1, version: 1, manifestUrl: 1 })
      .lean<Pick<ReleaseDoc, 'remote' | 'version' | 'manifestUrl'>[]>()
      .exec();
    return new Map(docs.map((doc) => [`${doc.remote}@${doc.version}`, doc.manifestUrl]));
  }

  /** Every (remote, version) the registry holds, as `remote@version`. */
  async releaseKeys(): Promise<Set<string>> {
    const docs = await this.releases.find({}, { _id: 0, remote: 1, version: 1 }).lean<Pick<ReleaseDoc, 'remote' | 'version'>[]>().exec();
    return new Set(docs.map((doc) => `${doc.remote}@${doc.version}`));
  }

  // ---------- routes ----------

  async route(remote: ReleaseRemote): Promise<RouteState> {
    return toRouteState(remote, await this.routes.findOne({ remote }).lean<ReleaseRouteDoc>().exec());
  }

  async allRoutes(remotes: readonly ReleaseRemote[]): Promise<RouteState[]> {
    const docs = await this.routes.find({}).lean<ReleaseRouteDoc[]>().exec();
    return remotes.map((remote) => toRouteState(remote, docs.find((doc) => doc.remote === remote) ?? null));
  }

  /**
   * Writes a change computed from `current`, only if nobody changed the route since it was read
   * (compare-and-set on revision). False when someone did: read again and decide again.
   */
  async replaceRoute(current: RouteState, change: RouteChange, at: Date): Promise<boolean> {
    const fields = { ...change, updatedAt: at };
    if (current.revision === null) {
      try {
        await this.routes.create({ remote: current.remote, ...fields, revision: 1 });
        return true;
      } catch (error) {
        if (isDuplicateKey(error)) return false;
        throw error;
      }
    }
    const result = await this.routes.updateOne({ remote: current.remote, revision: current.revision }, { $set: { ...fields, revision: current.revision + 1 } }).exec();
    return result.matchedCount === 1;
  }

  /** Removes the canary only if it is still `version` (the auto-rollback of several instances at once). */
  async clearCanary(remote: ReleaseRemote, version: string, at: Date): Promise<boolean> {
    const result = await this.routes.updateOne({ remote, 'canary.version': version }, { $set: { canary: null, updatedAt: at }, $inc: { revision: 1 } }).exec();
    return result.modifiedCount === 1;
  }

  /**
   * A change that does not touch the routing (publish, prune) still dates it: ETags follow. Not an
   * upsert with $setOnInsert: FerretDB 1.24 drops the null and empty-array values of $setOnInsert,
   * so a new route is created whole, and a concurrent creation is answered by updating it.
   */
  async touchRoute(remote: ReleaseRemote, at: Date): Promise<void> {
    if ((await this.routes.updateOne({ remote }, { $set: { updatedAt: at } }).exec()).matchedCount === 1) return;
    try {
      await this.routes.create({ remote, live: null, liveSince: null, history: [], canary: null, revision: 0, updatedAt: at });
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
      await this.routes.updateOne({ remote }, { $set: { updatedAt: at } }).exec();
    }
  }

  /** Takes a pruned release out of the rollback history. */
  async forgetInHistory(remote: ReleaseRemote, version: string): Promise<void> {
    await this.routes.updateOne({ remote }, { $pull: { history: version }, $inc: { revision: 1 } }).exec();
  }

  // ---------- audit ----------

  async addAudit(entry: AuditInput, at: Date): Promise<void> {
    await this.audit.create({ ...entry, at });
  }

  latestAudit(limit: number): Promise<ReleaseAuditDoc[]> {
    return this.audit.find({}).sort({ at: -1, _id: -1 }).limit(limit).lean<ReleaseAuditDoc[]>().exec();
  }
}
