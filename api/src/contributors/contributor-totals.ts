import { Injectable } from '@nestjs/common';
import { FORMER_MEMBER_UID } from '../members/former-member';
import { ArtifactTotals } from './artifact-totals';
import { ContributorsRepository } from './contributors.repository';

const MAX_ROUNDS = 8;

/**
 * Keeps a contributor's totals (their artifacts and the likes those got, for Top Contributors) equal
 * to what their artifacts hold. FerretDB applies `$inc` as read-modify-write and loses concurrent
 * increments, so the totals are recounted and set, then both read again; whichever request writes
 * last also checks last (docs/decisions/0002-likes-without-transactions.md).
 */
@Injectable()
export class ContributorTotals {
  constructor(
    private readonly artifacts: ArtifactTotals,
    private readonly contributors: ContributorsRepository,
  ) {}

  /** Settles the totals; `name`, when given, becomes the name shown for the contributor. */
  async settle(uid: string, name?: string): Promise<void> {
    // Artifacts kept under "Former member" belong to nobody: no contributor entry, no ranking.
    if (uid === FORMER_MEMBER_UID) return;
    for (let round = 0; round < MAX_ROUNDS; round += 1) {
      const totals = await this.artifacts.totalsFor(uid);
      await this.contributors.set(uid, { ...totals, name: round === 0 ? name : undefined });
      const [again, stored] = await Promise.all([this.artifacts.totalsFor(uid), this.contributors.totalsOf(uid)]);
      if (stored && again.artifacts === totals.artifacts && again.likes === totals.likes && stored.artifacts === totals.artifacts && stored.likes === totals.likes) {
        return;
      }
    }
  }
}
