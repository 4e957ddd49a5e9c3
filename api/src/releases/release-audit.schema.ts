import { Schema, type InferSchemaType, type Types } from 'mongoose';
import { RELEASE_AUDIT_ACTIONS, RELEASE_REMOTES } from '@antiquarium/contracts';

export const RELEASE_AUDIT_MODEL = 'ReleaseAudit';

/** Every change of the registry, in order: who published, promoted, rolled back or pruned what. */
export const releaseAuditSchema = new Schema(
  {
    at: { type: Date, required: true },
    remote: { type: String, required: true, enum: RELEASE_REMOTES },
    action: { type: String, required: true, enum: RELEASE_AUDIT_ACTIONS },
    version: { type: String, required: true },
    fromVersion: { type: String },
    percent: { type: Number },
    by: { type: String, required: true },
    reason: { type: String },
  },
  { collection: 'release_audit', versionKey: false, strict: 'throw' },
);

releaseAuditSchema.index({ at: -1, _id: -1 });

export type ReleaseAuditDoc = InferSchemaType<typeof releaseAuditSchema> & { _id: Types.ObjectId };
