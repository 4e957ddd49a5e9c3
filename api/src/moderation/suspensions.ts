import { Injectable } from '@nestjs/common';
import { WriteSuspensions, SuspendedMember } from '../auth/write-suspensions';
import { ModerationRepository } from './moderation.repository';

/** The write guard's question, answered from the misuse cases: one indexed read per write. */
@Injectable()
export class Suspensions extends WriteSuspensions {
  constructor(
    private readonly records: ModerationRepository,
    private readonly now: () => Date = () => new Date(),
  ) {
    super();
  }

  async suspendedUntil(uid: string): Promise<Date | null> {
    const cases = await this.records.levelsOf(uid);
    const now = this.now().getTime();
    let until: Date | null = null;
    for (const found of cases) {
      const end = found.suspendedUntil ? new Date(found.suspendedUntil) : null;
      if (found.level === 'suspended' && end && end.getTime() > now && (!until || end > until)) until = end;
    }
    return until;
  }

  async assertMayWrite(uid: string): Promise<void> {
    const until = await this.suspendedUntil(uid);
    if (until) throw new SuspendedMember(until);
  }
}
