import { Injectable, type OnModuleInit } from '@nestjs/common';
import { ContributorTotals } from '../contributors/contributor-totals';
import { FORMER_MEMBER_NAME, FORMER_MEMBER_UID } from '../members/former-member';
import { MemberDataRegistry, type ContributionsChoice } from '../members/member-data';
import { ArtifactLikes } from './artifact-likes';
import { ArtifactsRepository } from './artifacts.repository';

/** Artifacts erased per round: memory stays bounded however many a member added. */
const BATCH = 100;

/**
 * The artifacts a member added, in their export (every field, their email included) and on the
 * deletion of their account: deleted with their likes, or kept under the "Former member" credit
 * with no email and an owner id that matches nobody (docs/decisions/0013-members-data-rights.md).
 */
@Injectable()
export class ArtifactsMemberData implements OnModuleInit {
  constructor(
    private readonly registry: MemberDataRegistry,
    private readonly artifacts: ArtifactsRepository,
    private readonly likes: ArtifactLikes,
    private readonly contributorTotals: ContributorTotals,
  ) {}

  onModuleInit(): void {
    this.registry.register({ section: 'artifacts', eraseOrder: 20, export: (uid) => this.export(uid), erase: (uid, mode) => this.erase(uid, mode) });
  }

  private async *export(uid: string): AsyncIterable<unknown> {
    for await (const doc of this.artifacts.scanOwnedBy(uid)) {
      const { _id, addedAt, ...fields } = doc;
      yield { ...fields, _id: _id.toHexString(), addedAt: new Date(addedAt).toISOString() };
    }
  }

  private async erase(uid: string, mode: ContributionsChoice): Promise<void> {
    for (;;) {
      const ids = await this.artifacts.idsOwnedBy(uid, BATCH);
      if (ids.length === 0) break;
      if (mode === 'anonymize') {
        await this.artifacts.releaseOwned(uid, ids, { adderUid: FORMER_MEMBER_UID, adderName: FORMER_MEMBER_NAME });
      } else {
        // The artifacts go first: if the process dies here, the retry finds no artifact and the
        // start-up reconciliation removes the orphaned likes (as for a single delete).
        await this.artifacts.releaseOwned(uid, ids);
        await this.likes.removeForArtifacts(ids);
      }
    }
    await this.contributorTotals.settle(uid);
  }
}
