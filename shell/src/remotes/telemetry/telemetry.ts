/**
 * What each remote page load did, reported to the release registry (POST /releases/telemetry) so it
 * can compare a canary with the live release and roll a bad one back. No personal data: an event
 * is a remote, the version this tab runs, what happened and how long it took; nothing about the
 * visitor, the member or the page's address. Every batch carries the page load's ticket (from its
 * routing answer, telemetry-ticket.ts): the registry counts nothing without it, so a page load
 * without one reports nothing. Sampled once per page load, batched in memory, sent when the page
 * is hidden, every FLUSH_INTERVAL_MS at most, or once TELEMETRY_MAX_EVENTS are queued.
 */
import { isReleaseRemote, TELEMETRY_MAX_EVENTS, TELEMETRY_MAX_MS, type TelemetryBatch, type TelemetryEvent, type TelemetryKind } from '@antiquarium/contracts';
import { chosenReleases } from '../loading/federation';
import { telemetryTicket } from './telemetry-ticket';

export const FLUSH_INTERVAL_MS = 10_000;

let started = false;
/** Undefined until started, and for a page load outside the sample. */
let endpoint: string | undefined;
const queue: TelemetryEvent[] = [];
let timer: ReturnType<typeof setTimeout> | undefined;

/** Called once, when the runtime config is in. sampleRate: 0-1 (runtime-config.json telemetrySampleRate). */
export function startTelemetry(apiUrl: string, sampleRate: number, random: () => number = Math.random): void {
  if (started) return;
  started = true;
  if (!(random() < sampleRate)) return;
  endpoint = `${apiUrl}/releases/telemetry`;
  // The last moments a page can send anything: sendBeacon outlives the page.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flushTelemetry();
  });
  window.addEventListener('pagehide', flushTelemetry);
}

/**
 * Records one remote page load's outcome (ms: for a view, the time its module took to load). As the
 * registry counts them (libs/contracts releases.ts): one 'view' per page load, loaded or not, plus a
 * 'load-failure' or a 'render-error' when it failed.
 */
export function recordRemoteLoad(remote: string, kind: TelemetryKind, ms?: number): void {
  if (!endpoint || !telemetryTicket() || !isReleaseRemote(remote)) return;
  const release = chosenReleases()?.[remote];
  // A preview is an operator's check, not traffic: counting it would skew the canary's numbers.
  if (!release || release.preview) return;
  const event: TelemetryEvent = { remote, version: release.version, kind };
  // The registry refuses a batch with a time past TELEMETRY_MAX_MS: a slower load is sent as that.
  if (ms !== undefined) event.ms = Math.min(TELEMETRY_MAX_MS, Math.max(0, Math.round(ms)));
  queue.push(event);
  if (queue.length >= TELEMETRY_MAX_EVENTS) flushTelemetry();
  else timer ??= setTimeout(flushTelemetry, FLUSH_INTERVAL_MS);
}

/** Sends everything queued, TELEMETRY_MAX_EVENTS per call. */
export function flushTelemetry(): void {
  clearTimeout(timer);
  timer = undefined;
  const ticket = telemetryTicket();
  if (!endpoint || !ticket) return;
  while (queue.length > 0) send(endpoint, { ticket, events: queue.splice(0, TELEMETRY_MAX_EVENTS) });
}

function send(url: string, batch: TelemetryBatch): void {
  const body = JSON.stringify(batch);
  // text/plain keeps the request CORS-safelisted: no preflight, which a closing page could not wait for.
  try {
    if (navigator.sendBeacon?.(url, new Blob([body], { type: 'text/plain;charset=UTF-8' }))) return;
  } catch {
    // Refused (e.g. too large a queue of beacons): try fetch below.
  }
  fetch(url, { method: 'POST', body, keepalive: true, headers: { 'Content-Type': 'text/plain;charset=UTF-8' } }).catch(() => undefined);
}
