import { listArtifacts } from '@antiquarium/api-client';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import AllArtifactsPage from './all-artifacts-page';
import { artifact, artifactPage } from '@antiquarium/testing';

// The api cannot run inside jest: only the api-client module is replaced.
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
  return router;
}

const lastParams = () => list.mock.calls[list.mock.calls.length - 1]?.[0];

beforeEach(() => list.mockReset());

test('reads its filters from the URL and sends them to the server', async () => {
  list.mockResolvedValue(artifactPage([artifact({ name: 'Iron sword', type: 'Weapons' })]));
  renderAt('/all-artifacts?type=Weapons&sort=likes&search=iron');
  expect(await screen.findByRole('heading', { name: 'Iron sword' })).toBeInTheDocument();
  expect(lastParams()).toEqual({ type: 'Weapons', sort: 'likes', search: 'iron', page: 1 });
  expect(screen.getByLabelText('Type')).toHaveValue('Weapons');
  expect(screen.getByLabelText('Sort By')).toHaveValue('likes');
  expect(screen.getByLabelText('Search')).toHaveValue('iron');
});

test('offers the spec’s types and sort options', async () => {
  list.mockResolvedValue(artifactPage([]));
  renderAt('/all-artifacts');
  const type = screen.getByLabelText('Type');
  expect(within(type).getAllByRole('option').map((o) => o.textContent)).toEqual([
    'All Types',
    'Tools',
    'Weapons',
    'Documents',
    'Writings',
    'Others',
  ]);
  const sort = screen.getByLabelText('Sort By');
  expect(within(sort).getAllByRole('option').map((o) => o.textContent)).toEqual([
    'Name A-Z',
    'Latest',
    'Oldest',
    'Most Liked',
  ]);
  expect(await screen.findByText('No artifacts match your criteria.')).toBeInTheDocument();
});

test('changing type, sort and search updates the URL and asks the server again', async () => {
  list.mockResolvedValue(artifactPage([artifact()]));
  const router = renderAt('/all-artifacts?page=2');
  await screen.findByRole('heading', { level: 2 });

  await userEvent.selectOptions(screen.getByLabelText('Type'), 'Documents');
  await waitFor(() => expect(router.state.location.search).toBe('?type=Documents'));
  await waitFor(() => expect(lastParams()).toEqual({ type: 'Documents', sort: 'name', search: undefined, page: 1 }));

  await userEvent.selectOptions(screen.getByLabelText('Sort By'), 'latest');
  await waitFor(() => expect(router.state.location.search).toBe('?type=Documents&sort=latest'));

  await userEvent.type(screen.getByLabelText('Search'), '  scroll ');
  expect(router.state.location.search).toBe('?type=Documents&sort=latest');
  await userEvent.click(screen.getByRole('button', { name: 'Search' }));
  await waitFor(() => expect(router.state.location.search).toBe('?type=Documents&sort=latest&search=scroll'));
  await waitFor(() => expect(lastParams()).toEqual({ type: 'Documents', sort: 'latest', search: 'scroll', page: 1 }));

  await userEvent.selectOptions(screen.getByLabelText('Type'), '');
  await waitFor(() => expect(router.state.location.search).toBe('?sort=latest&search=scroll'));
});

test('shows a spinner while searching, then the cards', async () => {
  let answer: ((value: ReturnType<typeof artifactPage>) => void) | undefined;
  list.mockImplementation(() => new Promise((resolve) => (answer = resolve)));
  renderAt('/all-artifacts?search=mask');
  expect(screen.getByText('Searching…')).toBeInTheDocument();
  answer?.(artifactPage([artifact({ name: 'Golden mask' })]));
  expect(await screen.findByRole('heading', { name: 'Golden mask' })).toBeInTheDocument();
  expect(screen.queryByText('Searching…')).not.toBeInTheDocument();
  expect(screen.getByText('1 artifact found')).toBeInTheDocument();
});

test('pages reach every artifact and keep the filters', async () => {
  list.mockResolvedValue(artifactPage([artifact()], { total: 50, page: 1, pageSize: 24, nextPage: 2 }));
  const router = renderAt('/all-artifacts?type=Tools');
  expect(await screen.findByText('Page 1 of 3')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('link', { name: 'Next' }));
  await waitFor(() => expect(router.state.location.search).toBe('?type=Tools&page=2'));
  await waitFor(() => expect(lastParams()).toEqual({ type: 'Tools', sort: 'name', search: undefined, page: 2 }));
});

test('a failed list shows the "Failed to fetch artifacts" toast', async () => {
  list.mockRejectedValue(new Error('boom'));
  renderAt('/all-artifacts');
  expect(await screen.findByText('Failed to fetch artifacts')).toBeInTheDocument();
  expect(screen.getByText('The artifacts could not be loaded.')).toBeInTheDocument();
});
