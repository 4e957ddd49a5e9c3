import { ApiRequestError, createCollection, myCollections } from '@antiquarium/api-client';
import type { CollectionSummary } from '@antiquarium/contracts';
import { ada, fakeAuth, renderAt } from '@antiquarium/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import MyCollectionsPage from './my-collections-page';

// The api cannot run inside jest: only the api-client module is replaced.
jest.mock('@antiquarium/api-client', () => ({
  ...jest.requireActual('@antiquarium/api-client'),
  myCollections: jest.fn(),
  createCollection: jest.fn(),
}));
const mine = jest.mocked(myCollections);
const create = jest.mocked(createCollection);

function summary(id: string, title: string, visibility: 'public' | 'private', itemCount: number): CollectionSummary {
  return { id, ownerUid: ada.uid, title, description: '', visibility, itemCount, coverImage: null, createdAt: '', updatedAt: '' };
}

beforeEach(() => {
  fakeAuth({ user: ada });
  mine.mockReset();
  create.mockReset();
});

test('lists my collections with their visibility and size, linked to their pages, and my public page', async () => {
  mine.mockResolvedValue({ items: [summary('c1', 'Scripts', 'public', 3), summary('c2', 'Drafts', 'private', 1)], total: 2, page: 1, pageSize: 20, nextPage: null });
  renderAt('/my-collections', <MyCollectionsPage />);
  expect(screen.getByRole('heading', { level: 1, name: 'My Collections' })).toBeInTheDocument();
  expect(await screen.findByRole('link', { name: 'Scripts' })).toHaveAttribute('href', '/collections/c1');
  expect(screen.getByRole('link', { name: 'Drafts' })).toHaveAttribute('href', '/collections/c2');
  expect(screen.getByText('3 artifacts')).toBeInTheDocument();
  expect(screen.getByText('Private')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'My public collections page' })).toHaveAttribute('href', `/members/${ada.uid}/collections`);
  expect(mine).toHaveBeenCalledWith({ page: 1, limit: 20 }, expect.anything());
});

test('creates a collection and opens it; a refusal keeps what was typed', async () => {
  mine.mockResolvedValue({ items: [], total: 0, page: 1, pageSize: 20, nextPage: null });
  create.mockRejectedValueOnce(new ApiRequestError('Too many writes. Try again in a minute.', 429));
  const user = userEvent.setup();
  const router = renderAt('/my-collections', <MyCollectionsPage />);
  expect(await screen.findByText('You have no collections yet. Create one below.')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Create collection' }));
  expect(screen.getByRole('textbox', { name: 'Title' })).toHaveFocus();
  expect(screen.getByRole('textbox', { name: 'Title' })).toHaveAttribute('aria-invalid', 'true');
  expect(create).not.toHaveBeenCalled();

  await user.type(screen.getByRole('textbox', { name: 'Title' }), 'Egypt');
  await user.selectOptions(screen.getByRole('combobox', { name: 'Who can see it' }), 'public');
  await user.click(screen.getByRole('button', { name: 'Create collection' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Too many writes. Try again in a minute.');
  expect(screen.getByRole('textbox', { name: 'Title' })).toHaveValue('Egypt');

  create.mockResolvedValueOnce({ id: 'c7' });
  await user.click(screen.getByRole('button', { name: 'Create collection' }));
  expect(create).toHaveBeenLastCalledWith({ title: 'Egypt', visibility: 'public' });
  await waitFor(() => expect(router.state.location.pathname).toBe('/collections/c7'));
});

test('after Previous or Next the focus goes to the page’s heading once the new page is shown', async () => {
  mine.mockImplementation(async ({ page = 1 } = {}) => ({ items: [summary(`c${page}`, `Collection of page ${page}`, 'public', 1)], total: 21, page, pageSize: 20, nextPage: page < 2 ? 2 : null }));
  renderAt('/my-collections', <MyCollectionsPage />);
  await screen.findByText('Page 1 of 2');
  await userEvent.click(screen.getByRole('link', { name: 'Next' }));
  await screen.findByRole('link', { name: 'Collection of page 2' });
  await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'My Collections' })).toHaveFocus());
});
