import type { TelemetryEvent } from '@antiquarium/contracts';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { registerSiteRemotes } from '../loading/federation';
import { RemotePage, type PageLoader } from './remote-page';
import { flushTelemetry, startTelemetry } from '../telemetry/telemetry';
import { keepTelemetryTicket } from '../telemetry/telemetry-ticket';
import { defaultReleases } from '../loading/site-remotes.testing';

// Module federation's runtime cannot run in jsdom; these pages come from the loaders the tests pass.
jest.mock('@module-federation/enhanced/runtime', () => ({ registerRemotes: jest.fn(), preloadRemote: jest.fn(), loadRemote: jest.fn() }));

const LIVE = '0.1.0-abc123456789';
const beacon = jest.fn((_url: string, _body: Blob) => true);

beforeAll(() => {
  registerSiteRemotes({ ...defaultReleases(), catalog: { version: LIVE, manifestUrl: `https://cdn.test/catalog/${LIVE}/mf-manifest.json` } });
  Object.defineProperty(navigator, 'sendBeacon', { value: beacon, configurable: true, writable: true });
  startTelemetry('http://api.test', 1, () => 0);
  // The page load's ticket, as the registry's routing answer brings it: without one nothing is sent.
  keepTelemetryTicket('header.payload.signature');
});

/** What this test's page loads reported to the release registry. */
async function reported(): Promise<TelemetryEvent[]> {
  flushTelemetry();
  const events: TelemetryEvent[] = [];
  for (const [, blob] of beacon.mock.calls) {
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(blob);
    });
    events.push(...(JSON.parse(text) as { events: TelemetryEvent[] }).events);
  }
  return events;
}

function Page() {
  return <h1>Remote home</h1>;
}

test('a failing remote shows a friendly message, and Retry loads it again', async () => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  let calls = 0;
  // The first load fails like an unreachable manifest; the second succeeds.
  const load: PageLoader = async () => {
    calls += 1;
    if (calls === 1) throw new Error('Failed to fetch mf-manifest.json');
    return { default: Page };
  };
  render(<RemotePage id="test/RetryHome" load={load} />);

  expect(await screen.findByRole('heading', { name: 'This part of Antiquarium could not be loaded' })).toBeInTheDocument();
  expect(screen.queryByText('Remote home')).not.toBeInTheDocument();

  await userEvent.click(screen.getByRole('button', { name: 'Retry' }));

  expect(await screen.findByRole('heading', { name: 'Remote home' })).toBeInTheDocument();
  expect(calls).toBe(2);
});

test('shows a spinner while the remote loads, and loads each page once', async () => {
  let release: (() => void) | undefined;
  let calls = 0;
  const load: PageLoader = () => {
    calls += 1;
    return new Promise((resolve) => {
      release = () => resolve({ default: Page });
    });
  };
  const { unmount } = render(<RemotePage id="test/SlowHome" load={load} />);
  expect(screen.getByRole('status')).toHaveTextContent('Loading page…');
  release?.();
  expect(await screen.findByRole('heading', { name: 'Remote home' })).toBeInTheDocument();
  unmount();

  render(<RemotePage id="test/SlowHome" load={load} />);
  expect(await screen.findByRole('heading', { name: 'Remote home' })).toBeInTheDocument();
  expect(calls).toBe(1);
});

test('a remote page that loads is reported as a view, with its load time', async () => {
  render(<RemotePage id="catalog/TimedHome" load={async () => ({ default: Page })} />);
  expect(await screen.findByRole('heading', { name: 'Remote home' })).toBeInTheDocument();
  expect(await reported()).toEqual([{ remote: 'catalog', version: LIVE, kind: 'view', ms: expect.any(Number) }]);
});

test('a page that cannot load is reported as a view without a time, and a load failure', async () => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  const load: PageLoader = async () => {
    throw new Error('Failed to fetch mf-manifest.json');
  };
  render(<RemotePage id="account/BrokenLogin" load={load} />);
  expect(await screen.findByRole('heading', { name: 'This part of Antiquarium could not be loaded' })).toBeInTheDocument();
  expect(screen.getByText('The rest of the site still works. Check your connection, then try again.')).toBeInTheDocument();
  expect(await reported()).toEqual([
    { remote: 'account', version: 'default', kind: 'view' },
    { remote: 'account', version: 'default', kind: 'load-failure' },
  ]);
});

test('a page that fails while rendering is reported as a render error of its release', async () => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  function Broken(): never {
    throw new Error('Cannot read properties of undefined');
  }
  render(<RemotePage id="catalog/BrokenDetails" load={async () => ({ default: Broken })} />);
  expect(await screen.findByRole('heading', { name: 'This part of Antiquarium could not be loaded' })).toBeInTheDocument();
  // It arrived and failed while rendering: no connection to check (issue 26).
  expect(screen.queryByText(/Check your connection/)).not.toBeInTheDocument();
  expect(screen.getByText(/Something went wrong on our side while showing it/)).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  expect(await reported()).toEqual([
    { remote: 'catalog', version: LIVE, kind: 'view', ms: expect.any(Number) },
    { remote: 'catalog', version: LIVE, kind: 'render-error' },
  ]);
});
