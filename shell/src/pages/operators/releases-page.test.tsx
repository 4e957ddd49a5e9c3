import { useAuthStore } from '@antiquarium/auth-store';
import type { ReleaseStatus } from '@antiquarium/contracts';
import { render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { routes } from '../../app/routes';
import { ReleasesView } from './releases-page';

const health = (views: number, failures: number, p50: number | null, p95: number | null, inp: [number, number | null] = [0, null]) => ({
  views,
  loadFailures: failures,
  renderErrors: 0,
  failureRate: views ? failures / views : 0,
  loadP50Ms: p50,
  loadP95Ms: p95,
  inpReports: inp[0],
  inpP75Ms: inp[1],
});

const release = (version: string, lastHour: ReturnType<typeof health>) => ({
  remote: 'catalog' as const,
  version,
  manifestUrl: `https://catalog.example.org/releases/${version}/mf-manifest.json`,
  shared: {},
  exposes: ['./Home'],
  notes: '',
  publishedBy: 'ci',
  publishedAt: '2026-11-23T10:00:00.000Z',
  lastLiveAt: null,
  lastHour,
});

const status: ReleaseStatus = {
  remotes: [
    {
      remote: 'catalog',
      live: '0.1.0-aaaaaaaaaaaa',
      liveSince: new Date(Date.now() - 30 * 60_000).toISOString(),
      canary: { version: '0.1.0-bbbbbbbbbbbb', percent: 10, since: '2026-11-23T11:00:00.000Z' },
      history: [],
      releases: [release('0.1.0-bbbbbbbbbbbb', health(40, 4, 200, 800)), release('0.1.0-aaaaaaaaaaaa', health(400, 2, 100, 400, [120, 200]))],
    },
    { remote: 'account', live: null, liveSince: null, canary: null, history: [], releases: [] },
  ],
  audit: [
    {
      at: '2026-11-23T11:00:00.000Z',
      remote: 'catalog',
      action: 'auto-rollback',
      version: '0.1.0-cccccccccccc',
      by: 'canary watch',
      reason: 'canary failure rate 100% over 20 views exceeds live 0% over 35 views by more than 5 points',
    },
  ],
  updatedAt: '2026-11-23T11:00:00.000Z',
} as unknown as ReleaseStatus;

test('each remote shows its live release and canary, and every release its last hour: views, load times, INP, failures', () => {
  render(<ReleasesView status={status} />);
  const catalog = screen.getByRole('region', { name: 'catalog' });
  expect(within(catalog).getByText('0.1.0-aaaaaaaaaaaa', { selector: 'strong' })).toBeInTheDocument();
  expect(catalog).toHaveTextContent('Canary: 0.1.0-bbbbbbbbbbbb for 10 % of browsers');
  const rows = within(catalog).getAllByRole('row').slice(1);
  expect(rows.map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent))).toEqual([
    ['canary', '40', '200 ms', '800 ms', '–', '4', '0', '10.0 %'],
    ['live', '400', '100 ms', '400 ms', '200 ms (120)', '2', '0', '0.5 %'],
  ]);
  expect(screen.getByRole('region', { name: 'account' })).toHaveTextContent('no release promoted');
  expect(screen.getByRole('region', { name: 'Latest changes' })).toHaveTextContent(
    'catalog: auto-rollback 0.1.0-cccccccccccc by canary watch: canary failure rate 100% over 20 views',
  );
});

test('a visitor opening the operators page is sent to sign in first', async () => {
  useAuthStore.setState({ user: null, loading: false });
  const router = createMemoryRouter(routes, { initialEntries: ['/operators/releases'] });
  render(<RouterProvider router={router} />);
  await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
});
