import { Schema, type InferSchemaType, type Types } from 'mongoose';
import { ARTIFACT_TYPES, DATE_PRECISIONS, DATE_QUALIFIERS, DEFAULT_RIGHTS, RIGHTS_URIS } from '@antiquarium/contracts';

export const ARTIFACT_MODEL = 'Artifact';

export const artifactSchema = new Schema(
  {
    name: { type: String, required: true },
    image: { type: String, required: true },
    // The photos the site keeps (artifact-photos.ts), in order, the first the cover; [] while the
    // record has only an address (a pasted one being copied, or one written before photos).
    images: {
      type: [
        new Schema(
          {
            id: { type: String, required: true },
            src: { type: String, required: true },
            alt: { type: String, required: true },
            caption: { type: String },
            width: { type: Number, required: true },
            height: { type: Number, required: true },
            placeholder: { type: String, required: true },
          },
          { _id: false },
        ),
      ],
      default: [],
    },
    type: { type: String, required: true, enum: ARTIFACT_TYPES },
    context: { type: String, required: true },
    shortDescription: { type: String, required: true },
    // Free text ('100 BC') as members enter it: not a timestamp, so mongoose timestamps stay off.
    createdAt: { type: String, required: true },
    discoveredAt: { type: String, required: true },
    discoveredBy: { type: String, required: true },
    location: { type: String, required: true },
    // A rights statement's URI (contracts rights.ts) and an optional credit line; documents written
    // before these fields read as the default statement and no credit (to-artifact.ts).
    rights: { type: String, enum: RIGHTS_URIS, default: DEFAULT_RIGHTS },
    credit: { type: String, default: '' },
    adderName: { type: String, required: true },
    adderEmail: { type: String, default: '' },
    adderUid: { type: String, required: true },
    likes: { type: Number, required: true, default: 0 },
    addedAt: { type: Date, required: true },
    // Derived, server-only: a case-insensitive sort key (FerretDB has no collations) and the
    // search tokens (docs/decisions/0003-search-sorting-and-pagination.md).
    nameLower: { type: String, required: true },
    searchTokens: { type: [String], default: [] },
    // Derived from createdAt (readDate, docs/decisions/0006-date-model.md): signed years with no
    // year 0, null when the text cannot be read ('Undated').
    yearStart: { type: Number, default: null },
    yearEnd: { type: Number, default: null },
    datePrecision: { type: String, enum: [...DATE_PRECISIONS, null], default: null },
    dateQualifier: { type: String, enum: [...DATE_QUALIFIERS, null], default: null },
    // Derived from location (places.ts): the country the places facet counts.
    place: { type: String },
    // The rules that derived the fields above (derived-fields.ts); older documents are recomputed.
    derivedVersion: { type: Number, default: 0 },
    // Set by a moderation decision (docs/decisions/0012-moderation.md): absent while the artifact is
    // public; 'restricted' or 'removed' hides it from everyone but its contributor and moderators
    // (lists, search, facets, home lists, the catalog), and its details answer 404 to the others.
    moderation: { type: String, enum: ['restricted', 'removed'] },
    moderationDecisionId: { type: String },
  },
  { collection: 'artifacts', versionKey: false, strict: 'throw' },
);

/**
 * The read path past the in-process catalog's size (docs/decisions/0007-discovery-search.md) on
 * MongoDB: every list is an index scan by the equality-sort-range rule. Each order has an index of
 * its own and one after each equality filter a list can lead with (type, the member's own, the
 * place, a search word); further filters and year ranges are checked on the fetched documents.
 * api/src/index-plan.spec.ts fails when a read the repositories issue has no index here.
 */
export const LIST_ORDERS: readonly Record<string, 1 | -1>[] = [
  { nameLower: 1, _id: 1 },
  { addedAt: -1, _id: -1 },
  { likes: -1, _id: -1 },
  { yearStart: 1, _id: 1 },
];
export const LIST_LEADING_FIELDS = ['type', 'adderUid', 'place', 'searchTokens'] as const;
for (const order of LIST_ORDERS) {
  artifactSchema.index(order);
  for (const field of LIST_LEADING_FIELDS) artifactSchema.index({ [field]: 1, ...order });
}

// The hidden artifacts, few, counted apart from the rest (the home lists' total).
artifactSchema.index({ moderation: 1 }, { sparse: true });

export type ArtifactDoc = InferSchemaType<typeof artifactSchema> & { _id: Types.ObjectId };
