import { Schema } from 'mongoose';
import { RELEASE_REMOTES } from '@antiquarium/contracts';

export const TELEMETRY_CLAIM_MODEL = 'TelemetryClaim';

/** What one ticket may be counted for, per remote: one page load, one failure of it, and its INP. */
export const CLAIM_SLOTS = ['view', 'failure', 'inp'] as const;
export type ClaimSlot = (typeof CLAIM_SLOTS)[number];

/**
 * One counted telemetry event: the first view, failure or INP a ticket reported for a remote.
 * Its _id is `<ticket id>:<remote>:<slot>`, so the insert itself is the claim: under the unique
 * _id index a second insert of the same slot fails, on every instance alike (FerretDB 1.24 applies
 * neither conditional updates nor `$inc` atomically, but does enforce unique indexes). The canary
 * verdict reads these rows (distinct tickets and clients); the status figures read release_stats,
 * which only claimed events reach.
 */
export const telemetryClaimSchema = new Schema(
  {
    _id: { type: String, required: true },
    remote: { type: String, required: true, enum: RELEASE_REMOTES },
    version: { type: String, required: true },
    slot: { type: String, required: true, enum: CLAIM_SLOTS },
    /** The ticket's keyed hash of its client's address (telemetry-ticket.ts). */
    client: { type: String, required: true },
    at: { type: Date, required: true },
  },
  { collection: 'release_telemetry_claims', versionKey: false, strict: 'throw' },
);

telemetryClaimSchema.index({ remote: 1, version: 1, slot: 1, at: 1 });
// The clean-up of old claims (CLAIMS_KEEP_MS).
telemetryClaimSchema.index({ at: 1 });

export interface TelemetryClaimDoc {
  _id: string;
  remote: string;
  version: string;
  slot: ClaimSlot;
  client: string;
  at: Date;
}
