/**
 * Releases of the remotes (docs/decisions/0008-release-registry.md, docs/api.md "Releases"): the
 * shapes the api's registry serves, the shell resolves and `npm run release` sends, and the one
 * rule that puts a browser in or out of a canary. Plain TypeScript, no dependency: the shell
 * imports it before its first page.
 */

import { isRecord } from './records';

// Bundled with this subpath: the shell's entry reads its runtime config and the routing with it.
export { isRecord };

/**
 * The remotes a release may be published for: workspace.json's front ends with role "remote", in its
 * order (tooling/workspace checks that they are the same; the api's schemas need them at compile time).
 */
export const RELEASE_REMOTES = ['catalog', 'account', 'contribute', 'moderation'] as const;
export type ReleaseRemote = (typeof RELEASE_REMOTES)[number];

export function isReleaseRemote(value: unknown): value is ReleaseRemote {
  return typeof value === 'string' && (RELEASE_REMOTES as readonly string[]).includes(value);
}

/**
 * A release's version: its package version, '-', and the first 12 hex digits of its files' content
 * hash (e.g. 0.1.0-3f9a2b1c4d5e). Safe in a URL path and in `?preview=catalog@<version>`.
 */
export const RELEASE_VERSION_PATTERN = /^\d{1,4}\.\d{1,4}\.\d{1,4}-[0-9a-f]{12}$/;

export function isReleaseVersion(value: unknown): value is string {
  return typeof value === 'string' && RELEASE_VERSION_PATTERN.test(value);
}

/** One release as the routing names it: where its manifest is. */
export interface ReleaseRef {
  version: string;
  manifestUrl: string;
}

export interface CanaryRef extends ReleaseRef {
  /** Share of browsers, 1-99, that load the canary instead of the live release. */
  percent: number;
}

/** What a remote's traffic goes to. A remote without a live release is absent (the defaults apply). */
export interface RemoteRouting {
  live: ReleaseRef;
  canary?: CanaryRef;
}

/**
 * The routing's path below the api's base URL (the shell's browser and server code ask it;
 * deploy/shell-document.mjs preloads it, tied by tooling/release/release-version-sources.test.ts).
 */
export const RELEASE_ROUTING_PATH = 'releases/routing';

/** GET /releases/routing: public, small, cacheable. */
export interface ReleaseRouting {
  remotes: Partial<Record<ReleaseRemote, RemoteRouting>>;
  /** When the routing last changed (ISO 8601). */
  updatedAt: string | null;
}

/** What a reader of the routing decides for itself (readRouting). */
export interface RoutingReader {
  /** The remotes this reader knows: entries of any other are skipped, not refused. */
  knows(remote: ReleaseRemote): boolean;
  /**
   * A release's manifest URL as this reader will use it, or undefined to refuse it (the shell's
   * browser code takes only its remotes' origins: its Content-Security-Policy allows no other).
   */
  manifestUrl(value: unknown): string | undefined;
}

function readRef(value: unknown, reader: RoutingReader): ReleaseRef | undefined {
  if (!isRecord(value) || !isReleaseVersion(value.version)) return undefined;
  const manifestUrl = reader.manifestUrl(value.manifestUrl);
  return manifestUrl ? { version: value.version, manifestUrl } : undefined;
}

function readRemoteRouting(value: unknown, reader: RoutingReader): RemoteRouting | undefined {
  if (!isRecord(value)) return undefined;
  const live = readRef(value.live, reader);
  if (!live) return undefined;
  if (value.canary === undefined || value.canary === null) return { live };
  const canary = readRef(value.canary, reader);
  const percent = isRecord(value.canary) ? value.canary.percent : undefined;
  if (!canary || typeof percent !== 'number' || !(percent >= 0 && percent <= 100)) return undefined;
  return { live, canary: { ...canary, percent } };
}

/**
 * GET /releases/routing's answer (or a stored copy of one) checked by hand, small on purpose (the
 * shell's browser code runs it before the first page; its server code reads the same way): anything
 * that is not a well-formed routing is refused as a whole, so the caller falls back. Remotes the
 * reader does not know are skipped.
 */
export function readRouting(value: unknown, reader: RoutingReader): ReleaseRouting | undefined {
  if (!isRecord(value) || !isRecord(value.remotes)) return undefined;
  const { updatedAt = null } = value;
  if (updatedAt !== null && typeof updatedAt !== 'string') return undefined;
  const routing: ReleaseRouting = { remotes: {}, updatedAt };
  for (const [name, entry] of Object.entries(value.remotes)) {
    if (!isReleaseRemote(name) || !reader.knows(name) || entry === undefined) continue;
    const remote = readRemoteRouting(entry, reader);
    if (!remote) return undefined;
    routing.remotes[name] = remote;
  }
  return routing;
}

/**
 * Auto-rollback (docs/decisions/0028, "Telemetry tickets"): only ticketed page loads count, each
 * client address for at most CANARY_MAX_LOADS_PER_CLIENT of them (at its own failure rate). A
 * canary is rolled back when, over the last CANARY_WINDOW_MS, it has at least CANARY_MIN_VIEWS
 * counted page loads from at least CANARY_MIN_CLIENTS client addresses, and its failure rate (load
 * failures plus render errors per page load) exceeds its baseline by more than
 * CANARY_FAILURE_MARGIN (absolute, 0.05 = five percentage points). The baseline is the live
 * release's rate in the CANARY_WINDOW_MS before the canary started (with the same minimums), at
 * most CANARY_BASELINE_CEILING, and the ceiling itself without enough evidence: nothing sent while
 * the canary runs can raise it.
 */
export const CANARY_MIN_VIEWS = 20;
export const CANARY_MIN_CLIENTS = 10;
export const CANARY_MAX_LOADS_PER_CLIENT = 5;
export const CANARY_BASELINE_CEILING = 0.1;
export const CANARY_FAILURE_MARGIN = 0.05;
export const CANARY_WINDOW_MS = 60 * 60 * 1000;

/**
 * Telemetry tickets (docs/decisions/0028): every answer of GET /releases/routing carries a ticket
 * in this header, signed by the api, naming the releases that page load may run, the client it was
 * given to and when it expires. Telemetry is counted only under a valid ticket, at most one view
 * and one failure per ticket and remote.
 */
export const TELEMETRY_TICKET_HEADER = 'Telemetry-Ticket';
/** How long a ticket is accepted after the page load it was given to. */
export const TELEMETRY_TICKET_TTL_MS = 30 * 60 * 1000;
/** The longest ticket the telemetry route reads. */
export const TELEMETRY_TICKET_MAX_LENGTH = 1024;

/**
 * What the shell reports per remote page load (POST /releases/telemetry, batched): its views and
 * failures, and for a visit whose code booted, its Interaction to Next Paint ('inp', once per page
 * load, under the remote whose page was on screen when the slowest interaction happened).
 */
export const TELEMETRY_KINDS = ['view', 'load-failure', 'render-error', 'inp'] as const;
export type TelemetryKind = (typeof TELEMETRY_KINDS)[number];

export interface TelemetryEvent {
  remote: ReleaseRemote;
  version: string;
  kind: TelemetryKind;
  /** For a view: how long the remote's page took to load; for an inp: the page load's INP. In milliseconds. */
  ms?: number;
}

/** POST /releases/telemetry: one page load's events under the ticket its routing came with. */
export interface TelemetryBatch {
  ticket: string;
  events: TelemetryEvent[];
}

/** The most events one telemetry call may carry. */
export const TELEMETRY_MAX_EVENTS = 50;

/**
 * Which bucket, 0-99, a browser falls in for one remote: FNV-1a of the browser's id and the remote's
 * name. Stable for a browser (the same visitor keeps its version across reloads), independent across
 * remotes, and monotonic in the percentage: raising a canary from 10 to 50 keeps the first 10 in it.
 */
export function canaryBucket(visitorId: string, remote: string): number {
  let hash = 0x811c9dc5;
  const text = `${visitorId}:${remote}`;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % 100;
}

/** The release a browser loads for one remote under this routing. */
export function chooseRelease(routing: RemoteRouting, visitorId: string, remote: string): ReleaseRef & { canary: boolean } {
  const { canary } = routing;
  if (canary && canaryBucket(visitorId, remote) < canary.percent) {
    return { version: canary.version, manifestUrl: canary.manifestUrl, canary: true };
  }
  return { ...routing.live, canary: false };
}

// ---------- The registry's api (docs/api.md "Releases"): limits, inputs and answers ----------

/** Limits of a release's description, as POST /releases/:remote checks them. */
export const RELEASE_LIMITS = {
  /** Entries of `shared` (package name -> version range) and of `exposes`. */
  shared: 60,
  exposes: 60,
  notes: 500,
  publishedBy: 100,
  manifestUrl: 2048,
  /** Who asked for a promote or a rollback, and why. */
  by: 100,
  reason: 500,
} as const;

/** How many earlier live versions a remote's routing keeps for rollbacks (newest first). */
export const RELEASE_HISTORY_LIMIT = 20;

/*
 * How the registry counts telemetry (docs/api.md "Releases"): every page load of a remote is one
 * 'view', whether it loaded or not (with `ms` when it did); a load that failed adds a
 * 'load-failure', a page that then crashed adds a 'render-error'. A failure rate is therefore
 * failures per page load, 0-1. A page load whose code booted adds at most one 'inp' with `ms`: its
 * Interaction to Next Paint as the browser measured it (the web-vitals library's onINP).
 */

/** The largest `ms` a telemetry event may carry (send a slower load as this). */
export const TELEMETRY_MAX_MS = 120_000;
/** The largest telemetry body, in bytes (POST /releases/telemetry answers 413 past it). */
export const TELEMETRY_MAX_BYTES = 16 * 1024;

/** POST /releases/:remote. */
export interface ReleaseInput {
  version: string;
  /** An absolute http(s) URL, or a path on the site's own origin starting with '/'. */
  manifestUrl: string;
  /** The shared packages and the version ranges the release was built against. */
  shared: Record<string, string>;
  /** The modules the remote exposes, e.g. './Home'. */
  exposes: string[];
  notes?: string;
  publishedBy?: string;
}

/** A published release (immutable but for lastLiveAt). */
export interface Release extends ReleaseInput {
  remote: ReleaseRemote;
  notes: string;
  publishedBy: string;
  publishedAt: string;
  /**
   * When it last started or stopped being the live release (pruning keeps recent ones); null if it
   * never was (a release that was only ever a canary is not kept for rollbacks).
   */
  lastLiveAt: string | null;
}

/** POST /releases/:remote/promote: percent absent or 100 makes it live, 1-99 makes it the canary. */
export interface PromoteInput {
  version: string;
  percent?: number;
  by?: string;
}

/** POST /releases/:remote/rollback. */
export interface RollbackInput {
  by?: string;
  reason?: string;
  /**
   * True: the registry names no release for this remote any more (its canary goes too), and browsers
   * load the image's own build. Otherwise the canary goes, or else the previous live release returns.
   */
  toDefault?: boolean;
}

/**
 * A remote's routing after a promote or a rollback, with what the registry keeps beside it. `live`
 * is null after a rollback to the image's own build (`toDefault`).
 */
export interface RemoteRoutingChange extends Omit<RemoteRouting, 'live'> {
  remote: ReleaseRemote;
  live: ReleaseRef | null;
  canary?: CanaryRef & { since: string };
  liveSince: string | null;
  /** Earlier live versions, newest first: what a rollback goes back to. */
  history: string[];
  updatedAt: string;
}

/** DELETE /releases/:remote/:version (the body may be left out): who prunes it, for the audit log. */
export interface RemoveInput {
  by?: string;
}

/** POST /releases/:remote/refusals: a promote that `npm run release` refused, for the audit log. */
export interface PromoteRefusalInput {
  version: string;
  percent?: number;
  by?: string;
  /** Why, one line each (e.g. "react 18.3.1 is outside the shell's requiredVersion ^19.2.0"). */
  reasons: string[];
}

/** The most reasons one refusal may carry. */
export const PROMOTE_REFUSAL_MAX_REASONS = 30;

/** Why the registry keeps a release that `prune` may not delete. */
export const PRUNE_KEPT_REASONS = ['live', 'canary', 'rollback', 'recently-live'] as const;
export type PruneKeptReason = (typeof PRUNE_KEPT_REASONS)[number];

/**
 * GET /releases/:remote/prunable?keep=N: every release of the remote the registry holds, split into
 * those `prune` may delete and those it keeps (with why). Only the listed prunable versions are ever
 * deleted, files included.
 */
export interface PrunableReleases {
  remote: ReleaseRemote;
  keep: number;
  prunable: string[];
  kept: { version: string; reason: PruneKeptReason; detail: string }[];
}

/** `prune` keeps this many of the releases a rollback can reach when it is not told. */
export const PRUNE_DEFAULT_KEEP = 3;
/** The most a `keep` may ask for (the rollback history holds at most RELEASE_HISTORY_LIMIT). */
export const PRUNE_MAX_KEEP = 100;

export const RELEASE_AUDIT_ACTIONS = ['publish', 'promote', 'canary', 'rollback', 'to-default', 'auto-rollback', 'remove', 'promote-refused'] as const;
export type ReleaseAuditAction = (typeof RELEASE_AUDIT_ACTIONS)[number];

export interface ReleaseAuditEntry {
  at: string;
  remote: ReleaseRemote;
  action: ReleaseAuditAction;
  version: string;
  fromVersion?: string;
  percent?: number;
  by: string;
  reason?: string;
}

/** One release's health over the last hour, from the shell's telemetry. */
export interface ReleaseHealth {
  views: number;
  loadFailures: number;
  renderErrors: number;
  /** (loadFailures + renderErrors) per view, 0-1. */
  failureRate: number;
  /** Load times at the 50th and 95th percentile (the upper bound of their histogram bucket); null without timed views. */
  loadP50Ms: number | null;
  loadP95Ms: number | null;
  /** Page loads that reported their Interaction to Next Paint. */
  inpReports: number;
  /** INP at the 75th percentile (the upper bound of its histogram bucket; the web's "good" is <= 200); null without reports. */
  inpP75Ms: number | null;
}

export interface RemoteReleaseStatus {
  remote: ReleaseRemote;
  live: string | null;
  liveSince: string | null;
  canary: { version: string; percent: number; since: string } | null;
  history: string[];
  /** Newest first, at most 20, each with its last hour's health. */
  releases: (Release & { lastHour: ReleaseHealth })[];
}

/** GET /releases: every remote's state and the latest audit entries (newest first, at most 50). */
export interface ReleaseStatus {
  remotes: RemoteReleaseStatus[];
  audit: ReleaseAuditEntry[];
  updatedAt: string | null;
}
