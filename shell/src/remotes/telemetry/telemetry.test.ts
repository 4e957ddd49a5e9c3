import { TELEMETRY_MAX_EVENTS, TELEMETRY_MAX_MS, type TelemetryBatch, type TelemetryEvent } from '@antiquarium/contracts';
import { defaultReleases } from '../loading/site-remotes.testing';
import type { LoadVitals } from './telemetry';

jest.mock('@module-federation/enhanced/runtime', () => ({ registerRemotes: jest.fn(), preloadRemote: jest.fn(), loadRemote: jest.fn() }));

const API = 'http://api.test';
const LIVE = '0.1.0-abc123456789';
const PREVIEW = '0.3.0-0123456789ab';
/** A ticket as the routing answer carries it (the registry signs it; the shell only passes it on). */
const TICKET = 't1.eyJpIjoicGFnZS1sb2FkLTEifQ.c2lnbmF0dXJlLW9mLXRoZS1yZWdpc3RyeS14eHh4eHh4eHh4';

let beacon: jest.Mock;
let fetchMock: jest.SpyInstance;

type InpCallback = Parameters<Awaited<ReturnType<LoadVitals>>['onINP']>[0];

/**
 * A stand-in for the web-vitals library (jsdom has no event timing to measure): it records the
 * callback the telemetry gives onINP, which a test then calls as the library would (with the
 * metric's value, the only field the telemetry reads).
 */
function fakeVitals() {
  const reports: InpCallback[] = [];
  const load = jest.fn<ReturnType<LoadVitals>, []>(async () => ({
    onINP: (callback, options) => {
      expect(options).toEqual({ reportAllChanges: true });
      reports.push(callback);
    },
  }));
  return { load, report: (value: number) => reports.forEach((callback) => callback({ value } as Parameters<InpCallback>[0])) };
}

/** A new page load: its own sampling decision, queue, registered releases and ticket (null: its routing brought none). */
async function newPage({
  sampleRate = 1,
  random = (): number => 0.5,
  ticket = TICKET,
  vitals = fakeVitals(),
}: { sampleRate?: number; random?: () => number; ticket?: string | null; vitals?: ReturnType<typeof fakeVitals> } = {}) {
  jest.resetModules();
  const federation = await import('../loading/federation');
  const telemetry = await import('./telemetry');
  (await import('./telemetry-ticket')).keepTelemetryTicket(ticket);
  federation.registerSiteRemotes({ ...defaultReleases(), catalog: { version: LIVE, manifestUrl: `https://cdn.test/catalog/${LIVE}/mf-manifest.json` } });
  telemetry.startTelemetry(API, sampleRate, random, vitals.load);
  return { federation, telemetry, vitals };
}

function readBlob(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
}

/** Every batch sent by beacon, in order. */
async function beaconed(): Promise<TelemetryEvent[][]> {
  const batches: TelemetryEvent[][] = [];
  for (const [url, blob] of beacon.mock.calls as [string, Blob][]) {
    expect(url).toBe(`${API}/releases/telemetry`);
    expect(blob.type).toBe('text/plain;charset=utf-8');
    const { ticket, events } = JSON.parse(await readBlob(blob)) as TelemetryBatch;
    // Every batch carries the page load's ticket: the registry counts nothing without it.
    expect(ticket).toBe(TICKET);
    batches.push(events);
  }
  return batches;
}

beforeEach(() => {
  jest.useFakeTimers();
  beacon = jest.fn(() => true);
  Object.defineProperty(navigator, 'sendBeacon', { value: beacon, configurable: true, writable: true });
  fetchMock = jest.spyOn(globalThis, 'fetch').mockImplementation(async () => new Response(null, { status: 204 }));
});

afterEach(() => {
  // Empties the queues of this test's page, whose listeners stay on the shared window.
  window.dispatchEvent(new Event('pagehide'));
  jest.useRealTimers();
  jest.restoreAllMocks();
  Object.defineProperty(navigator, 'sendBeacon', { value: undefined, configurable: true, writable: true });
});

test('events are batched in memory and sent together after 10 s, with the version each remote runs', async () => {
  const { telemetry } = await newPage();
  telemetry.recordRemoteLoad('catalog', 'view', 412.6);
  telemetry.recordRemoteLoad('catalog', 'view', 3_600_000);
  telemetry.recordRemoteLoad('account', 'view', 95);
  telemetry.recordRemoteLoad('catalog', 'render-error');
  telemetry.recordRemoteLoad('contribute', 'load-failure');
  await jest.advanceTimersByTimeAsync(telemetry.FLUSH_INTERVAL_MS - 1);
  expect(beacon).not.toHaveBeenCalled();
  await jest.advanceTimersByTimeAsync(1);
  expect(await beaconed()).toEqual([
    [
      { remote: 'catalog', version: LIVE, kind: 'view', ms: 413 },
      // A load slower than the registry accepts is sent as its maximum.
      { remote: 'catalog', version: LIVE, kind: 'view', ms: TELEMETRY_MAX_MS },
      { remote: 'account', version: 'default', kind: 'view', ms: 95 },
      { remote: 'catalog', version: LIVE, kind: 'render-error' },
      { remote: 'contribute', version: 'default', kind: 'load-failure' },
    ],
  ]);
  expect(fetchMock).not.toHaveBeenCalled();

  // Nothing more to send: no empty beacon.
  await jest.advanceTimersByTimeAsync(telemetry.FLUSH_INTERVAL_MS * 3);
  expect(beacon).toHaveBeenCalledTimes(1);
});

test(`a batch never carries more than ${TELEMETRY_MAX_EVENTS} events: a full queue is sent at once`, async () => {
  const { telemetry } = await newPage();
  for (let event = 0; event < 120; event += 1) telemetry.recordRemoteLoad('catalog', 'view', event);
  expect((await beaconed()).map((batch) => batch.length)).toEqual([50, 50]);
  window.dispatchEvent(new Event('pagehide'));
  expect((await beaconed()).map((batch) => batch.length)).toEqual([50, 50, 20]);
});

test('the queue is sent when the page is hidden or left', async () => {
  const { telemetry } = await newPage();
  telemetry.recordRemoteLoad('catalog', 'view', 30);
  window.dispatchEvent(new Event('pagehide'));
  expect((await beaconed())[0]).toEqual([{ remote: 'catalog', version: LIVE, kind: 'view', ms: 30 }]);

  telemetry.recordRemoteLoad('account', 'load-failure');
  const visibility = jest.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
  document.dispatchEvent(new Event('visibilitychange'));
  visibility.mockRestore();
  expect((await beaconed())[1]).toEqual([{ remote: 'account', version: 'default', kind: 'load-failure' }]);
});

test('a page load outside the sample sends nothing; the decision is made once per load', async () => {
  const random = jest.fn(() => 0);
  const { telemetry } = await newPage({ sampleRate: 0, random });
  for (let event = 0; event < 60; event += 1) telemetry.recordRemoteLoad('catalog', 'view', 10);
  window.dispatchEvent(new Event('pagehide'));
  await jest.advanceTimersByTimeAsync(telemetry.FLUSH_INTERVAL_MS);
  expect(beacon).not.toHaveBeenCalled();
  expect(fetchMock).not.toHaveBeenCalled();

  telemetry.startTelemetry(API, 1, random);
  expect(random).toHaveBeenCalledTimes(1);

  const sampled = await newPage({ sampleRate: 0.25, random: () => 0.2 });
  sampled.telemetry.recordRemoteLoad('catalog', 'view', 10);
  window.dispatchEvent(new Event('pagehide'));
  expect(beacon).toHaveBeenCalledTimes(1);
});

test('without sendBeacon, or when it refuses, a keepalive fetch carries the batch', async () => {
  Object.defineProperty(navigator, 'sendBeacon', { value: undefined, configurable: true, writable: true });
  const { telemetry } = await newPage();
  telemetry.recordRemoteLoad('catalog', 'view', 5);
  window.dispatchEvent(new Event('pagehide'));
  expect(fetchMock).toHaveBeenCalledWith(`${API}/releases/telemetry`, {
    method: 'POST',
    body: JSON.stringify({ ticket: TICKET, events: [{ remote: 'catalog', version: LIVE, kind: 'view', ms: 5 }] }),
    keepalive: true,
    headers: { 'Content-Type': 'text/plain;charset=UTF-8' },
  });

  beacon.mockReturnValue(false);
  Object.defineProperty(navigator, 'sendBeacon', { value: beacon, configurable: true, writable: true });
  telemetry.recordRemoteLoad('account', 'view', 6);
  window.dispatchEvent(new Event('pagehide'));
  expect(beacon).toHaveBeenCalledTimes(1);
  expect(fetchMock).toHaveBeenCalledTimes(2);
});

test('no personal data: only the remote, its version, what happened and how long', async () => {
  localStorage.setItem('antiquarium.visitor', 'visitor-id-1234');
  window.history.replaceState(null, '', '/artifacts/6650f0c2a1?search=ada%40example.com');
  const { telemetry } = await newPage();
  telemetry.recordRemoteLoad('catalog', 'view', 120);
  telemetry.recordRemoteLoad('catalog', 'render-error');
  window.dispatchEvent(new Event('pagehide'));

  const [, blob] = beacon.mock.calls[0] as [string, Blob];
  const payload = await readBlob(blob);
  const { events, ...rest } = JSON.parse(payload) as { events: Record<string, unknown>[] };
  // The ticket is the registry's own, opaque to the page: it says nothing of the visitor either.
  expect(rest).toEqual({ ticket: TICKET });
  for (const event of events) {
    expect(Object.keys(event).every((key) => ['remote', 'version', 'kind', 'ms'].includes(key))).toBe(true);
  }
  for (const secret of ['visitor-id-1234', '6650f0c2a1', 'ada', 'example.com', 'artifacts']) expect(payload).not.toContain(secret);
  window.history.replaceState(null, '', '/');
  localStorage.clear();
});

test('remotes outside the registry and previewed releases are not reported', async () => {
  const { federation, telemetry } = await newPage();
  federation.previewRemote('catalog', { version: PREVIEW, manifestUrl: `https://cdn.test/catalog/${PREVIEW}/mf-manifest.json` });
  telemetry.recordRemoteLoad('catalog', 'view', 10);
  telemetry.recordRemoteLoad('test', 'view', 10);
  telemetry.recordRemoteLoad('account', 'view', 10);
  window.dispatchEvent(new Event('pagehide'));
  expect(await beaconed()).toEqual([[{ remote: 'account', version: 'default', kind: 'view', ms: 10 }]]);
});

test('a page load whose routing brought no ticket (registry down or slow) reports nothing', async () => {
  const { telemetry } = await newPage({ ticket: null });
  for (let event = 0; event < 60; event += 1) telemetry.recordRemoteLoad('catalog', 'view', 10);
  telemetry.recordRemoteLoad('catalog', 'load-failure');
  window.dispatchEvent(new Event('pagehide'));
  await jest.advanceTimersByTimeAsync(telemetry.FLUSH_INTERVAL_MS);
  expect(beacon).not.toHaveBeenCalled();
  expect(fetchMock).not.toHaveBeenCalled();
});

test('the page load keeps its first ticket, and only a well-formed one', async () => {
  const { telemetry } = await newPage({ ticket: 'not a ticket <script>' });
  const tickets = await import('./telemetry-ticket');
  expect(tickets.telemetryTicket()).toBeUndefined();
  tickets.keepTelemetryTicket(TICKET);
  tickets.keepTelemetryTicket('t1.another.ticket');
  expect(tickets.telemetryTicket()).toBe(TICKET);
  tickets.keepTelemetryTicket(undefined);
  telemetry.recordRemoteLoad('catalog', 'view', 10);
  window.dispatchEvent(new Event('pagehide'));
  expect(await beaconed()).toEqual([[{ remote: 'catalog', version: LIVE, kind: 'view', ms: 10 }]]);
});

describe('Interaction to Next Paint', () => {
  test('a sampled page load loads the INP code after the boot, and reports its INP once, under the remote on screen when it was reached', async () => {
    const { telemetry, vitals } = await newPage();
    // Not part of the boot: loaded once the browser is idle (here, without idle callbacks, after IDLE_WAIT_MS).
    await jest.advanceTimersByTimeAsync(telemetry.IDLE_WAIT_MS - 1);
    expect(vitals.load).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(1);
    expect(vitals.load).toHaveBeenCalledTimes(1);

    const leaveHome = telemetry.showRemotePage('catalog');
    vitals.report(64);
    leaveHome();
    const leaveAccount = telemetry.showRemotePage('account');
    vitals.report(231.6);
    telemetry.recordRemoteLoad('account', 'view', 40);
    window.dispatchEvent(new Event('pagehide'));
    expect((await beaconed()).flat()).toEqual([
      { remote: 'account', version: 'default', kind: 'view', ms: 40 },
      { remote: 'account', version: 'default', kind: 'inp', ms: 232 },
    ]);

    // Once per page load: a slower interaction after it was sent, and the page hidden again, send nothing more.
    vitals.report(480);
    leaveAccount();
    const visibility = jest.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    visibility.mockRestore();
    window.dispatchEvent(new Event('pagehide'));
    await jest.advanceTimersByTimeAsync(telemetry.FLUSH_INTERVAL_MS);
    expect(beacon).toHaveBeenCalledTimes(2);
  });

  test('an INP reached on a page of no remote is kept under the last remote page’s; none at all is no report', async () => {
    const { telemetry, vitals } = await newPage();
    await jest.advanceTimersByTimeAsync(telemetry.IDLE_WAIT_MS);
    // The shell's own page (About): no remote on screen.
    vitals.report(300);
    window.dispatchEvent(new Event('pagehide'));
    expect(beacon).not.toHaveBeenCalled();

    const leave = telemetry.showRemotePage('catalog');
    vitals.report(120);
    leave();
    vitals.report(900);
    window.dispatchEvent(new Event('pagehide'));
    expect(await beaconed()).toEqual([[{ remote: 'catalog', version: LIVE, kind: 'inp', ms: 120 }]]);
  });

  test('the page shown last is the one on screen, whichever page’s cleanup runs last', async () => {
    const { telemetry, vitals } = await newPage();
    await jest.advanceTimersByTimeAsync(telemetry.IDLE_WAIT_MS);
    const leaveFirst = telemetry.showRemotePage('catalog');
    telemetry.showRemotePage('account');
    leaveFirst();
    vitals.report(150);
    window.dispatchEvent(new Event('pagehide'));
    expect(await beaconed()).toEqual([[{ remote: 'account', version: 'default', kind: 'inp', ms: 150 }]]);
  });

  test('a page load outside the sample never loads the INP code; one whose INP code fails to load reports no INP', async () => {
    const unsampled = await newPage({ sampleRate: 0 });
    await jest.advanceTimersByTimeAsync(unsampled.telemetry.IDLE_WAIT_MS * 5);
    expect(unsampled.vitals.load).not.toHaveBeenCalled();

    const failing = fakeVitals();
    failing.load.mockRejectedValueOnce(new Error('ChunkLoadError'));
    const { telemetry } = await newPage({ vitals: failing });
    await jest.advanceTimersByTimeAsync(telemetry.IDLE_WAIT_MS);
    expect(failing.load).toHaveBeenCalledTimes(1);
    telemetry.showRemotePage('catalog');
    telemetry.recordRemoteLoad('catalog', 'view', 10);
    window.dispatchEvent(new Event('pagehide'));
    expect(await beaconed()).toEqual([[{ remote: 'catalog', version: LIVE, kind: 'view', ms: 10 }]]);
  });
});
