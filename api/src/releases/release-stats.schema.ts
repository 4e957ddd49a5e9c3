import { Schema, type Types } from 'mongoose';
import { RELEASE_REMOTES } from '@antiquarium/contracts';
import { INP_BUCKET_FIELDS, LOAD_BUCKET_FIELDS, type InpCounts, type LoadCounts } from './load-histogram';

export const RELEASE_STATS_MODEL = 'ReleaseStats';

/**
 * The shell's telemetry, counted with `$inc` upserts per release, minute and api instance. Each
 * row has one writer, its instance, which never sends two writes at once (stats-writer.ts):
 * FerretDB 1.24 applies `$inc` as read-modify-write and loses increments that overlap (measured:
 * 20 concurrent `$inc` of one document added 7), while rows of their own cannot overlap. Readers
 * sum the rows. Load times and INP go to fixed histograms (load-histogram.ts) in flat fields rather
 * than arrays: an `$inc` of `load.3` on a document that does not exist yet would create an object.
 */
export const releaseStatsSchema = new Schema(
  {
    remote: { type: String, required: true, enum: RELEASE_REMOTES },
    version: { type: String, required: true },
    minute: { type: Date, required: true },
    instance: { type: String, required: true },
    views: { type: Number, default: 0 },
    loadFailures: { type: Number, default: 0 },
    renderErrors: { type: Number, default: 0 },
    ...Object.fromEntries([...LOAD_BUCKET_FIELDS, ...INP_BUCKET_FIELDS].map((field) => [field, { type: Number, default: 0 }])),
  },
  { collection: 'release_stats', versionKey: false, strict: 'throw' },
);

releaseStatsSchema.index({ remote: 1, version: 1, minute: 1, instance: 1 }, { unique: true });
releaseStatsSchema.index({ remote: 1, minute: 1 });
// The clean-up of old minutes (STATS_KEEP_MS).
releaseStatsSchema.index({ minute: 1 });

export interface StatsCounters extends Partial<LoadCounts>, Partial<InpCounts> {
  views?: number;
  loadFailures?: number;
  renderErrors?: number;
}

export interface ReleaseStatsDoc extends StatsCounters {
  _id: Types.ObjectId;
  remote: string;
  version: string;
  minute: Date;
  instance: string;
}
