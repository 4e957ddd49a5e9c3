import { listArtifacts } from '@antiquarium/api-client';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import AllArtifactsPage from './all-artifacts-page';

// A file of its own: antd's toasts outlive a test, and this one proves that no toast appears.
jest.mock('@antiquarium/api-client', () => ({
  ...jest.requireActual('@antiquarium/api-client'),
  listArtifacts: jest.fn(),
}));
const list = jest.mocked(listArtifacts);

function renderAt(url: string) {
  const router = createMemoryRouter([{ path: '/all-artifacts', element: <AllArtifactsPage /> }], {
    initialEntries: [url],
  });
  render(<RouterProvider router={router} />);
}

test('a failed search is only logged (spec), with the loading state cleared', async () => {
  const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  list.mockRejectedValue(new Error('search broke'));
  renderAt('/all-artifacts?search=zzz');
  expect(await screen.findByText('The artifacts could not be loaded.')).toBeInTheDocument();
  expect(log).toHaveBeenCalledWith('Search failed', expect.objectContaining({ message: 'search broke' }));
  expect(screen.queryByText('Searching…')).not.toBeInTheDocument();
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(screen.queryByText('Failed to fetch artifacts')).not.toBeInTheDocument();
  log.mockRestore();
});
