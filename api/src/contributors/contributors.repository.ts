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

  /** Every entry as stored, for the start-up reconciliation (database/operation-timeout.ts: no bound). */
  async entries(): Promise<Map<string, StoredEntry>> {
    const docs = await this.model.find({}, { name: 1, nameKey: 1, artifacts: 1, likes: 1 }).setOptions(noOperationTimeout()).lean<ContributorDoc[]>().exec();
    return new Map(docs.map((doc) => [doc._id, { name: doc.name, nameKey: doc.nameKey, artifacts: doc.artifacts, likes: doc.likes }]));
  }
}

/** A contributor's entry as the reconciliation compares it. */
export interface StoredEntry {
  name: string;
  nameKey?: string | null;
  artifacts: number;
  likes: number;
}
