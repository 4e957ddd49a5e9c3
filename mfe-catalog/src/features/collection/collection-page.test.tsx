import { ApiRequestError, configureApiClient, deleteCollection, getCollection, setCollectionItems, updateCollection } from '@antiquarium/api-client';
import { forgetFirstPageAnswers, startFirstPageCalls } from '@antiquarium/api-client/hand-over';
import { apiCallKey } from '@antiquarium/contracts/first-page';
import type { Collection } from '@antiquarium/contracts';
import { ada, artifact, fakeAuth, findToast, renderAt } from '@antiquarium/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LEAVE_TEXTS } from '@antiquarium/ui';
import CollectionPage from './collection-page';

// The api cannot run inside jest: only the api-client module is replaced.
jest.mock('@antiquarium/api-client', () => ({
  ...jest.requireActual('@antiquarium/api-client'),
  getCollection: jest.fn(),
  setCollectionItems: jest.fn(),
  updateCollection: jest.fn(),
  deleteCollection: jest.fn(),
}));
const get = jest.mocked(getCollection);
const putItems = jest.mocked(setCollectionItems);
const patch = jest.mocked(updateCollection);
const remove = jest.mocked(deleteCollection);

const first = artifact({ name: 'Rosetta Stone', type: 'Writings' });
const second = artifact({ name: 'Antikythera Mechanism', type: 'Tools' });
const third = artifact({ name: 'Bronze Sickle', type: 'Tools' });

function collection(overrides: Partial<Collection> = {}): Collection {
  return {
    id: '650000000000000000000001',
    ownerUid: ada.uid,
    ownerName: 'Ada Lovelace',
    title: 'Writing and reckoning',
    description: 'How people kept words and numbers.',
    visibility: 'public',
    items: [
      { artifactId: first._id, note: 'Three scripts, one decree.', artifact: first },
      { artifactId: second._id, note: '', artifact: second },
      { artifactId: third._id, note: '', artifact: third },
    ],
    itemCount: 3,
    createdAt: '2026-11-01T00:00:00.000Z',
    updatedAt: '2026-11-02T00:00:00.000Z',
    ...overrides,
  };
}

let lastRouter: ReturnType<typeof renderAt> | undefined;
const openPage = () => (lastRouter = renderAt('/collections/:id', <CollectionPage />, { url: '/collections/650000000000000000000001' }));
/** The router of the page opened last. */
const routerOf = () => lastRouter as ReturnType<typeof renderAt>;

/** The owner's editor's items, in the order shown. */
const editorNames = () =>
  within(screen.getByRole('region', { name: 'Artifacts in this collection' }))
    .getAllByRole('heading', { level: 3 })
    .map((heading) => heading.textContent);

const itemNames = () => screen.getAllByRole('listitem').map((item) => within(item).getByRole('heading').textContent);

/** The owner's page, whose saves answer with the list sent. */
function openAsOwnerSaving() {
  fakeAuth({ user: ada });
  get.mockResolvedValue(collection());
  putItems.mockImplementation(async (_id, items) => ({ ...collection(), items: items.map((item) => ({ note: '', ...item })) }));
  const user = userEvent.setup();
  openPage();
  return user;
}

beforeEach(() => {
  get.mockReset();
  putItems.mockReset();
  patch.mockReset();
  remove.mockReset();
});

test("a visitor reads it in the owner's order, with the notes and the curator's link, and no editing tools", async () => {
  fakeAuth({ user: null });
  get.mockResolvedValue(collection({ ownerUid: 'u-other' }));
  openPage();
  expect(await screen.findByRole('heading', { level: 1, name: 'Writing and reckoning' })).toBeInTheDocument();
  expect(get).toHaveBeenCalledWith('650000000000000000000001', expect.anything());
  expect(document.title).toBe('Writing and reckoning | Antiquarium');
  expect(screen.getByText('How people kept words and numbers.')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Ada Lovelace' })).toHaveAttribute('href', '/members/u-other/collections');
  expect(itemNames()).toEqual(['1. Rosetta Stone', '2. Antikythera Mechanism', '3. Bronze Sickle']);
  expect(screen.getByText('Three scripts, one decree.')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Rosetta Stone' })).toHaveAttribute('href', `/artifacts/${first._id}`);
  expect(screen.getByRole('button', { name: 'Copy link' })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /Move up/ })).not.toBeInTheDocument();
});

test('an item the api marks unavailable is left out of the read view', async () => {
  fakeAuth({ user: null });
  const base = collection({ ownerUid: 'u-other' });
  get.mockResolvedValue({ ...base, items: [base.items[0]!, { artifactId: second._id, note: 'gone', unavailable: true }] });
  openPage();
  await screen.findByRole('heading', { level: 1 });
  expect(itemNames()).toEqual(['1. Rosetta Stone']);
  expect(screen.queryByText('gone')).not.toBeInTheDocument();
});

test('a private or missing collection is the not-found page', async () => {
  fakeAuth({ user: null });
  get.mockRejectedValue(new ApiRequestError('Collection not found', 404));
  openPage();
  expect(await screen.findByRole('heading', { name: 'Lost in History?' })).toBeInTheDocument();
});

test('Copy link copies the permanent address', async () => {
  fakeAuth({ user: null });
  get.mockResolvedValue(collection({ ownerUid: 'u-other' }));
  const user = userEvent.setup();
  const writeText = jest.spyOn(navigator.clipboard, 'writeText');
  openPage();
  await user.click(await screen.findByRole('button', { name: 'Copy link' }));
  expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/collections/650000000000000000000001`);
  expect(await findToast('Link copied to clipboard!')).toBeInTheDocument();
});

test('the owner reorders by keyboard: announced, the focus follows the item, and the order sent is the one shown', async () => {
  const user = openAsOwnerSaving();
  const down = await screen.findByRole('button', { name: 'Move down Rosetta Stone' }, { timeout: 5000 });
  expect(screen.getByRole('button', { name: 'Move up Rosetta Stone' })).toBeDisabled();
  down.focus();
  await user.keyboard('{Enter}');
  expect(screen.getByRole('status')).toHaveTextContent('Rosetta Stone moved to position 2 of 3.');
  await waitFor(() => expect(screen.getByRole('button', { name: 'Move down Rosetta Stone' })).toHaveFocus());
  await user.keyboard('{Enter}');
  expect(screen.getByRole('status')).toHaveTextContent('Rosetta Stone moved to position 3 of 3.');
  // At the bottom its Move down is disabled: the focus is on its Move up.
  await waitFor(() => expect(screen.getByRole('button', { name: 'Move up Rosetta Stone' })).toHaveFocus());
  expect(editorNames()).toEqual(['1. Antikythera Mechanism', '2. Bronze Sickle', '3. Rosetta Stone']);

  await user.click(screen.getByRole('button', { name: 'Save order and notes' }));
  expect(putItems).toHaveBeenCalledWith('650000000000000000000001', [
    { artifactId: second._id, note: '' },
    { artifactId: third._id, note: '' },
    { artifactId: first._id, note: 'Three scripts, one decree.' },
  ]);
  expect(await findToast('Collection saved')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Save order and notes' })).not.toBeInTheDocument();
});

test('the owner reorders by drag: the handle dropped on a row puts the item there, announced, and that order is saved', async () => {
  const user = openAsOwnerSaving();
  await screen.findByRole('button', { name: 'Move down Rosetta Stone' }, { timeout: 5000 });
  const rowOf = (artifactId: string) => document.querySelector(`li[data-artifact-id="${artifactId}"]`) as HTMLElement;
  const handle = document.querySelector(`[data-drag-handle="${third._id}"]`) as HTMLElement;
  const dataTransfer = { setData: jest.fn(), effectAllowed: 'none' };
  fireEvent.dragStart(handle, { dataTransfer });
  expect(dataTransfer.setData).toHaveBeenCalledWith('text/plain', third._id);
  expect(dataTransfer.effectAllowed).toBe('move');
  expect(rowOf(third._id)).toHaveClass('cat-collection__item--dragging');
  fireEvent.dragOver(rowOf(first._id), { dataTransfer });
  fireEvent.drop(rowOf(first._id), { dataTransfer });
  expect(editorNames()).toEqual(['1. Bronze Sickle', '2. Rosetta Stone', '3. Antikythera Mechanism']);
  expect(screen.getByRole('status')).toHaveTextContent('Bronze Sickle moved to position 1 of 3.');
  expect(rowOf(third._id)).not.toHaveClass('cat-collection__item--dragging');

  await user.click(screen.getByRole('button', { name: 'Save order and notes' }));
  expect(putItems).toHaveBeenCalledWith('650000000000000000000001', [
    { artifactId: third._id, note: '' },
    { artifactId: first._id, note: 'Three scripts, one decree.' },
    { artifactId: second._id, note: '' },
  ]);
});

test('the owner edits a note and removes an item; a failed save keeps every change and says why', async () => {
  fakeAuth({ user: ada });
  get.mockResolvedValue(collection());
  putItems.mockRejectedValueOnce(new ApiRequestError('items[0].note: Note is at most 1000 characters', 400));
  const user = userEvent.setup();
  openPage();
  const note = await screen.findByRole('textbox', { name: 'Note for Antikythera Mechanism' }, { timeout: 5000 });
  await user.type(note, '  Gears of bronze. ');
  await user.click(screen.getByRole('button', { name: 'Remove Bronze Sickle' }));
  expect(screen.getByRole('status')).toHaveTextContent('Bronze Sickle removed. Save to keep the change.');
  await user.click(screen.getByRole('button', { name: 'Save order and notes' }));

  expect(await screen.findByRole('alert')).toHaveTextContent('items[0].note: Note is at most 1000 characters');
  expect(screen.getByRole('textbox', { name: 'Note for Antikythera Mechanism' })).toHaveValue('  Gears of bronze. ');
  expect(screen.queryByRole('textbox', { name: 'Note for Bronze Sickle' })).not.toBeInTheDocument();

  putItems.mockResolvedValueOnce(collection());
  await user.click(screen.getByRole('button', { name: 'Save order and notes' }));
  expect(putItems).toHaveBeenLastCalledWith('650000000000000000000001', [
    { artifactId: first._id, note: 'Three scripts, one decree.' },
    { artifactId: second._id, note: 'Gears of bronze.' },
  ]);
  await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  expect(screen.getByRole('textbox', { name: 'Note for Antikythera Mechanism' })).toHaveValue('Gears of bronze.');
});

test('the owner changes title and visibility; a refused change keeps what was typed', async () => {
  fakeAuth({ user: ada });
  get.mockResolvedValue(collection({ visibility: 'private' }));
  patch.mockRejectedValueOnce(new ApiRequestError('title: Title is at most 120 characters', 400, { title: 'Title is at most 120 characters' }));
  const user = userEvent.setup();
  openPage();
  const title = await screen.findByRole('textbox', { name: 'Title' }, { timeout: 5000 });
  expect(screen.getByText('Private', { selector: '.aq-badge' })).toBeInTheDocument();
  await user.clear(title);
  await user.type(title, 'Scripts and sums');
  await user.click(screen.getByRole('radio', { name: /^Public/ }));
  await user.click(screen.getByRole('button', { name: 'Save details' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('title: Title is at most 120 characters');
  expect(title).toHaveValue('Scripts and sums');
  expect(title).toHaveAttribute('aria-invalid', 'true');
  expect(screen.getByRole('radio', { name: /^Public/ })).toBeChecked();

  patch.mockResolvedValueOnce(collection());
  await user.click(screen.getByRole('button', { name: 'Save details' }));
  expect(patch).toHaveBeenLastCalledWith('650000000000000000000001', {
    title: 'Scripts and sums',
    description: 'How people kept words and numbers.',
    visibility: 'public',
  });
  expect(await screen.findByRole('heading', { level: 1, name: 'Scripts and sums' })).toBeInTheDocument();
  expect(screen.getByText('Public', { selector: '.aq-badge' })).toBeInTheDocument();
});

test('an empty title is refused before any call', async () => {
  fakeAuth({ user: ada });
  get.mockResolvedValue(collection());
  const user = userEvent.setup();
  openPage();
  const title = await screen.findByRole('textbox', { name: 'Title' }, { timeout: 5000 });
  await user.clear(title);
  await user.click(screen.getByRole('button', { name: 'Save details' }));
  expect(screen.getByText('Please give the collection a title.')).toBeInTheDocument();
  expect(title).toHaveFocus();
  expect(patch).not.toHaveBeenCalled();
});

test('deleting: the confirmation starts on Cancel, its button is destructive, Cancel keeps the collection', async () => {
  fakeAuth({ user: ada });
  get.mockResolvedValue(collection());
  remove.mockResolvedValue({ deletedCount: 1 });
  const user = userEvent.setup();
  const router = openPage();
  await user.click(await screen.findByRole('button', { name: 'Delete collection' }, { timeout: 5000 }));
  const dialog = await screen.findByRole('dialog', { name: 'Delete this collection?' });
  const cancel = within(dialog).getByRole('button', { name: 'Cancel' });
  await waitFor(() => expect(cancel).toHaveFocus());
  expect(within(dialog).getByRole('button', { name: 'Delete collection' })).toHaveClass('ant-btn-dangerous');
  await user.click(cancel);
  expect(remove).not.toHaveBeenCalled();

  await user.click(screen.getByRole('button', { name: 'Delete collection' }));
  const again = await screen.findByRole('dialog', { name: 'Delete this collection?' });
  await user.click(within(again).getByRole('button', { name: 'Delete collection' }));
  expect(remove).toHaveBeenCalledWith('650000000000000000000001');
  await waitFor(() => expect(router.state.location.pathname).toBe('/my-collections'));
});

describe('nothing lost unsaved (issue 43)', () => {
  const question = async () => {
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(LEAVE_TEXTS.title);
    return dialog;
  };

  test('a typed note asks before a link leaves the page: Stay keeps it; once saved, the link just goes', async () => {
    const user = openAsOwnerSaving();
    const note = await screen.findByRole('textbox', { name: 'Note for Antikythera Mechanism' }, { timeout: 5000 });
    const router = routerOf();
    await user.type(note, 'Gears');
    await user.click(within(screen.getByRole('region', { name: 'Artifacts in this collection' })).getByRole('link', { name: 'Rosetta Stone' }));
    await user.click(within(await question()).getByRole('button', { name: LEAVE_TEXTS.stay }));
    expect(router.state.location.pathname).toBe('/collections/650000000000000000000001');
    expect(screen.getByRole('textbox', { name: 'Note for Antikythera Mechanism' })).toHaveValue('Gears');

    await user.click(screen.getByRole('button', { name: 'Save order and notes' }));
    await findToast('Collection saved');
    await user.click(within(screen.getByRole('region', { name: 'Artifacts in this collection' })).getByRole('link', { name: 'Rosetta Stone' }));
    expect(router.state.location.pathname).toBe(`/artifacts/${first._id}`);
  });

  test('an unsaved reorder and edited details ask too, and Leave goes', async () => {
    const user = openAsOwnerSaving();
    await screen.findByRole('button', { name: 'Move down Rosetta Stone' }, { timeout: 5000 });
    const router = routerOf();
    await user.click(screen.getByRole('button', { name: 'Move down Rosetta Stone' }));
    await user.type(screen.getByRole('textbox', { name: 'Title' }), ' (draft)');
    void router.navigate('/my-collections');
    await user.click(within(await question()).getByRole('button', { name: LEAVE_TEXTS.leave }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-collections'));
  });

  test('deleting the collection leaves at once, though a note was typed', async () => {
    const user = openAsOwnerSaving();
    remove.mockResolvedValue({ deletedCount: 1 });
    const note = await screen.findByRole('textbox', { name: 'Note for Antikythera Mechanism' }, { timeout: 5000 });
    const router = routerOf();
    await user.type(note, 'Gears');
    await user.click(screen.getByRole('button', { name: 'Delete collection' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete this collection?' })).getByRole('button', { name: 'Delete collection' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-collections'));
    expect(screen.queryByText(LEAVE_TEXTS.text)).not.toBeInTheDocument();
  });
});

describe('composed on the server (issue 28): the document brought a visitor’s answer', () => {
  const API = 'http://api.example';
  const bring = (body: Collection) => {
    configureApiClient({ baseUrl: API, getToken: async () => null });
    const key = apiCallKey(API, `collections/${body.id}`, {});
    startFirstPageCalls(API, { pathname: `/collections/${body.id}`, search: '' }, () => undefined, { [key]: { status: 200, headers: {}, body } });
  };
  afterEach(() => forgetFirstPageAnswers());

  test('while the sign-in is read, the page shows the document’s collection, and asks nothing', () => {
    fakeAuth({ user: null, loading: true });
    bring(collection({ ownerUid: 'u-other' }));
    openPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Writing and reckoning' })).toBeInTheDocument();
    expect(itemNames()).toEqual(['1. Rosetta Stone', '2. Antikythera Mechanism', '3. Bronze Sickle']);
    expect(get).not.toHaveBeenCalled();
  });

  test('a member who is not the owner reads what a visitor reads: nothing is asked again', async () => {
    fakeAuth({ user: ada });
    bring(collection({ ownerUid: 'u-other' }));
    openPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Writing and reckoning' })).toBeInTheDocument();
    expect(get).not.toHaveBeenCalled();
  });

  test('the owner asks with their own token (their answer holds the items hidden from others) and gets the editor', async () => {
    fakeAuth({ user: ada });
    bring(collection());
    get.mockResolvedValue(collection());
    openPage();
    expect(await screen.findByRole('button', { name: 'Move down Rosetta Stone' }, { timeout: 5000 })).toBeInTheDocument();
    expect(get).toHaveBeenCalledWith('650000000000000000000001', expect.objectContaining({ asOwner: true }));
  });
});
