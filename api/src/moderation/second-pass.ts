import type { DecisionAction } from '@antiquarium/contracts';

// Nobody decides their own case, and no decision is undone without a second pair of eyes
// (docs/decisions/0019-moderation-second-pass.md).

/** Why a moderator may not take a decision about an artifact, or null when they may. */
export function partyToDecision(moderatorUid: string, contributorUid: string, sentANotice: boolean): string | null {
  if (contributorUid === moderatorUid) return 'A moderator who is a party cannot take this decision: you added this artifact';
  if (sentANotice) return 'A moderator who is a party cannot take this decision: you sent a notice about this artifact';
  return null;
}

/** Why a moderator may not rule on an appeal, or null when they may (the one who decided is refused before). */
export function partyToAppeal(
  moderatorUid: string,
  appeal: { appellantUid: string },
  decision: { contributorUid: string; notifierUids: string[] },
): string | null {
  if (appeal.appellantUid === moderatorUid) return 'A moderator who is a party cannot review this appeal: it is your own appeal';
  if (decision.contributorUid === moderatorUid) return 'A moderator who is a party cannot review this appeal: you added this artifact';
  if (decision.notifierUids.includes(moderatorUid)) return 'A moderator who is a party cannot review this appeal: you sent a notice this decision settled';
  return null;
}

const WEIGHT: Record<DecisionAction, number> = { keep: 0, restrict: 1, remove: 2 };
const STANDING_ACTION: Record<'restricted' | 'removed', DecisionAction> = { restricted: 'restrict', removed: 'remove' };

/**
 * Whether a new decision would lift (make lighter) the restrict or remove another moderator's
 * decision keeps on the artifact: that goes through the appeal review instead. The moderator who
 * took the standing decision may revise it; a decision as heavy or heavier needs no review.
 */
export function liftsAnothersDecision(
  action: DecisionAction,
  standing: 'restricted' | 'removed' | undefined,
  standingModeratorUid: string | undefined,
  moderatorUid: string,
): boolean {
  if (!standing) return false;
  return WEIGHT[action] < WEIGHT[STANDING_ACTION[standing]] && standingModeratorUid !== moderatorUid;
}
