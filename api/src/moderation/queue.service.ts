import { Injectable } from '@nestjs/common';
import type { QueueEntry, ReportReason } from '@antiquarium/contracts';
import { ModeratedArtifacts } from './moderated-artifacts';
import { ModerationRepository, type Paged, type StoredReport } from './moderation.repository';
import { iso, toDecisionView } from './moderation-views';

/** At most this many open notices are grouped for one queue page (the oldest first). */
const QUEUE_SCAN = 5000;
/** At most this many earlier decisions are read beside one queue page. */
const EARLIER_DECISIONS = 500;

/** The moderators' queue: the open notices grouped by artifact, the oldest first, each with the decisions before. */
@Injectable()
export class QueueService {
  constructor(
    private readonly records: ModerationRepository,
    private readonly artifacts: ModeratedArtifacts,
  ) {}

  async queue(page: number, limit: number): Promise<Paged<QueueEntry>> {
    const open = await this.records.openReports(QUEUE_SCAN);
    const groups = new Map<string, StoredReport[]>();
    for (const doc of open) groups.set(doc.artifactId, [...(groups.get(doc.artifactId) ?? []), doc]);
    const all = [...groups.entries()];
    const pageGroups = all.slice((page - 1) * limit, page * limit);
    const artifacts = await Promise.all(pageGroups.map(([artifactId]) => this.artifacts.byId(artifactId)));
    const artifactIds = pageGroups.map(([artifactId]) => artifactId);
    const contributorUids = [...new Set(pageGroups.map(([, docs]) => docs[0]!.contributorUid))];
    const earlier = pageGroups.length ? await this.records.decisionsAbout(artifactIds, contributorUids, EARLIER_DECISIONS) : [];
    const items = pageGroups.map(([artifactId, docs], index): QueueEntry => {
      const artifact = artifacts[index];
      const reasons: Partial<Record<ReportReason, number>> = {};
      for (const doc of docs) reasons[doc.reason] = (reasons[doc.reason] ?? 0) + 1;
      const contributorUid = docs[0]!.contributorUid;
      return {
        artifactId,
        artifact: artifact
          ? {
              id: artifactId,
              name: artifact.name,
              image: this.artifacts.coverOf(artifact),
              shortDescription: artifact.shortDescription,
              context: artifact.context,
              adderName: artifact.adderName,
              moderation: this.artifacts.stateOf(artifact),
            }
          : null,
        count: docs.length,
        reasons,
        oldestAt: iso(docs[0]!.receivedAt)!,
        reports: docs.map((doc) => ({
          id: doc._id.toHexString(),
          reason: doc.reason,
          details: doc.details ?? '',
          receivedAt: iso(doc.receivedAt)!,
          fromMember: !!doc.reporterUid,
          ...(doc.photoId ? { photoId: doc.photoId } : {}),
          // The sender's address, for a moderator to write to them: on this moderators' answer only.
          ...(doc.email ? { email: doc.email } : {}),
        })),
        earlierDecisions: earlier.filter((decision) => decision.artifactId === artifactId).map(toDecisionView),
        contributorDecisions: earlier.filter((decision) => decision.contributorUid === contributorUid && decision.artifactId !== artifactId).map(toDecisionView),
      };
    });
    return { items, total: all.length };
  }
}
