import { Schema, type InferSchemaType, type Types } from 'mongoose';
import { COLLECTION_VISIBILITIES } from '@antiquarium/contracts';

export const COLLECTION_MODEL = 'Collection';

/**
 * A member's collection (docs/decisions/0014-collections.md): one document holding its items in the
 * owner's order. Every write is one insert, one `$set` of whole fields or one delete of one
 * document, so FerretDB 1.24 (no transactions, no atomic conditional update or `$inc`) stores it
 * as MongoDB does: two concurrent writes of the same list leave one of them whole.
 */
export const collectionSchema = new Schema(
  {
    ownerUid: { type: String, required: true },
    /** The owner's display name at their last write (shown with the collection). */
    ownerName: { type: String, required: true },
    title: { type: String, required: true },
    description: { type: String, default: '' },
    visibility: { type: String, required: true, enum: COLLECTION_VISIBILITIES },
    items: {
      type: [new Schema({ artifactId: { type: Schema.Types.ObjectId, required: true }, note: { type: String, default: '' } }, { _id: false, strict: 'throw' })],
      default: [],
    },
    createdAt: { type: Date, required: true },
    updatedAt: { type: Date, required: true },
  },
  { collection: 'collections', versionKey: false, strict: 'throw' },
);

collectionSchema.index({ ownerUid: 1, updatedAt: -1, _id: -1 });
collectionSchema.index({ ownerUid: 1, visibility: 1, updatedAt: -1, _id: -1 });

export type CollectionDoc = InferSchemaType<typeof collectionSchema> & { _id: Types.ObjectId };
export interface StoredItem {
  artifactId: Types.ObjectId;
  note: string;
}
