import { ApiRequestError, deleteArtifact, listArtifacts } from '@antiquarium/api-client';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import MyArtifactsPage, { MY_ARTIFACTS_PAGE_SIZE, MY_ARTIFACTS_TEXTS } from './my-artifacts-page';
import { ada, artifact, artifactPage, fakeAuth, findToast, renderAt } from '@antiquarium/testing';

// The api cannot run inside jest: only the api-client's calls are replaced.
jest.mock('@antiquarium/api-client', () => ({
  ...jest.requireActual('@antiquarium/api-client'),
  listArtifacts: jest.fn(),
  deleteArtifact: jest.fn(),
}));
const list = jest.mocked(listArtifacts);
const remove = jest.mocked(deleteArtifact);

beforeEach(() => {
  list.mockReset();
  remove.mockReset();
  fakeAuth({ user: ada });
});

const renderMine = (url = '/my-artifacts') => renderAt('/my-artifacts', <MyArtifactsPage />, { url });

test("asks only for the user's own artifacts, and shows the spec's columns", async () => {
  const rosetta = artifact({
    _id: 'r1',
    name: 'Rosetta Stone',
    type: 'Documents',
    createdAt: '196 BC',
    location: 'British Museum, London',
  });
  list.mockResolvedValue(artifactPage([rosetta, artifact({ name: 'Clay tablet', location: '' })]));
  renderMine();
  const table = await screen.findByRole('table');
  expect(list).toHaveBeenCalledWith(
    { email: 'ada@example.com', sort: 'latest', page: 1, limit: MY_ARTIFACTS_PAGE_SIZE },
    expect.anything(),
  );
  expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
    'Image',
    'Name',
    'Type',
    'Created At',
    'Location',
    'Actions',
  ]);
  const row = within(table).getByRole('row', { name: /Rosetta Stone/ });
  expect(within(row).getByRole('img', { name: 'Rosetta Stone' })).toBeInTheDocument();
  expect(within(row).getByRole('link', { name: 'Rosetta Stone' })).toHaveAttribute('href', '/artifacts/r1');
  expect(within(row).getByText('Documents')).toBeInTheDocument();
  expect(within(row).getByText('196 BC')).toBeInTheDocument();
  expect(within(row).getByText('British Museum, London')).toBeInTheDocument();
  expect(within(row).getByRole('link', { name: 'Update Rosetta Stone' })).toHaveAttribute('href', '/update-artifact/r1');
  expect(within(row).getByRole('button', { name: 'Delete Rosetta Stone' })).toBeInTheDocument();
  expect(within(table).getByRole('row', { name: /Clay tablet/ })).toHaveTextContent('Unknown');
  expect(screen.getByText('2 artifacts')).toBeInTheDocument();
});

test('shows a spinner until the list arrives', async () => {
  let answer: ((value: ReturnType<typeof artifactPage>) => void) | undefined;
  list.mockImplementation(() => new Promise((resolve) => (answer = resolve)));
  renderMine();
  expect(screen.getByRole('status')).toHaveTextContent('Loading your artifacts…');
  answer?.(artifactPage([artifact({ name: 'Iron sword' })]));
  expect(await screen.findByRole('link', { name: 'Iron sword' })).toBeInTheDocument();
});

test('the empty state invites the user to add one', async () => {
  list.mockResolvedValue(artifactPage([]));
  renderMine();
  expect(await screen.findByText('No artifacts found. Start by adding some historical treasures!')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Add Artifact' })).toHaveAttribute('href', '/add-artifact');
  expect(screen.queryByRole('table')).not.toBeInTheDocument();
});

test('a failed list: the toast, a message and a retry', async () => {
  list.mockRejectedValueOnce(new ApiRequestError('Service unavailable', 503));
  list.mockResolvedValueOnce(artifactPage([artifact({ name: 'Bronze mirror' })]));
  renderMine();
  expect(await findToast('Failed to fetch artifacts')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
  expect(await screen.findByRole('link', { name: 'Bronze mirror' })).toBeInTheDocument();
});

test('paged with the api’s next page: Next leads to ?page=2 and asks for it', async () => {
  list.mockResolvedValue(artifactPage([artifact()], { total: 45, pageSize: 20, nextPage: 2 }));
  const router = renderMine();
  expect(await screen.findByText('Page 1 of 3')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('link', { name: 'Next' }));
  await waitFor(() => expect(router.state.location.search).toBe('?page=2'));
  await waitFor(() => expect(list).toHaveBeenLastCalledWith(expect.objectContaining({ page: 2 }), expect.anything()));
});

test('delete: confirmation first; confirmed, the row goes, the toast shows, and the member stays on My Artifacts with the focus on the count', async () => {
  const mask = artifact({ _id: 'm1', name: 'Golden mask' });
  list.mockResolvedValue(artifactPage([mask, artifact({ name: 'Iron sword' })]));
  remove.mockResolvedValue({ deletedCount: 1 });
  const router = renderMine();
  await userEvent.click(await screen.findByRole('button', { name: 'Delete Golden mask' }));

  const dialog = await screen.findByRole('dialog');
  expect(dialog).toHaveTextContent('Are you sure?');
  expect(remove).not.toHaveBeenCalled();
  await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, delete it!' }));

  expect(await findToast('Artifact deleted successfully')).toBeInTheDocument();
  expect(remove).toHaveBeenCalledWith('m1');
  expect(router.state.location.pathname).toBe('/my-artifacts');
  expect(screen.queryByRole('button', { name: 'Delete Golden mask' })).not.toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Delete Iron sword' })).toBeInTheDocument();
  const count = screen.getByText('1 artifact');
  await waitFor(() => expect(count).toHaveFocus());
});

test('deleting the last one: the empty list’s message takes the focus', async () => {
  list.mockResolvedValue(artifactPage([artifact({ _id: 'm1', name: 'Golden mask' })]));
  remove.mockResolvedValue({ deletedCount: 1 });
  const router = renderMine();
  await userEvent.click(await screen.findByRole('button', { name: 'Delete Golden mask' }));
  await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes, delete it!' }));
  const empty = await screen.findByText(MY_ARTIFACTS_TEXTS.empty);
  await waitFor(() => expect(empty.parentElement).toHaveFocus());
  expect(router.state.location.pathname).toBe('/my-artifacts');
});

test('delete cancelled: nothing is deleted and the focus returns to the button', async () => {
  list.mockResolvedValue(artifactPage([artifact({ name: 'Golden mask' })]));
  renderMine();
  const button = await screen.findByRole('button', { name: 'Delete Golden mask' });
  await userEvent.click(button);
  await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(button).toHaveFocus());
  expect(remove).not.toHaveBeenCalled();
  expect(screen.getByRole('link', { name: 'Golden mask' })).toBeInTheDocument();
});

test.each([
  ['the api refuses', () => remove.mockRejectedValue(new ApiRequestError('Forbidden', 403))],
  ['nothing was deleted', () => remove.mockResolvedValue({ deletedCount: 0 })],
])('delete fails when %s: "Failed to delete artifact", the row stays', async (_case, arrange) => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  arrange();
  list.mockResolvedValue(artifactPage([artifact({ name: 'Golden mask' })]));
  const router = renderMine();
  await userEvent.click(await screen.findByRole('button', { name: 'Delete Golden mask' }));
  await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes, delete it!' }));
  expect(await findToast('Failed to delete artifact')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Golden mask' })).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/my-artifacts');
});

test('an artifact hidden by a moderation decision is marked, with a link to My Notices', async () => {
  list.mockResolvedValue(artifactPage([artifact({ name: 'Bronze amphora', moderation: 'restricted' }), artifact({ name: 'Clay tablet' })]));
  renderMine();
  const table = await screen.findByRole('table');
  expect(within(table).getByRole('link', { name: 'Restricted: see why (Bronze amphora)' })).toHaveAttribute('href', '/my-notices');
  expect(within(table).getAllByRole('link', { name: /see why/ })).toHaveLength(1);
});

test('after Previous or Next the focus goes to the count of the new page’s list once it is shown', async () => {
  list.mockImplementation(async ({ page = 1 } = {}) => artifactPage([artifact({ name: `Relic of page ${page}` })], { total: 21, page, pageSize: MY_ARTIFACTS_PAGE_SIZE, nextPage: page < 2 ? 2 : null }));
  renderMine();
  await screen.findByText('Page 1 of 2');
  await userEvent.click(screen.getByRole('link', { name: 'Next' }));
  await screen.findByRole('link', { name: 'Relic of page 2' });
  await waitFor(() => expect(screen.getByText('21 artifacts')).toHaveFocus());
});
