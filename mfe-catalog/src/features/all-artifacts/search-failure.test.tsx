import { listArtifacts } from '@antiquarium/api-client';
import { toast } from '@antiquarium/ui';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import AllArtifactsPage from './all-artifacts-page';

// A file of its own: the toast is watched at its call (antd's toasts would outlive a test). The page
// decides on the toast in the same step as it records the failure (use-api-data.ts), so once the
// failure is on screen the toast has been asked for, or never will be: no waiting for nothing.
jest.mock('@antiquarium/api-client', () => ({
  ...jest.requireActual('@antiquarium/api-client'),
  listArtifacts: jest.fn(),
}));
jest.mock('@antiquarium/ui', () => ({
  ...jest.requireActual('@antiquarium/ui'),
  toast: jest.fn(async () => undefined),
}));
const list = jest.mocked(listArtifacts);
const toasts = jest.mocked(toast);

function renderAt(url: string) {
  const router = createMemoryRouter([{ path: '/all-artifacts', element: <AllArtifactsPage /> }], {
    initialEntries: [url],
  });
  render(<RouterProvider router={router} />);
}

beforeEach(() => toasts.mockClear());

test('a failed search is only logged (spec), with the loading state cleared', async () => {
  const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  list.mockRejectedValue(new Error('search broke'));
  renderAt('/all-artifacts?search=zzz');
  expect(await screen.findByText('The artifacts could not be loaded.')).toBeInTheDocument();
  expect(log).toHaveBeenCalledWith('Search failed', expect.objectContaining({ message: 'search broke' }));
  expect(screen.queryByText('Searching…')).not.toBeInTheDocument();
  expect(toasts).not.toHaveBeenCalled();
  log.mockRestore();
});

test('the same failure without a search gets the toast (what the test above would see)', async () => {
  list.mockRejectedValue(new Error('list broke'));
  renderAt('/all-artifacts?type=Tools');
  expect(await screen.findByText('The artifacts could not be loaded.')).toBeInTheDocument();
  expect(toasts).toHaveBeenCalledWith('error', 'Failed to fetch artifacts');
});
