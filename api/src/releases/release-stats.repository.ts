import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import type { ReleaseRemote } from '@antiquarium/contracts';
import { isDuplicateKey } from './releases.repository';
import { RELEASE_STATS_MODEL, type ReleaseStatsDoc, type StatsCounters } from './release-stats.schema';

/** The only code that reads or writes the release_stats collection. */
@Injectable()
export class ReleaseStatsRepository {
  constructor(@InjectModel(RELEASE_STATS_MODEL) private readonly stats: Model<ReleaseStatsDoc>) {}

  /**
   * Adds to the counters of one release, minute and instance, creating the row with its first
   * event. Only that instance's StatsWriter calls this for the row, one write at a time.
   */
  async add(row: { remote: ReleaseRemote; version: string; minute: Date; instance: string }, counters: StatsCounters): Promise<void> {
    try {
      await this.stats.updateOne(row, { $inc: counters }, { upsert: true }).exec();
    } catch (error) {
      // Not expected with one writer per row; should it happen, the row exists now: add to it.
      if (!isDuplicateKey(error)) throw error;
      await this.stats.updateOne(row, { $inc: counters }).exec();
    }
  }

  /** A remote's rows since `since` (one per release, minute and instance). */
  since(remote: ReleaseRemote, since: Date): Promise<ReleaseStatsDoc[]> {
    return this.stats.find({ remote, minute: { $gte: since } }).lean<ReleaseStatsDoc[]>().exec();
  }

  /** One release's rows since `since`: one per minute of the window and instance. */
  forRelease(remote: ReleaseRemote, version: string, since: Date): Promise<ReleaseStatsDoc[]> {
    return this.stats.find({ remote, version, minute: { $gte: since } }).lean<ReleaseStatsDoc[]>().exec();
  }

  async removeFor(remote: ReleaseRemote, version: string): Promise<void> {
    await this.stats.deleteMany({ remote, version }).exec();
  }

  async removeOlderThan(before: Date): Promise<number> {
    return (await this.stats.deleteMany({ minute: { $lt: before } }).exec()).deletedCount;
  }
}
