import { Schema, type InferSchemaType } from 'mongoose';

export const PHOTO_MODEL = 'Photo';

/**
 * One photo from its upload on (docs/decisions/0018-photos.md): the upload's id is the photo's.
 * `artifactId` is set once an artifact names it; an upload left unnamed for a day is deleted.
 */
export const photoSchema = new Schema(
  {
    _id: { type: String, required: true },
    uid: { type: String, required: true },
    /** The bytes the member sent (the quota counts them) and, once processed, the files kept. */
    size: { type: Number, required: true },
    storedBytes: { type: Number, default: 0 },
    state: { type: String, required: true, enum: ['uploading', 'processing', 'ready', 'failed'] },
    reason: { type: String },
    locationRemoved: { type: Boolean, default: false },
    width: { type: Number },
    height: { type: Number },
    hash: { type: String },
    placeholder: { type: String },
    /** The published widths (every format has each). */
    widths: { type: [Number], default: [] },
    /** Where it came from when it was fetched from a pasted address. */
    source: { type: String },
    artifactId: { type: String, default: null },
    createdAt: { type: Date, required: true },
  },
  { collection: 'photos', versionKey: false, strict: 'throw' },
);

photoSchema.index({ uid: 1, createdAt: -1 });
photoSchema.index({ hash: 1 });
photoSchema.index({ artifactId: 1 });
photoSchema.index({ state: 1, createdAt: 1 });

export type PhotoDoc = InferSchemaType<typeof photoSchema>;
