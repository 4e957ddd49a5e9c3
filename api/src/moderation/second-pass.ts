import type { DecisionAction } from '@antiquarium/contracts';

// Nobody decides their own case, and no decision is undone without a second pair of eyes
// (docs/decisions/0019-moderation-second-pass.md).

/** Why a moderator may not take a decision about an artifact, or null when they may. */
export function partyToDecision(moderatorUid: string, contributorUid: string, sentANotice: boolean): string | null {
  if (contributorUid === moderatorUid) return 'A moderator who is a party cannot take this decision: you added this artifact';
  if (sentANotice) return 'A moderator who is a party cannot take this decision: you sent a notice about this artifact';
  return null;
}

/** The refusal the moderator who took a decision meets on its appeal (0012: a second moderator rules). */
export const DECIDED_IT = 'A moderator other than the one who decided must review the appeal';

/**
 * Why a moderator may not rule on an appeal, or null when they may: the one who decided, then any
 * party. The api refuses the ruling with it, and the moderators' appeals screen shows it in place
 * of the form.
 */
export function mayNotRule(
  moderatorUid: string,
  appeal: { appellantUid: string },
  decision: { moderatorUid: string; contributorUid: string; notifierUids: string[] },
): string | null {
  if (decision.moderatorUid === moderatorUid) return DECIDED_IT;
  return partyToAppeal(moderatorUid, appeal, decision);
}

/** Why a party may not rule on an appeal, or null when they may (the one who decided is refused before). */
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
