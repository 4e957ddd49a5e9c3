import { Schema, type InferSchemaType } from 'mongoose';

export const CONTRIBUTOR_MODEL = 'Contributor';

/**
 * Running totals per adder, kept up to date on create, delete and like, so that the home page's
 * Top Contributors is an indexed read that does not grow with the collection.
 */
export const contributorSchema = new Schema(
  {
    _id: { type: String, required: true },
    name: { type: String, required: true },
    /** The name's look-alike key (name-key.ts): no other member may write under a name with it. */
    nameKey: { type: String },
    artifacts: { type: Number, required: true, default: 0 },
    likes: { type: Number, required: true, default: 0 },
  },
  { collection: 'contributors', versionKey: false, strict: 'throw' },
);

contributorSchema.index({ likes: -1, artifacts: -1, _id: 1 });
contributorSchema.index({ nameKey: 1 });

export type ContributorDoc = InferSchemaType<typeof contributorSchema> & { _id: string };
