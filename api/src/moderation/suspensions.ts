import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { WriteSuspensions, SuspendedMember } from '../auth/write-suspensions';
import { CASE_MODEL, type CaseDoc } from './moderation.schema';

/** The write guard's question, answered from the misuse cases: one indexed read per write. */
@Injectable()
export class Suspensions extends WriteSuspensions {
  constructor(
    @InjectModel(CASE_MODEL) private readonly cases: Model<CaseDoc>,
    private readonly now: () => Date = () => new Date(),
  ) {
    super();
  }

  async suspendedUntil(uid: string): Promise<Date | null> {
    const cases = await this.cases.find({ uid }, { level: 1, suspendedUntil: 1 }).lean<Pick<CaseDoc, 'level' | 'suspendedUntil'>[]>().exec();
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
