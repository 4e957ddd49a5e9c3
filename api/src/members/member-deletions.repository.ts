import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import type { ContributionsChoice } from '@antiquarium/contracts';
import { noOperationTimeout } from '../database/operation-timeout';
import { MEMBER_DELETION_MODEL, type MemberDeletionDoc } from './member-deletion.schema';

export interface MemberDeletion {
  uid: string;
  contributions: ContributionsChoice;
}

/** The only code that reads or writes the member_deletions collection. */
@Injectable()
export class MemberDeletionsRepository {
  constructor(@InjectModel(MEMBER_DELETION_MODEL) private readonly model: Model<MemberDeletionDoc>) {}

  /**
   * Records the deletion before anything is erased and returns the one to carry out: a deletion
   * already under way keeps the choice it was started with (part of it may be done).
   */
  async record(uid: string, contributions: ContributionsChoice): Promise<MemberDeletion> {
    const doc = await this.model
      .findOneAndUpdate(
        { _id: uid },
        { $setOnInsert: { contributions, requestedAt: new Date() }, $inc: { attempts: 1 } },
        { upsert: true, new: true },
      )
      .lean<MemberDeletionDoc>()
      .exec();
    return { uid, contributions: (doc?.contributions ?? contributions) as ContributionsChoice };
  }

  async done(uid: string): Promise<void> {
    await this.model.deleteOne({ _id: uid }).exec();
  }

  /** Deletions that were cut off (for the start-up reconciliation). */
  async pending(): Promise<MemberDeletion[]> {
    const docs = await this.model.find({}).setOptions(noOperationTimeout()).lean<MemberDeletionDoc[]>().exec();
    return docs.map((doc) => ({ uid: doc._id, contributions: doc.contributions as ContributionsChoice }));
  }
}
