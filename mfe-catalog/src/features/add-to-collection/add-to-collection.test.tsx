import { ApiRequestError, createCollection, getCollection, myCollections, setCollectionItems } from '@antiquarium/api-client';
import type { CollectionSummary } from '@antiquarium/contracts';
import { ada, artifact, fakeAuth, renderAt } from '@antiquarium/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AddToCollectionButton } from './add-to-collection-button';

// The api cannot run inside jest: only the api-client module is replaced.
jest.mock('@antiquarium/api-client', () => ({
  ...jest.requireActual('@antiquarium/api-client'),
  myCollections: jest.fn(),
  getCollection: jest.fn(),
  createCollection: jest.fn(),
  setCollectionItems: jest.fn(),
}));
const mine = jest.mocked(myCollections);
const get = jest.mocked(getCollection);
const create = jest.mocked(createCollection);
const putItems = jest.mocked(setCollectionItems);

const shown = artifact({ name: 'Rosetta Stone' });
const kept = artifact({ name: 'Bronze Sickle' });

function summary(id: string, title: string, visibility: 'public' | 'private'): CollectionSummary {
  return { id, ownerUid: ada.uid, title, description: '', visibility, itemCount: 1, coverImage: null, createdAt: '', updatedAt: '' };
}

function page(items: CollectionSummary[]) {
  return { items, total: items.length, page: 1, pageSize: 100, nextPage: null };
}

async function openDialog() {
  const user = userEvent.setup();
  renderAt('/artifacts/:id', <AddToCollectionButton artifactId={shown._id} />, { url: `/artifacts/${shown._id}` });
  const opener = screen.getByRole('button', { name: 'Add to collection' });
  await user.click(opener);
  const dialog = await screen.findByRole('dialog', { name: 'Add to collection' }, { timeout: 5000 });
  return { user, dialog, opener };
}

beforeEach(() => {
  fakeAuth({ user: ada });
  for (const mock of [mine, get, create, putItems]) mock.mockReset();
});

test('adds to one of my collections at its end, keeping the order and notes there, then links to it', async () => {
  mine.mockResolvedValue(page([summary('c1', 'Tools of the fields', 'public'), summary('c2', 'Scripts', 'private')]));
  get.mockResolvedValue({
    ...summary('c2', 'Scripts', 'private'),
    items: [{ artifactId: kept._id, note: 'Cast, not forged.', artifact: kept }],
  });
  putItems.mockResolvedValue(undefined as never);
  const { user, dialog, opener } = await openDialog();
  await user.click(await within(dialog).findByRole('radio', { name: 'Scripts (private)' }));
  await user.click(within(dialog).getByRole('button', { name: 'Add' }));

  expect(get).toHaveBeenCalledWith('c2');
  expect(putItems).toHaveBeenCalledWith('c2', [
    { artifactId: kept._id, note: 'Cast, not forged.' },
    { artifactId: shown._id, note: '' },
  ]);
  expect(await within(dialog).findByText('Added to “Scripts”.')).toBeInTheDocument();
  const link = within(dialog).getByRole('link', { name: 'Open “Scripts”' });
  expect(link).toHaveAttribute('href', '/collections/c2');
  await waitFor(() => expect(link).toHaveFocus());

  await user.click(within(dialog).getByRole('button', { name: 'Done' }));
  await waitFor(() => expect(opener).toHaveFocus());
});

test('an artifact already there is not added twice', async () => {
  mine.mockResolvedValue(page([summary('c1', 'Scripts', 'public')]));
  get.mockResolvedValue({ ...summary('c1', 'Scripts', 'public'), items: [{ artifactId: shown._id, note: '', artifact: shown }] });
  const { user, dialog } = await openDialog();
  await user.click(await within(dialog).findByRole('button', { name: 'Add' }));
  expect(await within(dialog).findByText('This artifact is already in “Scripts”.')).toBeInTheDocument();
  expect(putItems).not.toHaveBeenCalled();
});

test('with no collection yet, creates one (title and visibility) holding the artifact; a failure keeps the form', async () => {
  mine.mockResolvedValue(page([]));
  create.mockRejectedValueOnce(new ApiRequestError('Too many writes. Try again in a minute.', 429));
  const { user, dialog } = await openDialog();
  const title = await within(dialog).findByRole('textbox', { name: 'Title' });
  await user.click(within(dialog).getByRole('button', { name: 'Add' }));
  expect(within(dialog).getByText('Please give the collection a title.')).toBeInTheDocument();
  expect(create).not.toHaveBeenCalled();

  await user.type(title, 'Egypt');
  await user.click(within(dialog).getByRole('radio', { name: /^Public/ }));
  await user.click(within(dialog).getByRole('button', { name: 'Add' }));
  expect(await within(dialog).findByRole('alert')).toHaveTextContent('Too many writes. Try again in a minute.');
  expect(title).toHaveValue('Egypt');
  expect(within(dialog).getByRole('radio', { name: /^Public/ })).toBeChecked();

  create.mockResolvedValueOnce({ id: 'c9' });
  putItems.mockResolvedValue(undefined as never);
  await user.click(within(dialog).getByRole('button', { name: 'Add' }));
  expect(create).toHaveBeenLastCalledWith({ title: 'Egypt', visibility: 'public' });
  expect(putItems).toHaveBeenCalledWith('c9', [{ artifactId: shown._id, note: '' }]);
  expect(await within(dialog).findByRole('link', { name: 'Open “Egypt”' })).toHaveAttribute('href', '/collections/c9');
});
