import type { Release, ReleaseAuditEntry, ReleaseRemote } from '@antiquarium/contracts';
import type { ReleaseAuditDoc } from './release-audit.schema';
import type { ReleaseDoc } from './release.schema';

/** A stored release as the api answers it (shared back as an object). */
export function toRelease(doc: ReleaseDoc): Release {
  return {
    remote: doc.remote as ReleaseRemote,
    version: doc.version,
    manifestUrl: doc.manifestUrl,
    shared: Object.fromEntries(doc.shared.map(({ pkg, range }) => [pkg, range])),
    exposes: [...doc.exposes],
    notes: doc.notes,
    publishedBy: doc.publishedBy,
    publishedAt: doc.publishedAt.toISOString(),
    lastLiveAt: doc.lastLiveAt ? doc.lastLiveAt.toISOString() : null,
  };
}

export function toAuditEntry(doc: ReleaseAuditDoc): ReleaseAuditEntry {
  return {
    at: doc.at.toISOString(),
    remote: doc.remote as ReleaseRemote,
    action: doc.action,
    version: doc.version,
    ...(doc.fromVersion ? { fromVersion: doc.fromVersion } : {}),
    ...(typeof doc.percent === 'number' ? { percent: doc.percent } : {}),
    by: doc.by,
    ...(doc.reason ? { reason: doc.reason } : {}),
  };
}
