import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { ANONYMOUS_NAME } from '@antiquarium/contracts';
import { isDuplicateKey } from '../database/duplicate-key';
import { noOperationTimeout } from '../database/operation-timeout';
import { CONTRIBUTOR_MODEL, type ContributorDoc } from './contributor.schema';
import { nameKey } from './name-key';

/** The only code that reads or writes the contributors collection. */
@Injectable()
export class ContributorsRepository {
  constructor(@InjectModel(CONTRIBUTOR_MODEL) private readonly model: Model<ContributorDoc>) {}

  async set(uid: string, totals: { artifacts: number; likes: number; name?: string }): Promise<void> {
    const update: Record<string, unknown> = { $set: { artifacts: totals.artifacts, likes: totals.likes } };
    if (totals.name !== undefined) Object.assign(update['$set'] as Record<string, unknown>, { name: totals.name, nameKey: nameKey(totals.name) });
    else update['$setOnInsert'] = { name: ANONYMOUS_NAME, nameKey: nameKey(ANONYMOUS_NAME) };
    try {
      await this.model.updateOne({ _id: uid }, update, { upsert: true }).exec();
    } catch (error) {
      // Two first writes of one member at once (two artifacts added together) both try to insert
      // the entry; the one that lost finds it there and updates it. MongoDB retries such an upsert
      // itself; FerretDB 1.24 answers E11000.
      if (!isDuplicateKey(error)) throw error;
      await this.model.updateOne({ _id: uid }, update).exec();
    }
  }

  /** Whether a member other than `uid` is shown under a name with this look-alike key. */
  async nameKeyHeldByOther(key: string, uid: string): Promise<boolean> {
    const holder = await this.model.findOne({ nameKey: key, _id: { $ne: uid } }, { _id: 1 }).lean().exec();
    return holder !== null;
  }

  async totalsOf(uid: string): Promise<{ artifacts: number; likes: number } | null> {
    return this.model.findById(uid, { artifacts: 1, likes: 1 }).lean<{ artifacts: number; likes: number }>().exec();
  }

  /** A member's entry as stored (their export); null when they have none. */
  entryOf(uid: string): Promise<{ name: string; artifacts: number; likes: number } | null> {
    return this.model.findById(uid, { _id: 0, name: 1, artifacts: 1, likes: 1 }).lean<{ name: string; artifacts: number; likes: number }>().exec();
  }

  /** Removes a member's entry (their account was deleted). */
  async remove(uid: string): Promise<void> {
    await this.model.deleteOne({ _id: uid }).exec();
  }

  top(limit: number): Promise<ContributorDoc[]> {
    return this.model
      .find({ artifacts: { $gt: 0 } })
      .sort({ likes: -1, artifacts: -1, _id: 1 })
      .limit(limit)
      .lean<ContributorDoc[]>()
      .exec();
  }

  /**
   * Replaces every contributor's totals with the ones given (others drop to zero). For the start-up
   * reconciliation only: maintenance whose work grows with the collection, so its operations run
   * without the per-operation bound (database/operation-timeout.ts).
   */
  async replaceAll(totals: ReadonlyMap<string, { name: string; artifacts: number; likes: number }>): Promise<number> {
    let changed = 0;
    const stored = await this.model.find({}).setOptions(noOperationTimeout()).lean<ContributorDoc[]>().exec();
    const seen = new Set<string>();
    for (const doc of stored) {
      seen.add(doc._id);
      const total = totals.get(doc._id) ?? { name: doc.name, artifacts: 0, likes: 0 };
      const want = { ...total, nameKey: nameKey(total.name) };
      if (doc.artifacts !== want.artifacts || doc.likes !== want.likes || doc.name !== want.name || doc.nameKey !== want.nameKey) {
        await this.model.updateOne({ _id: doc._id }, { $set: want }, noOperationTimeout()).exec();
        changed += 1;
      }
    }
    for (const [uid, want] of totals) {
      if (seen.has(uid)) continue;
      await this.model.updateOne({ _id: uid }, { $set: { ...want, nameKey: nameKey(want.name) } }, { upsert: true, ...noOperationTimeout() }).exec();
      changed += 1;
    }
    return changed;
  }
}
