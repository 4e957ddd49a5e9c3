// Misuse measures (DSA Art. 23; docs/decisions/0012-moderation.md): the one place their thresholds
// and periods are written. The api counts with them; the terms, the transparency page, the
// moderators' cases and the member's standing quote them.

/** Misuse is counted over the last this many days. */
export const MISUSE_WINDOW_DAYS = 180;
/** How long a suspension lasts, from the moment the second threshold was reached. */
export const SUSPENSION_DAYS = 30;
/**
 * What is counted is decisions, never notices: a decision that finds several of a member's notices
 * unfounded counts once. At `warnAt` the member is warned; a member already warned is suspended at
 * `suspendAt`.
 */
export const MISUSE_THRESHOLDS = {
  /** Decisions (not reversed) that found notices of the member manifestly unfounded. */
  unfoundedNotices: { warnAt: 3, suspendAt: 5 },
  /** The member's artifacts removed by a decision (not reversed). */
  removedArtifacts: { warnAt: 2, suspendAt: 3 },
} as const;
export type MisuseKind = keyof typeof MISUSE_THRESHOLDS;

/** The misuse measures in words, as the public reads them (the transparency page). */
export const MISUSE_POLICY_TEXT =
  `Within ${MISUSE_WINDOW_DAYS} days, ${MISUSE_THRESHOLDS.unfoundedNotices.warnAt} decisions finding a member's reports manifestly unfounded, ` +
  `or ${MISUSE_THRESHOLDS.removedArtifacts.warnAt} of their artifacts removed, bring a warning with its reasons; ` +
  `a member already warned who reaches ${MISUSE_THRESHOLDS.unfoundedNotices.suspendAt} such decisions, or ${MISUSE_THRESHOLDS.removedArtifacts.suspendAt} removals, ` +
  `is suspended for ${SUSPENSION_DAYS} days. A decision counts once however many reports it settles, and one reversed on appeal no longer counts.`;

/** The statement of reasons of a warning or a suspension, as the member and the moderators read it. */
export interface MisuseStatement {
  /** What was done: a warning, or a suspension until a date. */
  what: string;
  /** The facts: how many decisions, over which period. */
  facts: string;
  /** The ground: the terms' rule or measure it applies. */
  ground: string;
  /** What follows: the suspension ahead, or what a suspended member can and cannot do. */
  next: string;
  /** How to contest it: through the decisions it counts. */
  appeal: string;
  /** How it was reached: counted from decisions moderators took in person. */
  automation: string;
}
