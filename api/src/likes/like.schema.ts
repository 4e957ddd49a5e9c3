import { Schema, type InferSchemaType, type Types } from 'mongoose';

export const LIKE_MODEL = 'Like';

/**
 * One record per (artifact, user): the unique index makes a second like by the same user fail
 * instead of counting twice, which keeps counts exact without transactions
 * (docs/decisions/0002-likes-without-transactions.md).
 */
export const likeSchema = new Schema(
  {
    artifactId: { type: Schema.Types.ObjectId, required: true },
    uid: { type: String, required: true },
    likedAt: { type: Date, required: true },
  },
  { collection: 'likes', versionKey: false, strict: 'throw' },
);

likeSchema.index({ artifactId: 1, uid: 1 }, { unique: true });
likeSchema.index({ uid: 1, likedAt: -1, _id: -1 });

export type LikeDoc = InferSchemaType<typeof likeSchema> & { _id: Types.ObjectId };
