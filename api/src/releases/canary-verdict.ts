import { CANARY_BASELINE_CEILING, CANARY_FAILURE_MARGIN, CANARY_MAX_LOADS_PER_CLIENT, CANARY_MIN_CLIENTS, CANARY_MIN_VIEWS } from '@antiquarium/contracts';

/** A remote's canary is checked at most this often per api instance, and soon after its telemetry. */
export const CANARY_CHECK_INTERVAL_MS = 1000;

/** Page loads of one release and how many of them failed (load failures plus render errors). */
export interface Health {
  views: number;
  failures: number;
}

/** One client's claimed page loads (views) and failures of one release (telemetry-claims.schema.ts). */
export interface ClientLoads {
  client: string;
  views: number;
  failures: number;
}

/**
 * What the telemetry of one release says, each client weighed: `loads` and `failures` count each
 * client for at most CANARY_MAX_LOADS_PER_CLIENT page loads, at that client's own failure rate;
 * `tickets` counts every page load (one per ticket), `clients` the distinct client addresses.
 */
export interface Evidence {
  loads: number;
  failures: number;
  tickets: number;
  clients: number;
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

/** The evidence of one release's per-client counts. */
export function evidenceOf(perClient: readonly ClientLoads[]): Evidence {
  const evidence: Evidence = { loads: 0, failures: 0, tickets: 0, clients: 0 };
  for (const client of perClient) {
    const loads = pageLoads(client);
    if (loads === 0) continue;
    const weight = Math.min(loads, CANARY_MAX_LOADS_PER_CLIENT);
    evidence.loads += weight;
    evidence.failures += (Math.min(client.failures, loads) * weight) / loads;
    evidence.tickets += loads;
    evidence.clients += 1;
  }
  return evidence;
}

/** Whether the evidence is enough to judge by: CANARY_MIN_VIEWS weighed page loads from CANARY_MIN_CLIENTS clients. */
export function isEnough(evidence: Evidence): boolean {
  return evidence.loads >= CANARY_MIN_VIEWS && evidence.clients >= CANARY_MIN_CLIENTS;
}

function rateOf(evidence: Evidence): number {
  return evidence.loads > 0 ? evidence.failures / evidence.loads : 0;
}

function percent(rate: number): string {
  return `${Math.round(rate * 1000) / 10}%`;
}

function counted(evidence: Evidence): string {
  return `${evidence.tickets} page loads from ${evidence.clients} clients`;
}

/**
 * What the canary is compared with: the live release's failure rate in the window before the canary
 * started, when that is enough evidence, and never more than CANARY_BASELINE_CEILING; the ceiling
 * itself otherwise. Telemetry sent once the canary runs cannot move it.
 */
export function baselineOf(liveBefore: Evidence): { rate: number; text: string } {
  if (!isEnough(liveBefore)) return { rate: CANARY_BASELINE_CEILING, text: `the ceiling ${percent(CANARY_BASELINE_CEILING)}` };
  const rate = Math.min(rateOf(liveBefore), CANARY_BASELINE_CEILING);
  return { rate, text: `live before the canary ${percent(rate)} over ${counted(liveBefore)}` };
}

/**
 * Whether a canary must be rolled back (docs/decisions/0028): with enough evidence of the canary in
 * the window (isEnough), its weighed failure rate exceeds the baseline (baselineOf) by more than
 * CANARY_FAILURE_MARGIN. The reason, stating both rates and what they were counted over, goes to
 * the audit log; null keeps the canary.
 */
export function canaryVerdict(canary: Evidence, liveBefore: Evidence): string | null {
  if (!isEnough(canary)) return null;
  const canaryRate = rateOf(canary);
  const baseline = baselineOf(liveBefore);
  if (!(canaryRate > baseline.rate + CANARY_FAILURE_MARGIN + 1e-9)) return null;
  return `canary failure rate ${percent(canaryRate)} over ${counted(canary)} exceeds ${baseline.text} by more than ${Math.round(CANARY_FAILURE_MARGIN * 100)} points`;
}
