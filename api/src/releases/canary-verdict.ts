import { CANARY_FAILURE_MARGIN, CANARY_MIN_VIEWS } from '@antiquarium/contracts';

/** Page loads of one release and how many of them failed (load failures plus render errors). */
export interface Health {
  views: number;
  failures: number;
}

/**
 * Failures per page load, 0-1. Every page load is a 'view', failed or not (docs/api.md
 * "Releases"); should a client report a failed load without its view, the failures still count as
 * page loads, so a canary that never loads cannot hide behind having no views.
 */
export function pageLoads(health: Health): number {
  return Math.max(health.views, health.failures);
}

export function failureRate(health: Health): number {
  return health.failures / Math.max(pageLoads(health), 1);
}

function percent(rate: number): string {
  return `${Math.round(rate * 1000) / 10}%`;
}

/**
 * Whether a canary must be rolled back (docs/decisions/0008): with at least CANARY_MIN_VIEWS page
 * loads of the canary in the window, its failure rate exceeds the live release's by more than
 * CANARY_FAILURE_MARGIN. The reason, stating both rates and counts, goes to the audit log; null
 * keeps the canary.
 */
export function canaryVerdict(canary: Health, live: Health): string | null {
  const canaryLoads = pageLoads(canary);
  if (canaryLoads < CANARY_MIN_VIEWS) return null;
  const canaryRate = failureRate(canary);
  const liveRate = failureRate(live);
  if (!(canaryRate > liveRate + CANARY_FAILURE_MARGIN)) return null;
  return (
    `canary failure rate ${percent(canaryRate)} over ${canaryLoads} views exceeds live ${percent(liveRate)} ` +
    `over ${pageLoads(live)} views by more than ${Math.round(CANARY_FAILURE_MARGIN * 100)} points`
  );
}
