import { Injectable, type OnModuleInit } from '@nestjs/common';
import { ArtifactsRepository } from '../artifacts/artifacts.repository';
import { ContributorTotals } from '../contributors/contributor-totals';
import { MemberDataRegistry } from '../members/member-data';
import { LikesRepository } from './likes.repository';
import { LikesService } from './likes.service';

const BATCH = 100;

/**
 * A member's likes, in their export and on the deletion of their account: each record is removed,
 * then the artifact's count and its adder's totals are settled from the records, each under its
 * write lock (docs/decisions/0043-writes-by-id.md). Run again, it finds nothing left to remove
 * and the counts already settled; a count left apart by a crash is settled by the next run or the
 * start-up reconciliation.
 */
@Injectable()
export class LikesMemberData implements OnModuleInit {
  constructor(
    private readonly registry: MemberDataRegistry,
    private readonly likes: LikesRepository,
    private readonly likesService: LikesService,
    private readonly artifacts: ArtifactsRepository,
    private readonly contributorTotals: ContributorTotals,
  ) {}

  onModuleInit(): void {
    this.registry.register({ section: 'likes', eraseOrder: 10, export: (uid) => this.export(uid), erase: (uid) => this.erase(uid) });
  }

  private async *export(uid: string): AsyncIterable<unknown> {
    for await (const like of this.likes.scanForUser(uid)) {
      yield { artifactId: like.artifactId.toHexString(), likedAt: new Date(like.likedAt).toISOString() };
    }
  }

  private async erase(uid: string): Promise<void> {
    for (;;) {
      const artifactIds = await this.likes.artifactIdsLikedBy(uid, BATCH);
      if (artifactIds.length === 0) break;
      const adders = new Set<string>();
      for (const artifactId of artifactIds) {
        await this.likes.remove(artifactId, uid);
        if ((await this.likesService.settleCount(artifactId)) === null) continue;
        const artifact = await this.artifacts.findById(artifactId);
        if (artifact) adders.add(artifact.adderUid);
      }
      for (const adder of adders) await this.contributorTotals.settle(adder);
    }
  }
}
