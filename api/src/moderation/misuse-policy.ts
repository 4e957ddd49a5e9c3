import {
  APPEAL_WINDOW_MONTHS,
  MISUSE_POLICY_TEXT,
  MISUSE_THRESHOLDS,
  MISUSE_WINDOW_DAYS,
  SUSPENSION_DAYS,
  groundText,
  type MisuseCase,
  type MisuseKind,
  type MisuseStatement,
} from '@antiquarium/contracts';

// How misuse is measured (DSA Art. 23), with the thresholds and periods of
// libs/contracts/src/moderation-misuse.ts: what a count brings, and the statement of reasons of
// each measure. The counting itself (decisions, never notices) is MisuseService.reviewMisuse (misuse.service.ts).

export type MisuseLevel = MisuseCase['level'];

/**
 * The measure a count of decisions brings. The first is always a warning (Art. 23: a suspension
 * only "after having issued a prior warning"): a member without a standing case is warned whatever
 * the count; one already warned (or suspended) is suspended from `suspendAt`. Below `warnAt`, none.
 */
export function misuseLevel(kind: MisuseKind, count: number, standing: MisuseLevel | null): MisuseLevel | null {
  const { warnAt, suspendAt } = MISUSE_THRESHOLDS[kind];
  if (count < warnAt) return null;
  return standing !== null && count >= suspendAt ? 'suspended' : 'warned';
}

const FACTS: Record<MisuseKind, (count: number) => string> = {
  unfoundedNotices: (count) =>
    `${count} decisions in the last ${MISUSE_WINDOW_DAYS} days found your notices manifestly unfounded (a decision counts once, however many of your notices it settled).`,
  removedArtifacts: (count) => `${count} of your artifacts were removed by decisions in the last ${MISUSE_WINDOW_DAYS} days.`,
};

const GROUND: Record<MisuseKind, string> = {
  unfoundedNotices: `${groundText('rule-7')} ${MISUSE_POLICY_TEXT}`,
  removedArtifacts: `Terms, misuse measures: ${MISUSE_POLICY_TEXT}`,
};

const AHEAD: Record<MisuseKind, string> = {
  unfoundedNotices: `If ${MISUSE_THRESHOLDS.unfoundedNotices.suspendAt} such decisions are reached within ${MISUSE_WINDOW_DAYS} days, your account is suspended for ${SUSPENSION_DAYS} days.`,
  removedArtifacts: `If ${MISUSE_THRESHOLDS.removedArtifacts.suspendAt} of your artifacts are removed within ${MISUSE_WINDOW_DAYS} days, your account is suspended for ${SUSPENSION_DAYS} days.`,
};

const day = (date: Date) => date.toISOString().slice(0, 10);

/** The statement of reasons of a warning or a suspension, as the member (`GET /me/standing`) and the moderators read it. */
export function misuseStatement(kind: MisuseKind, level: MisuseLevel, count: number, suspendedUntil: Date | null): MisuseStatement {
  const suspended = level === 'suspended' && suspendedUntil;
  return {
    what: suspended
      ? `Your account is suspended until ${day(suspendedUntil)}: you cannot add, change or like artifacts, nor send notices as a member.`
      : 'Warning: nothing changes for your account now, but a suspension follows if this goes on.',
    facts: FACTS[kind](count),
    ground: GROUND[kind],
    next: suspended
      ? 'You can still read the site, see your notices, appeal, delete your artifacts, and export or delete your data.'
      : AHEAD[kind],
    appeal: `Each decision counted here can be appealed within ${APPEAL_WINDOW_MONTHS} months of it, from your notices; a decision reversed on appeal no longer counts, and this measure is recounted.`,
    automation: 'Counted automatically from the decisions moderators took in person; no automated means judged your notices or artifacts.',
  };
}
