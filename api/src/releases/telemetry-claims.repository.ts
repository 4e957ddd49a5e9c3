import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import type { ReleaseRemote } from '@antiquarium/contracts';
import type { ClientLoads } from './canary-verdict';
import { isDuplicateKey } from './releases.repository';
import { TELEMETRY_CLAIM_MODEL, type ClaimSlot, type TelemetryClaimDoc } from './telemetry-claims.schema';

export interface Claim {
  ticket: string;
  remote: ReleaseRemote;
  version: string;
  slot: ClaimSlot;
  client: string;
}

/** The only code that reads or writes the release_telemetry_claims collection. */
@Injectable()
export class TelemetryClaimsRepository {
  constructor(@InjectModel(TELEMETRY_CLAIM_MODEL) private readonly claims: Model<TelemetryClaimDoc>) {}

  /** Claims the slot for its ticket: true when this call was the first, on any instance. */
  async claim({ ticket, remote, version, slot, client }: Claim, at: Date): Promise<boolean> {
    try {
      await this.claims.create({ _id: `${ticket}:${remote}:${slot}`, remote, version, slot, client, at });
      return true;
    } catch (error) {
      if (isDuplicateKey(error)) return false;
      throw error;
    }
  }

  /** One release's claimed page loads and failures per client, from `from` until `until`. */
  async perClient(remote: ReleaseRemote, version: string, from: Date, until?: Date): Promise<ClientLoads[]> {
    const at = until ? { $gte: from, $lt: until } : { $gte: from };
    const count = (slot: ClaimSlot) =>
      this.claims
        .aggregate<{ _id: string; count: number }>([{ $match: { remote, version, slot, at } }, { $group: { _id: '$client', count: { $sum: 1 } } }])
        .exec();
    const [views, failures] = await Promise.all([count('view'), count('failure')]);
    const clients = new Map<string, ClientLoads>();
    const entry = (client: string): ClientLoads => {
      let found = clients.get(client);
      if (!found) {
        found = { client, views: 0, failures: 0 };
        clients.set(client, found);
      }
      return found;
    };
    for (const row of views) entry(row._id).views = row.count;
    for (const row of failures) entry(row._id).failures = row.count;
    return [...clients.values()];
  }

  async removeOlderThan(before: Date): Promise<number> {
    return (await this.claims.deleteMany({ at: { $lt: before } }).exec()).deletedCount;
  }
}
