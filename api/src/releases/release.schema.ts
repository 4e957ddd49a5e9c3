import { Schema, type Types } from 'mongoose';
import { RELEASE_REMOTES } from '@antiquarium/contracts';

export const RELEASE_MODEL = 'Release';

/**
 * One published build of a remote (docs/api.md "Releases"). Immutable once published, but for
 * lastLiveAt: the unique (remote, version) index turns a second publish into a duplicate-key error,
 * which the service answers as idempotent (same manifest) or 409 (another manifest).
 */
export const releaseSchema = new Schema(
  {
    remote: { type: String, required: true, enum: RELEASE_REMOTES },
    version: { type: String, required: true },
    manifestUrl: { type: String, required: true },
    // Package names may hold '.', which FerretDB cannot store as a key: pairs, not an object.
    shared: { type: [{ _id: false, pkg: { type: String, required: true }, range: { type: String, required: true } }], default: [] },
    exposes: { type: [String], default: [] },
    notes: { type: String, default: '' },
    publishedBy: { type: String, required: true },
    publishedAt: { type: Date, required: true },
    // When it last became or stopped being the live release: pruning keeps it for
    // RELEASE_KEEP_LIVE_MS after (a promote sets it before it points the routing here, so a
    // concurrent prune cannot remove a release the routing is about to name). A canary does not set
    // it: a release that was only ever a canary is no rollback target (the remove path checks the
    // current canary under the remote's lock).
    lastLiveAt: { type: Date, default: null },
  },
  { collection: 'releases', versionKey: false, strict: 'throw' },
);

releaseSchema.index({ remote: 1, version: 1 }, { unique: true });
// A remote's latest releases, newest first, ties by _id: the index serves the whole sort (the
// index-plan test checks it). Replaces { remote, publishedAt } (a database that has both may drop it).
releaseSchema.index({ remote: 1, publishedAt: -1, _id: -1 });

/** A stored release, as lean reads return it (written out: mongoose infers `shared` as a document array). */
export interface ReleaseDoc {
  _id: Types.ObjectId;
  remote: string;
  version: string;
  manifestUrl: string;
  shared: { pkg: string; range: string }[];
  exposes: string[];
  notes: string;
  publishedBy: string;
  publishedAt: Date;
  lastLiveAt: Date | null;
}
