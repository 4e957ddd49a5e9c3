import { ApiRequestError, getArtifact, updateArtifact } from '@antiquarium/api-client';
import { useAuthStore } from '@antiquarium/auth-store';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { FIELD_LIMITS } from '@antiquarium/contracts';
import { LEAVE_TEXTS } from '@antiquarium/ui';
import UpdateArtifactPage, { isOwnArtifact, UPDATE_TEXTS } from './update-artifact-page';
import { ada, ownArtifact, renderAt } from '@antiquarium/testing';

// The api cannot run inside jest: only the api-client boundary is replaced.
jest.mock('@antiquarium/api-client', () => ({
  ...jest.requireActual('@antiquarium/api-client'),
  getArtifact: jest.fn(),
  updateArtifact: jest.fn(),
}));
const get = jest.mocked(getArtifact);
const update = jest.mocked(updateArtifact);

const ID = '64b0000000000000000000a1';

function control(label: string) {
  return screen.getByLabelText(label, { exact: true });
}

function messageOf(label: string): string | null {
  const element = control(label);
  if (element.getAttribute('aria-invalid') !== 'true') return null;
  const ids = element.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)).find((node) => node?.classList.contains('aq-field__error'))?.textContent ?? null;
}

async function renderForm(owned = ownArtifact({ _id: ID })) {
  get.mockResolvedValue(owned);
  renderAt('/update-artifact/:id', <UpdateArtifactPage />, { url: `/update-artifact/${ID}` });
  await screen.findByRole('heading', { level: 1, name: 'Update Artifact' });
}

async function replace(user: UserEvent, label: string, value: string) {
  await user.clear(control(label));
  if (value) await user.paste(value);
}

const save = () => screen.getByRole('button', { name: 'Save Changes' });

beforeEach(() => {
  get.mockReset();
  update.mockReset();
  useAuthStore.setState({ user: ada, loading: false });
});

test('the form is prefilled from the artifact; Save is offered only once something changed', async () => {
  const user = userEvent.setup();
  await renderForm();
  expect(get).toHaveBeenCalledWith(ID, expect.anything());
  expect(control('Name')).toHaveValue('Bronze Sickle');
  expect(control('Type')).toHaveValue('Tools');
  expect(control('Created at')).toHaveValue('1200 BC');
  expect(control('Your email')).toHaveValue('ada@example.com');
  expect(save()).toBeDisabled();
  expect(save()).toHaveAccessibleDescription('Change a field to enable saving.');

  // Spaces around a value are not a change (the api stores it trimmed).
  await user.type(control('Name'), '  ');
  expect(save()).toBeDisabled();
  await user.type(control('Name'), 'X');
  expect(save()).toBeEnabled();
  expect(save()).not.toHaveAccessibleDescription();
  // Back to the saved value: nothing to save again.
  await replace(user, 'Name', 'Bronze Sickle');
  expect(save()).toBeDisabled();
  await user.selectOptions(control('Type'), 'Others');
  expect(save()).toBeEnabled();
});

test('Save sends only the changed fields at once, with no "Are you sure?"; one success message, on the page, and Save is disabled again', async () => {
  const user = userEvent.setup();
  update.mockResolvedValue({ modifiedCount: 1 });
  await renderForm();
  await replace(user, 'Location', '  Louvre, Paris ');
  await user.selectOptions(control('Type'), 'Others');
  await user.click(save());
  expect(update).toHaveBeenCalledTimes(1);
  expect(update).toHaveBeenCalledWith(ID, { location: 'Louvre, Paris', type: 'Others' });
  const done = await screen.findByRole('heading', { level: 2, name: 'Artifact Updated successfully!' });
  await waitFor(() => expect(done).toHaveFocus());
  expect(done.closest('[role="status"]')).toHaveAttribute('aria-live', 'polite');
  expect(screen.getByText(UPDATE_TEXTS.savedText)).toBeInTheDocument();
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(save()).toBeDisabled();
  // A new change takes the message away: it is about the saved state.
  await user.type(control('Context'), '!');
  expect(screen.queryByRole('heading', { name: 'Artifact Updated successfully!' })).not.toBeInTheDocument();
});

test('leaving with unsaved changes asks first; after a save nothing is asked', async () => {
  const user = userEvent.setup();
  update.mockResolvedValue({ modifiedCount: 1 });
  get.mockResolvedValue(ownArtifact({ _id: ID }));
  const router = renderAt('/update-artifact/:id', <UpdateArtifactPage />, { url: `/update-artifact/${ID}` });
  await screen.findByRole('heading', { level: 1, name: 'Update Artifact' });
  await replace(user, 'Discovered by', 'Someone else');
  await user.click(screen.getByRole('link', { name: 'View artifact' }));
  const question = await screen.findByRole('dialog');
  expect(question).toHaveTextContent(LEAVE_TEXTS.title);
  await user.click(within(question).getByRole('button', { name: LEAVE_TEXTS.stay }));
  expect(router.state.location.pathname).toBe(`/update-artifact/${ID}`);
  expect(control('Discovered by')).toHaveValue('Someone else');

  await user.click(save());
  await screen.findByRole('heading', { level: 2, name: 'Artifact Updated successfully!' });
  await user.click(screen.getByRole('link', { name: 'View artifact' }));
  expect(router.state.location.pathname).toBe(`/artifacts/${ID}`);
});

test('an answer without modifiedCount shows "Something went wrong!"', async () => {
  const user = userEvent.setup();
  update.mockResolvedValue({ modifiedCount: 0 });
  await renderForm();
  await replace(user, 'Context', 'Iron Age');
  await user.click(save());
  const failed = await screen.findByRole('dialog', { name: 'Error!' });
  expect(within(failed).getByText('Something went wrong!')).toBeInTheDocument();
  expect(save()).toBeEnabled();
});

test('a failed request shows a toast with the api’s message, and its field messages at the fields', async () => {
  const user = userEvent.setup();
  update.mockRejectedValue(new ApiRequestError('Image must be a valid URL', 400, { image: 'Image must be a valid URL' }));
  await renderForm();
  await replace(user, 'Image URL', 'https://example.org/new.png');
  await user.click(save());
  await waitFor(() => expect(messageOf('Image URL')).toBe('Image must be a valid URL'));
  expect(await screen.findByText('Image must be a valid URL', { selector: '.ant-notification *' })).toBeInTheDocument();
  // The message stays when focus moves on (the client cannot re-check the api's own rules).
  await user.tab();
  expect(messageOf('Image URL')).toBe('Image must be a valid URL');
  await user.type(control('Image URL'), 'x');
  expect(messageOf('Image URL')).toBeNull();
});

test('a request refused by the api (403) is a toast with its message', async () => {
  const user = userEvent.setup();
  update.mockRejectedValue(new ApiRequestError('Only the person who added this artifact can change it', 403));
  await renderForm();
  await replace(user, 'Context', 'Iron Age');
  await user.click(save());
  expect(await screen.findByText('Only the person who added this artifact can change it')).toBeInTheDocument();
  expect(screen.queryByRole('dialog', { name: 'Error!' })).not.toBeInTheDocument();
});

test('rules are checked before sending: an emptied or invalid field says why', async () => {
  const user = userEvent.setup();
  await renderForm();
  await replace(user, 'Name', '');
  await replace(user, 'Image URL', 'nope');
  await user.click(save());
  expect(messageOf('Name')).toBe('Name is required');
  expect(messageOf('Image URL')).toBe('Image must be a valid URL');
  await waitFor(() => expect(control('Name')).toHaveFocus());
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(update).not.toHaveBeenCalled();
});

test('one save at a time: repeated clicks and Enter send one request', async () => {
  const user = userEvent.setup();
  let answer: (value: { modifiedCount: number }) => void = () => undefined;
  update.mockReturnValue(new Promise((resolve) => (answer = resolve)));
  await renderForm();
  await replace(user, 'Context', 'Iron Age');
  await user.dblClick(save());
  expect(save()).toBeDisabled();
  await user.type(control('Location'), '{Enter}');
  expect(update).toHaveBeenCalledTimes(1);
  answer({ modifiedCount: 1 });
  expect(await screen.findByText('Artifact Updated successfully!')).toBeInTheDocument();
  expect(update).toHaveBeenCalledTimes(1);
});

describe('who may open it', () => {
  test('someone else’s artifact (the api sends no adderEmail) shows a clear message, not the form', async () => {
    get.mockResolvedValue(ownArtifact({ _id: ID, adderEmail: undefined, adderName: 'Grace' }));
    renderAt('/update-artifact/:id', <UpdateArtifactPage />, { url: `/update-artifact/${ID}` });
    expect(await screen.findByRole('heading', { level: 1, name: 'You can only update your own artifacts' })).toBeInTheDocument();
    expect(screen.getByText(UPDATE_TEXTS.notOwnerText)).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save Changes' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View artifact' })).toHaveAttribute('href', `/artifacts/${ID}`);
  });

  test('the owner is recognised by the api’s answer even when their e-mail has changed since', async () => {
    useAuthStore.setState({ user: { ...ada, email: 'ada.new@example.com' }, loading: false });
    await renderForm(ownArtifact({ _id: ID, adderEmail: 'ada@example.com' }));
    expect(control('Name')).toHaveValue('Bronze Sickle');
  });

  test('isOwnArtifact reads the presence of adderEmail', () => {
    expect(isOwnArtifact(ownArtifact({ adderEmail: 'ada@example.com' }))).toBe(true);
    expect(isOwnArtifact(ownArtifact({ adderEmail: '' }))).toBe(true);
    expect(isOwnArtifact(ownArtifact({ adderEmail: undefined }))).toBe(false);
  });
});

test('a missing artifact shows a clear not-found message', async () => {
  get.mockRejectedValue(new ApiRequestError('Artifact not found', 404));
  renderAt('/update-artifact/:id', <UpdateArtifactPage />, { url: '/update-artifact/nope' });
  expect(await screen.findByRole('heading', { level: 1, name: 'Artifact not found' })).toBeInTheDocument();
  expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'All Artifacts' })).toHaveAttribute('href', '/all-artifacts');
});

test('a load failure offers Try again, which loads again', async () => {
  const user = userEvent.setup();
  get.mockRejectedValueOnce(new ApiRequestError('Could not reach Antiquarium. Check your connection and try again.', 0));
  renderAt('/update-artifact/:id', <UpdateArtifactPage />, { url: `/update-artifact/${ID}` });
  expect(await screen.findByRole('heading', { name: 'This artifact could not be loaded' })).toBeInTheDocument();
  get.mockResolvedValueOnce(ownArtifact({ _id: ID }));
  await user.click(screen.getByRole('button', { name: 'Try again' }));
  expect(await screen.findByRole('heading', { level: 1, name: 'Update Artifact' })).toBeInTheDocument();
});

test('texts are the spec’s, exactly', () => {
  expect(UPDATE_TEXTS).toMatchObject({
    successText: 'Artifact Updated successfully!',
    errorText: 'Something went wrong!',
  });
});

test('the saved rights statement and credit line are prefilled; changing them sends only them', async () => {
  const user = userEvent.setup();
  update.mockResolvedValue({ modifiedCount: 1 });
  await renderForm(ownArtifact({ _id: ID, rights: 'http://creativecommons.org/licenses/by/4.0/', credit: 'Photo: A' }));
  expect(control('Rights')).toHaveValue('http://creativecommons.org/licenses/by/4.0/');
  expect(control('Rights')).toHaveAccessibleDescription('Anyone may reuse and adapt it for any purpose, crediting the author.');
  expect(control('Credit line')).toHaveValue('Photo: A');
  expect(save()).toBeDisabled();
  await user.selectOptions(control('Rights'), 'http://rightsstatements.org/vocab/NoC-OKLR/1.0/');
  await replace(user, 'Credit line', '');
  await user.click(save());
  await screen.findByRole('heading', { level: 2, name: 'Artifact Updated successfully!' });
  expect(update).toHaveBeenCalledWith(ID, { rights: 'http://rightsstatements.org/vocab/NoC-OKLR/1.0/', credit: '' });
});

test('the update form shares the description’s counter: the saved text is counted, and passing the limit is refused before saving', async () => {
  const user = userEvent.setup();
  const saved = 'y'.repeat(FIELD_LIMITS.shortDescription - 2);
  await renderForm(ownArtifact({ _id: ID, shortDescription: saved }));
  const counter = document.getElementById('artifact-shortDescription-counter');
  expect(counter).toHaveTextContent(`${saved.length} / ${FIELD_LIMITS.shortDescription}`);
  expect(control('Short description')).toHaveAccessibleDescription(expect.stringContaining(`up to ${FIELD_LIMITS.shortDescription} characters.`));
  await user.type(control('Short description'), 'zzz');
  expect(messageOf('Short description')).toBe(`Short description must be at most ${FIELD_LIMITS.shortDescription} characters`);
  expect(counter).toHaveTextContent(`${FIELD_LIMITS.shortDescription + 1} / ${FIELD_LIMITS.shortDescription}`);
  await user.click(save());
  expect(update).not.toHaveBeenCalled();
});
