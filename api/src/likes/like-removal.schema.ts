import { Schema, type Types } from 'mongoose';

export const LIKE_REMOVAL_MODEL = 'LikeRemoval';

/**
 * One document per deleted artifact whose like records are still being removed (LikeRemovals): its
 * `_id` is the artifact's. While it exists, no member's liked list counts those records.
 */
export const likeRemovalSchema = new Schema(
  {
    _id: { type: Schema.Types.ObjectId, required: true },
    since: { type: Date, required: true },
  },
  { collection: 'like_removals', versionKey: false, strict: 'throw' },
);

likeRemovalSchema.index({ since: 1 });

export interface LikeRemovalDoc {
  _id: Types.ObjectId;
  since: Date;
}
