import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { Types } from 'mongoose';
import { nameSortKey } from '@antiquarium/contracts';
import { ArtifactsRepository } from '../artifacts/artifacts.repository';
import { DERIVED_VERSION } from '../artifacts/derived-fields';
import { APP_CONFIG, type AppConfig } from '../config/env';
import { ContributorTotals, type CountedTotals } from '../contributors/contributor-totals';
import { ContributorsRepository } from '../contributors/contributors.repository';
import { FORMER_MEMBER_UID } from '../members/former-member';
import { reconciliationRuns } from '../observability/metrics';
import { LikeRemovals } from '../likes/like-removals';
import { LikesRepository } from '../likes/likes.repository';

export interface ReconcileReport {
  likeCountsFixed: number;
  orphanLikesRemoved: number;
  contributorsFixed: number;
  /** Contributors whose entry a write moved while the pass counted: left as the writes keep them. */
  contributorsMoving: number;
  /** Artifacts whose derived fields (sort key, dates, place) were made by older rules, recomputed. */
  derivedFixed: number;
  /** Like records without their own id (likes/like-id.ts); none, and this process looks likes up by id alone. */
  unkeyedLikes: number;
}

/**
 * Without transactions, a crash between writing a like record and moving its counter (or between
 * deleting an artifact and its likes) can leave them apart. This pass recomputes the counters from
 * the records, which are the truth (docs/decisions/0002-likes-without-transactions.md). The same scan
 * brings derived fields written by older rules up to date (derived-fields.ts: the name sort key, the
 * date range read from the created-at text, the place): idempotent, one pass, in the background.
 */
@Injectable()
export class ReconcileService implements OnApplicationBootstrap {
  private readonly logger = new Logger('Reconcile');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly artifacts: ArtifactsRepository,
    private readonly likes: LikesRepository,
    private readonly contributors: ContributorsRepository,
    private readonly contributorTotals: ContributorTotals,
    private readonly likeRemovals: LikeRemovals,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.config.reconcileOnStart) return;
    // In the background: serving starts at once, and a database that is down only delays this.
    void this.run().then(
      (report) => {
        reconciliationRuns.inc({ outcome: 'done' });
        this.logger.log(`done: ${JSON.stringify(report)}`);
      },
      (error: unknown) => {
        reconciliationRuns.inc({ outcome: 'skipped' });
        this.logger.warn(`skipped: ${error instanceof Error ? error.message : String(error)}`);
      },
    );
  }

  async run(): Promise<ReconcileReport> {
    // The entries before the counting starts: one a write moves meanwhile is not overwritten.
    const entries = await this.contributors.entries();
    const countedFrom = new Date();
    const { counts, unkeyed: unkeyedLikes } = await this.likes.countsByArtifact();
    const totals = new Map<string, CountedTotals>();
    let likeCountsFixed = 0;
    let derivedFixed = 0;
    for await (const artifact of this.artifacts.scanCounters()) {
      const id = artifact._id.toHexString();
      const expected = counts.get(id) ?? 0;
      counts.delete(id);
      if ((artifact.likes ?? 0) !== expected && (await this.artifacts.correctLikes(artifact._id, artifact.likes ?? 0, expected))) {
        likeCountsFixed += 1;
      }
      if ((artifact.derivedVersion !== DERIVED_VERSION || artifact.nameLower !== nameSortKey(artifact.name)) && (await this.artifacts.correctDerived(artifact))) {
        derivedFixed += 1;
      }
      // Artifacts kept under "Former member" count for no contributor (members/former-member.ts).
      if (artifact.adderUid === FORMER_MEMBER_UID) continue;
      const total = totals.get(artifact.adderUid) ?? { name: artifact.adderName, artifacts: 0, likes: 0 };
      total.artifacts += 1;
      total.likes += expected;
      total.name = artifact.adderName;
      totals.set(artifact.adderUid, total);
    }
    // What is left in counts are likes of artifacts the scan did not see: removed, or just created.
    const candidates = [...counts.keys()].map((id) => new Types.ObjectId(id));
    const existing = await this.artifacts.existingIds(candidates);
    const orphanLikesRemoved = await this.likes.removeForArtifacts(candidates.filter((id) => !existing.has(id.toHexString())));
    // A delete's removal recorded before the count began is done now, whoever started it.
    await this.likeRemovals.clearBefore(countedFrom);
    const { corrected: contributorsFixed, moving: contributorsMoving } = await this.contributorTotals.correct(entries, totals);
    if (unkeyedLikes === 0) this.likes.markAllKeyed();
    return { likeCountsFixed, orphanLikesRemoved, contributorsFixed, contributorsMoving, derivedFixed, unkeyedLikes };
  }
}
