import { Schema, type InferSchemaType, type Types } from 'mongoose';
import { ARTIFACT_TYPES, DATE_PRECISIONS, DATE_QUALIFIERS } from '@antiquarium/contracts';

export const ARTIFACT_MODEL = 'Artifact';

export const artifactSchema = new Schema(
  {
    name: { type: String, required: true },
    image: { type: String, required: true },
    type: { type: String, required: true, enum: ARTIFACT_TYPES },
    context: { type: String, required: true },
    shortDescription: { type: String, required: true },
    // Free text ('100 BC') as members enter it: not a timestamp, so mongoose timestamps stay off.
    createdAt: { type: String, required: true },
    discoveredAt: { type: String, required: true },
    discoveredBy: { type: String, required: true },
    location: { type: String, required: true },
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
    // Derived from location (catalog/places.ts): the country the places facet counts.
    place: { type: String },
    // The rules that derived the fields above (derived-fields.ts); older documents are recomputed.
    derivedVersion: { type: Number, default: 0 },
  },
  { collection: 'artifacts', versionKey: false, strict: 'throw' },
);

artifactSchema.index({ nameLower: 1, _id: 1 });
artifactSchema.index({ addedAt: -1, _id: -1 });
artifactSchema.index({ likes: -1, _id: -1 });
artifactSchema.index({ type: 1, nameLower: 1, _id: 1 });
artifactSchema.index({ type: 1, addedAt: -1, _id: -1 });
artifactSchema.index({ type: 1, likes: -1, _id: -1 });
artifactSchema.index({ adderUid: 1, addedAt: -1, _id: -1 });
artifactSchema.index({ searchTokens: 1 });
// The read path past the in-process engine's size (docs/decisions/0007-discovery-search.md): era
// order and year ranges, alone and after a type.
artifactSchema.index({ yearStart: 1, _id: 1 });
artifactSchema.index({ type: 1, yearStart: 1, _id: 1 });
artifactSchema.index({ place: 1, nameLower: 1, _id: 1 });

export type ArtifactDoc = InferSchemaType<typeof artifactSchema> & { _id: Types.ObjectId };
