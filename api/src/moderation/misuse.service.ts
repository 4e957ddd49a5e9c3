import { Injectable } from '@nestjs/common';
import { MISUSE_WINDOW_DAYS, SUSPENSION_DAYS, type MisuseCase, type MisuseKind } from '@antiquarium/contracts';
import { misuseLevel, misuseStatement } from './misuse-policy';
import { misuseMail } from './moderation-mails';
import { ModerationRecorder } from './moderation-recorder';
import { ModerationRepository, type Paged } from './moderation.repository';
import { toMisuseCase } from './moderation-views';

const DAY_MS = 86_400_000;

/** Misuse (DSA Art. 23): each member's count of decisions against them, and the measure it brings. */
@Injectable()
export class MisuseService {
  constructor(
    private readonly records: ModerationRepository,
    private readonly recorder: ModerationRecorder,
  ) {}

  /**
   * Recounts a member's misuse from the decisions (no $inc: FerretDB 1.24's is not atomic; one per
   * decision, however many of the member's notices it settled) and rewrites their case whole, at
   * the level misuse-policy.ts gives: a warning first, a suspension for SUSPENSION_DAYS (from the
   * moment it was reached) only after it; below the first threshold, the case is closed. A warning
   * or suspension newly reached is mailed to `email` (the member's address on the record counted).
   */
  async reviewMisuse(uid: string, kind: MisuseKind, actorUid: string, email?: string | null): Promise<void> {
    const now = this.recorder.now();
    const since = new Date(now.getTime() - MISUSE_WINDOW_DAYS * DAY_MS);
    const history = (await this.records.misuseDecisions(kind, uid, since))
      .map((doc) => ({ at: new Date(doc.decidedAt), decisionId: doc._id.toHexString(), artifactId: doc.artifactId }))
      .sort((a, b) => a.at.getTime() - b.at.getTime());
    const id = `${kind}:${uid}`;
    const existing = await this.records.findCase(id);
    const level = misuseLevel(kind, history.length, existing?.level ?? null);
    if (!level) {
      if (existing) {
        await this.records.deleteCase(id);
        await this.recorder.log(actorUid, 'misuse:closed', `member:${uid}`, `${kind}: ${history.length} now`);
      }
      return;
    }
    const suspendedAt = level === 'suspended' ? (existing?.level === 'suspended' && existing.suspendedAt ? new Date(existing.suspendedAt) : now) : null;
    const suspendedUntil = suspendedAt ? new Date(suspendedAt.getTime() + SUSPENSION_DAYS * DAY_MS) : null;
    await this.records.replaceCase({ _id: id, uid, kind, count: history.length, level, suspendedAt, suspendedUntil, history, updatedAt: now });
    if (existing?.level === level) return;
    await this.recorder.log(actorUid, level === 'suspended' ? 'misuse:suspend' : 'misuse:warn', `member:${uid}`, `${kind}: ${history.length}`);
    // A suspension lifted back to a warning (a decision reversed) is no new measure to announce.
    if (level === 'suspended' || !existing) await this.recorder.mail(misuseMail(level, misuseStatement(kind, level, history.length, suspendedUntil), { email, uid }));
  }

  async misuseCases(page: number, limit: number): Promise<Paged<MisuseCase>> {
    const { items, total } = await this.records.casesPage(page, limit);
    return { items: items.map(toMisuseCase), total };
  }

  /** The member's own standing (warned or suspended), for their account. */
  async standingOf(uid: string): Promise<MisuseCase[]> {
    return (await this.records.casesOf(uid)).map(toMisuseCase);
  }
}
