import { Injectable } from '@nestjs/common';
import type { AuditEntry, TransparencyMonth, TransparencyReport } from '@antiquarium/contracts';
import { AuditLog } from './audit-log';
import { ModerationRecorder } from './moderation-recorder';
import { ModerationRepository, type Paged } from './moderation.repository';
import { iso } from './moderation-views';
import { PeopleNames, shownTarget } from './people-names';

/** The transparency figures cover this many months back. */
const TRANSPARENCY_MONTHS = 24;

function monthOf(value: Date | string): string {
  return new Date(value).toISOString().slice(0, 7);
}

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

type MonthTally = TransparencyMonth & { hours: number[] };

function emptyMonth(month: string): MonthTally {
  return {
    month,
    notices: { total: 0, byReason: {} },
    decisions: { total: 0, byAction: {}, byGround: {} },
    medianHoursToDecision: null,
    appeals: { total: 0, upheld: 0, reversed: 0, open: 0 },
    suspensions: 0,
    hours: [],
  };
}

/** What the moderation team accounts for: every action in the audit log (to moderators), and the public figures. */
@Injectable()
export class TransparencyService {
  constructor(
    private readonly records: ModerationRepository,
    private readonly audits: AuditLog,
    private readonly names: PeopleNames,
    private readonly recorder: ModerationRecorder,
  ) {}

  async auditLog(page: number, limit: number): Promise<Paged<AuditEntry>> {
    const { items, total } = await this.audits.page(page, limit);
    const names = await this.names.of(items.map((doc) => doc.actorUid));
    return {
      items: items.map((doc) => ({ id: doc._id.toHexString(), at: iso(doc.at)!, actorUid: doc.actorUid, actorName: names.get(doc.actorUid) ?? null, action: doc.action, target: shownTarget(doc.target), why: doc.why ?? '' })),
      total,
    };
  }

  /** The public figures (DSA Art. 24), per month, recomputed from the records on each call. */
  async transparency(): Promise<TransparencyReport> {
    const now = this.recorder.now();
    const since = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - TRANSPARENCY_MONTHS + 1, 1));
    const [reports, decisions, appeals, suspensions] = await Promise.all([
      this.records.reportsSince(since),
      this.records.decisionsSince(since),
      this.records.appealsSince(since),
      this.audits.suspensionTimesSince(since),
    ]);
    const receivedAt = new Map(reports.map((doc) => [doc._id.toHexString(), new Date(doc.receivedAt).getTime()]));
    const months = new Map<string, MonthTally>();
    const month = (key: string) => {
      const entry = months.get(key) ?? emptyMonth(key);
      months.set(key, entry);
      return entry;
    };
    for (const doc of reports) {
      const entry = month(monthOf(doc.receivedAt));
      entry.notices.total += 1;
      entry.notices.byReason[doc.reason] = (entry.notices.byReason[doc.reason] ?? 0) + 1;
    }
    for (const doc of decisions) {
      const entry = month(monthOf(doc.decidedAt));
      entry.decisions.total += 1;
      entry.decisions.byAction[doc.action] = (entry.decisions.byAction[doc.action] ?? 0) + 1;
      entry.decisions.byGround[doc.ground] = (entry.decisions.byGround[doc.ground] ?? 0) + 1;
      const first = Math.min(...doc.reportIds.map((id) => receivedAt.get(id) ?? Number.POSITIVE_INFINITY));
      if (Number.isFinite(first)) entry.hours.push((new Date(doc.decidedAt).getTime() - first) / 3_600_000);
    }
    for (const doc of appeals) {
      const entry = month(monthOf(doc.createdAt));
      entry.appeals.total += 1;
      entry.appeals[doc.status] += 1;
    }
    for (const at of suspensions) month(monthOf(at)).suspensions += 1;
    const list = [...months.values()]
      .sort((a, b) => b.month.localeCompare(a.month))
      .map(({ hours, ...entry }) => {
        const middle = median(hours);
        return { ...entry, medianHoursToDecision: middle === null ? null : Math.round(middle * 10) / 10 };
      });
    return { generatedAt: now.toISOString(), months: list };
  }
}
