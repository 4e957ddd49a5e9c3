/**
 * What each remote page load did, reported to the release registry (POST /releases/telemetry) so it
 * can compare a canary with the live release and roll a bad one back. No personal data: an event
 * is a remote, the version this tab runs, what happened and how long it took; nothing about the
 * visitor, the member or the page's address. Every batch carries the page load's ticket (from its
 * routing answer, telemetry-ticket.ts): the registry counts nothing without it, so a page load
 * without one reports nothing. Sampled once per page load, batched in memory, sent when the page
 * is hidden, every FLUSH_INTERVAL_MS at most, or once TELEMETRY_MAX_EVENTS are queued.
 *
 * A sampled page load also reports its Interaction to Next Paint (issue 47): this code runs only
 * once the site's code has booted (a composed first page boots on the first intent, decision 0015),
 * and the web-vitals library is loaded after that, when the browser is idle, so it costs a first
 * page nothing before the intent. The browser keeps the slow interactions before it (the event
 * timing buffer: those of 104 ms and more), so the first tap, which booted the code, still counts.
 */
import { isReleaseRemote, TELEMETRY_MAX_EVENTS, TELEMETRY_MAX_MS, type TelemetryBatch, type TelemetryEvent, type TelemetryKind } from '@antiquarium/contracts';
import type { onINP } from 'web-vitals';
import { chosenReleases } from '../loading/federation';
import { telemetryTicket } from './telemetry-ticket';

export const FLUSH_INTERVAL_MS = 10_000;

/** What measures INP: the web-vitals library, loaded on its own once the code has booted (tests pass their own). */
export type LoadVitals = () => Promise<{ onINP: typeof onINP }>;
const loadWebVitals: LoadVitals = () => import('web-vitals');

let started = false;
/** Undefined until started, and for a page load outside the sample. */
let endpoint: string | undefined;
const queue: TelemetryEvent[] = [];
let timer: ReturnType<typeof setTimeout> | undefined;

/** Called once, when the runtime config is in. sampleRate: 0-1 (runtime-config.json telemetrySampleRate). */
export function startTelemetry(apiUrl: string, sampleRate: number, random: () => number = Math.random, loadVitals: LoadVitals = loadWebVitals): void {
  if (started) return;
  started = true;
  if (!(random() < sampleRate)) return;
  endpoint = `${apiUrl}/releases/telemetry`;
  // The last moments a page can send anything: sendBeacon outlives the page.
  onPageHidden(flushTelemetry);
  // After the boot's own work: INP's code is not part of it.
  const watch = () => void watchInteractions(loadVitals);
  if ('requestIdleCallback' in window) window.requestIdleCallback(watch, { timeout: IDLE_WAIT_MS });
  else setTimeout(watch, IDLE_WAIT_MS);
}

/** INP's code loads at the browser's next idle moment after the boot, at most this long after it (in Safari, which has no idle callbacks, this long after it). */
export const IDLE_WAIT_MS = 2000;

function onPageHidden(listener: () => void): void {
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') listener();
  });
  window.addEventListener('pagehide', listener);
}

/** The remote page on screen (RemotePage says which): an interaction is its release's. */
let shown: { remote: string } | undefined;

/** RemotePage calls this when its page is shown; the function it returns, when it goes. */
export function showRemotePage(remote: string): () => void {
  const mine = { remote };
  shown = mine;
  return () => {
    if (shown === mine) shown = undefined;
  };
}

/** The page load's INP so far, under the remote on screen when it was reached; sent once. */
let interaction: { remote: string; ms: number } | undefined;
let interactionSent = false;

async function watchInteractions(loadVitals: LoadVitals): Promise<void> {
  let vitals;
  try {
    vitals = await loadVitals();
  } catch {
    // Its chunk could not be loaded (offline, a new deployment): the page works without it.
    return;
  }
  // Every change, so that the value is at hand when the page is hidden, under the page it happened on.
  vitals.onINP(
    (metric) => {
      if (shown) interaction = { remote: shown.remote, ms: metric.value };
    },
    { reportAllChanges: true },
  );
  // Listened to after the library's own listener, which reads the last interactions when the page is hidden.
  onPageHidden(() => {
    if (!interaction || interactionSent) return;
    interactionSent = true;
    record(interaction.remote, 'inp', interaction.ms);
    flushTelemetry();
  });
}

/**
 * Records one remote page load's outcome (ms: for a view, the time its module took to load). As the
 * registry counts them (libs/contracts releases.ts): one 'view' per page load, loaded or not, plus a
 * 'load-failure' or a 'render-error' when it failed.
 */
export function recordRemoteLoad(remote: string, kind: Exclude<TelemetryKind, 'inp'>, ms?: number): void {
  record(remote, kind, ms);
}

function record(remote: string, kind: TelemetryKind, ms?: number): void {
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
