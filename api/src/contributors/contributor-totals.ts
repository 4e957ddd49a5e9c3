import { Injectable } from '@nestjs/common';
import { lockKeys, WriteLocks } from '../database/write-locks';
import { FORMER_MEMBER_UID } from '../members/former-member';
import { ArtifactTotals } from './artifact-totals';
import { ContributorsRepository, type StoredEntry } from './contributors.repository';
import { nameKey } from './name-key';

const MAX_ROUNDS = 8;

/** What one write changed in a contributor's totals. */
export interface TotalsChange {
  artifacts?: number;
  likes?: number;
}

/** A contributor's totals as the start-up reconciliation counted them from the artifacts. */
export interface CountedTotals {
  name: string;
  artifacts: number;
  likes: number;
}

/** Whether two entries hold the same totals under the same name. */
function sameEntry(a: CountedTotals, b: CountedTotals): boolean {
  return a.artifacts === b.artifacts && a.likes === b.likes && a.name === b.name;
}

/** Settling reads every artifact of the contributor: on FerretDB's SQLite handler, the whole collection. */
const SETTLE_HOLD_MS = 120_000;

/**
 * Keeps a contributor's totals (their artifacts and the likes those got, for Top Contributors).
 * A write moves them by what it changed (`adjust`), reading and writing the entry by `_id` under the
 * contributor's write lock: FerretDB applies `$inc` as read-modify-write and loses concurrent
 * increments, and counting their artifacts instead reads the whole collection on its SQLite handler
 * (docs/decisions/0043-writes-by-id.md). The rarer writes of a member's rights settle them from the
 * artifacts (`settle`), under the same lock; the start-up reconciliation corrects what a crash left.
 */
@Injectable()
export class ContributorTotals {
  constructor(
    private readonly artifacts: ArtifactTotals,
    private readonly contributors: ContributorsRepository,
    private readonly locks: WriteLocks,
  ) {}

  /** Moves the totals by `change`; `name`, when given, becomes the name shown for the contributor. */
  async adjust(uid: string, change: TotalsChange, name?: string): Promise<void> {
    // Artifacts kept under "Former member" belong to nobody: no contributor entry, no ranking.
    if (uid === FORMER_MEMBER_UID) return;
    await this.locks.holding(lockKeys.contributor(uid), () => this.apply(uid, change, name));
  }

  /**
   * Runs a write that moves the contributor's totals (an add, a like, a delete) and then moves them
   * by what it reports, both under the contributor's lock. A `settle` counts from the artifacts
   * under the same lock, so it sees the write either with its move or without both, never the
   * write and then its move on top (a count twice). Writes that take an artifact's lock too take
   * it inside this one: the order is contributor, then artifact.
   */
  async changing<T>(uid: string, write: () => Promise<{ result: T; change: TotalsChange; name?: string }>): Promise<T> {
    if (uid === FORMER_MEMBER_UID) return (await write()).result;
    return this.locks.holding(lockKeys.contributor(uid), async () => {
      const { result, change, name } = await write();
      await this.apply(uid, change, name);
      return result;
    });
  }

  /** The move itself, by `_id`; the caller holds the contributor's lock. */
  private async apply(uid: string, change: TotalsChange, name?: string): Promise<void> {
    const artifacts = change.artifacts ?? 0;
    const likes = change.likes ?? 0;
    const entry = await this.contributors.entryOf(uid);
    if (entry && artifacts === 0 && likes === 0 && (name === undefined || name === entry.name)) return;
    const totals = { artifacts: Math.max(0, (entry?.artifacts ?? 0) + artifacts), likes: Math.max(0, (entry?.likes ?? 0) + likes) };
    await this.contributors.set(uid, { ...totals, name });
  }

  /**
   * Sets the totals to what the contributor's artifacts hold, then reads both again and goes round
   * if either moved (a write that does not take the lock: a member's rights moving their artifacts).
   */
  async settle(uid: string, name?: string): Promise<void> {
    if (uid === FORMER_MEMBER_UID) return;
    await this.locks.holding(
      lockKeys.contributor(uid),
      async () => {
        for (let round = 0; round < MAX_ROUNDS; round += 1) {
          const totals = await this.artifacts.totalsFor(uid);
          await this.contributors.set(uid, { ...totals, name: round === 0 ? name : undefined });
          const [again, stored] = await Promise.all([this.artifacts.totalsFor(uid), this.contributors.totalsOf(uid)]);
          if (stored && again.artifacts === totals.artifacts && again.likes === totals.likes && stored.artifacts === totals.artifacts && stored.likes === totals.likes) {
            return;
          }
        }
      },
      { holdMs: SETTLE_HOLD_MS, waitMs: SETTLE_HOLD_MS },
    );
  }

  /**
   * The start-up reconciliation's correction: each entry whose totals (or name) differ from what its
   * scan counted is set to the count, under the contributor's lock, if it still holds what it held
   * before the scan (`before`). An entry a write moved since then was kept by that write's
   * increment, which a count made before the write would lose: it is left, and counted as `moving`
   * (the next start looks again). Entries with no artifacts left drop to zero.
   */
  async correct(before: ReadonlyMap<string, StoredEntry>, counted: ReadonlyMap<string, CountedTotals>): Promise<{ corrected: number; moving: number }> {
    let corrected = 0;
    let moving = 0;
    for (const uid of new Set([...before.keys(), ...counted.keys()])) {
      const was = before.get(uid);
      const want = counted.get(uid) ?? { name: was?.name ?? '', artifacts: 0, likes: 0 };
      if (was && sameEntry(was, want) && was.nameKey === nameKey(want.name)) continue;
      const outcome = await this.locks.holding(lockKeys.contributor(uid), async () => {
        const now = await this.contributors.entryOf(uid);
        // Written (or removed) since the pass read it: a write's increment stands.
        if (now === null ? was !== undefined : was === undefined || !sameEntry(now, was)) return 'moving';
        await this.contributors.set(uid, want);
        return 'corrected';
      });
      if (outcome === 'corrected') corrected += 1;
      else moving += 1;
    }
    return { corrected, moving };
  }
}
