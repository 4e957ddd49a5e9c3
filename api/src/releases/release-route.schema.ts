import { Schema, type InferSchemaType, type Types } from 'mongoose';
import { RELEASE_REMOTES } from '@antiquarium/contracts';

export const RELEASE_ROUTE_MODEL = 'ReleaseRoute';

/**
 * What one remote's traffic goes to: one document per remote. Without transactions every change
 * is a compare-and-set on `revision` (the service reads, decides, and writes only if nobody wrote
 * in between), so two deploys at once cannot interleave their halves.
 */
export const releaseRouteSchema = new Schema(
  {
    remote: { type: String, required: true, enum: RELEASE_REMOTES },
    live: { type: String, default: null },
    liveSince: { type: Date, default: null },
    // Earlier live versions, newest first (RELEASE_HISTORY_LIMIT): what a rollback goes back to.
    history: { type: [String], default: [] },
    canary: {
      type: new Schema({ version: { type: String, required: true }, percent: { type: Number, required: true }, since: { type: Date, required: true } }, { _id: false }),
      default: null,
    },
    revision: { type: Number, required: true, default: 0 },
    updatedAt: { type: Date, required: true },
  },
  { collection: 'release_routes', versionKey: false, strict: 'throw' },
);

releaseRouteSchema.index({ remote: 1 }, { unique: true });

export type ReleaseRouteDoc = InferSchemaType<typeof releaseRouteSchema> & { _id: Types.ObjectId };
