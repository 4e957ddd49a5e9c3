import { ApiRequestError, createArtifact } from '@antiquarium/api-client';
import { useAuthStore } from '@antiquarium/auth-store';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { DEFAULT_RIGHTS, METADATA_LICENCE, RIGHTS_STATEMENTS } from '@antiquarium/contracts';
import AddArtifactPage from './add-artifact-page';
import { ADD_TEXTS } from './add-artifact-texts';
import { act } from '@testing-library/react';
import { LEAVE_TEXTS } from '@antiquarium/ui';
import { ada, artifactInput, renderAt } from '@antiquarium/testing';

// The api cannot run inside jest: only the api-client boundary is replaced.
jest.mock('@antiquarium/api-client', () => ({
  ...jest.requireActual('@antiquarium/api-client'),
  createArtifact: jest.fn(),
  // The api's origin in these tests (the real rule is libs/api-client's, tested there).
  isApiAddress: (url: string) => url.startsWith('https://api.antiquarium.test/'),
}));
const create = jest.mocked(createArtifact);

const LABELS = {
  name: 'Name',
  image: 'Image URL',
  type: 'Type',
  context: 'Context',
  shortDescription: 'Short description',
  createdAt: 'Created at',
  discoveredAt: 'Discovered at',
  discoveredBy: 'Discovered by',
  location: 'Location',
} as const;

function control(label: string) {
  return screen.getByLabelText(label, { exact: true });
}

/** The message shown for a field: its control is invalid and described by it. */
function messageOf(label: string): string | null {
  const element = control(label);
  if (element.getAttribute('aria-invalid') !== 'true') return null;
  const ids = element.getAttribute('aria-describedby')?.split(' ') ?? [];
  const error = ids.map((id) => document.getElementById(id)).find((node) => node?.classList.contains('aq-field__error'));
  return error?.textContent ?? null;
}

async function fillValid(user: UserEvent, input = artifactInput()) {
  for (const [field, label] of Object.entries(LABELS)) {
    // The address is optional in the contracts (photos are the other way in); these tests give one.
    const value = input[field as keyof typeof LABELS] ?? '';
    if (field === 'type') await user.selectOptions(control(label), value);
    else {
      await user.click(control(label));
      await user.paste(value);
    }
  }
}

function renderPage() {
  return renderAt('/add-artifact', <AddArtifactPage />, { url: '/add-artifact' });
}

beforeEach(() => {
  localStorage.clear();
  create.mockReset();
  useAuthStore.setState({ user: ada, loading: false });
});

test('shows the spec’s title, intro, fields and the signed-in user read-only', () => {
  renderPage();
  expect(screen.getByRole('heading', { level: 1, name: 'Add Historical Artifact' })).toBeInTheDocument();
  expect(
    screen.getByText('Fill out the form below to contribute a historical artifact. Make sure all information is accurate and descriptive.'),
  ).toBeInTheDocument();
  for (const label of Object.values(LABELS)) expect(control(label)).toBeRequired();
  const type = control('Type') as HTMLSelectElement;
  expect(type.value).toBe('');
  expect(within(type).getByRole('option', { name: 'Select Type' })).toHaveValue('');
  expect(within(type).getAllByRole('option').map((option) => option.textContent)).toEqual([
    'Select Type',
    'Tools',
    'Weapons',
    'Documents',
    'Writings',
    'Others',
  ]);
  expect(control('Your name')).toHaveValue('Ada Lovelace');
  expect(control('Your name')).toHaveAttribute('readonly');
  expect(control('Your email')).toHaveValue('ada@example.com');
  expect(control('Your email')).toHaveAttribute('readonly');
  expect(screen.getByText(/e\.g\. '100 BC'/)).toBeInTheDocument();
  expect(control('Created at')).toHaveAccessibleDescription(expect.stringContaining("e.g. '100 BC'"));
  expect(screen.getByRole('button', { name: 'Add Artifact' })).toBeEnabled();
});

test('a user without a name is shown as Anonymous, as the api will store them', () => {
  useAuthStore.setState({ user: { ...ada, displayName: null }, loading: false });
  renderPage();
  expect(control('Your name')).toHaveValue('Anonymous');
});

test('submitting the empty form shows every rule at its field, focuses the first, and sends nothing', async () => {
  const user = userEvent.setup();
  renderPage();
  await user.click(screen.getByRole('button', { name: 'Add Artifact' }));
  expect(messageOf('Name')).toBe('Name is required');
  expect(messageOf('Image URL')).toBe('Image URL is required');
  expect(messageOf('Type')).toBe('Type must be one of Tools, Weapons, Documents, Writings, Others');
  expect(messageOf('Context')).toBe('Context is required');
  expect(messageOf('Short description')).toBe('Short description is required');
  expect(messageOf('Created at')).toBe('Created at is required');
  expect(messageOf('Discovered at')).toBe('Discovered at is required');
  expect(messageOf('Discovered by')).toBe('Discovered by is required');
  expect(messageOf('Location')).toBe('Location is required');
  await waitFor(() => expect(control('Name')).toHaveFocus());
  expect(control('Name')).toHaveAccessibleDescription('Name is required');
  expect(create).not.toHaveBeenCalled();
});

test('a message goes as soon as the field is fixed; leaving an edited field checks it', async () => {
  const user = userEvent.setup();
  renderPage();
  await user.type(control('Image URL'), 'not a url');
  expect(messageOf('Image URL')).toBeNull();
  await user.tab();
  expect(messageOf('Image URL')).toBe('Image must be a valid URL');
  await user.clear(control('Image URL'));
  expect(messageOf('Image URL')).toBe('Image URL is required');
  await user.type(control('Image URL'), 'https://example.org/a.png');
  expect(messageOf('Image URL')).toBeNull();
  // Tabbing through untouched fields says nothing.
  await user.click(control('Context'));
  await user.tab();
  expect(messageOf('Context')).toBeNull();
});

test('length and character rules are checked before sending', async () => {
  const user = userEvent.setup();
  renderPage();
  await fillValid(user, artifactInput({ createdAt: 'x'.repeat(61) }));
  await user.click(screen.getByRole('button', { name: 'Add Artifact' }));
  expect(messageOf('Created at')).toBe('Created at must be at most 60 characters');
  expect(create).not.toHaveBeenCalled();
});

test('the image preview says whether the URL loads', async () => {
  const user = userEvent.setup();
  renderPage();
  expect(screen.getByText('Enter an image URL to see a preview.')).toBeInTheDocument();
  await user.type(control('Image URL'), 'https://api.antiquarium.test/media/missing.png');
  const image = await screen.findByRole('img', { name: 'Preview of the artifact image' });
  expect(screen.getByText('Loading the preview…')).toBeInTheDocument();
  fireEvent.error(image);
  expect(await screen.findByText(/The image could not be loaded from this URL/)).toBeInTheDocument();
  await user.clear(control('Image URL'));
  await user.type(control('Image URL'), 'https://api.antiquarium.test/media/fine.png');
  await waitFor(() =>
    expect(screen.getByRole('img', { name: 'Preview of the artifact image' })).toHaveAttribute('src', 'https://api.antiquarium.test/media/fine.png'),
  );
  fireEvent.load(screen.getByRole('img', { name: 'Preview of the artifact image' }));
  expect(await screen.findByText('The image loads correctly.')).toBeInTheDocument();
});

test("another site's picture is not loaded by the preview: the form says the site will copy it", async () => {
  const user = userEvent.setup();
  renderPage();
  await user.type(control('Image URL'), 'https://museum.example.org/sword.jpg');
  expect(await screen.findByText(/This picture is on another site: Antiquarium copies it when you save/)).toBeInTheDocument();
  expect(screen.queryByRole('img', { name: 'Preview of the artifact image' })).not.toBeInTheDocument();
});

test('a valid form is sent trimmed; success shows the panel, no dialog, and clears the form', async () => {
  const user = userEvent.setup();
  create.mockResolvedValue({ insertedId: '64b0000000000000000000ff' });
  renderPage();
  await fillValid(user, artifactInput({ name: '  Bronze Sickle  ' }));
  await user.click(screen.getByRole('button', { name: 'Add Artifact' }));
  expect(create).toHaveBeenCalledTimes(1);
  // Rights as the form starts (Copyright Not Evaluated) and no credit line.
  expect(create).toHaveBeenCalledWith({ ...artifactInput(), rights: DEFAULT_RIGHTS, credit: '' });
  expect(await screen.findByRole('heading', { level: 2, name: 'Artifact added' })).toBeInTheDocument();
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(control('Name')).toHaveValue('');
  expect(control('Type')).toHaveValue('');
  expect(screen.getByRole('link', { name: 'View it' })).toHaveAttribute('href', '/artifacts/64b0000000000000000000ff');
});

test('an answer without insertedId shows the Error! dialog', async () => {
  const user = userEvent.setup();
  create.mockResolvedValue({} as never);
  renderPage();
  await fillValid(user);
  await user.click(screen.getByRole('button', { name: 'Add Artifact' }));
  const dialog = await screen.findByRole('dialog', { name: 'Error!' });
  expect(within(dialog).getByText('Something went wrong!')).toBeInTheDocument();
  expect(control('Name')).toHaveValue('Bronze Sickle');
});

test('the api’s per-field 400 messages appear at their fields, and its message as a toast', async () => {
  const user = userEvent.setup();
  create.mockRejectedValue(
    new ApiRequestError('Name is already taken here', 400, { name: 'Name is already taken here', location: 'Location is unknown' }),
  );
  renderPage();
  await fillValid(user);
  await user.click(screen.getByRole('button', { name: 'Add Artifact' }));
  await waitFor(() => expect(messageOf('Name')).toBe('Name is already taken here'));
  expect(messageOf('Location')).toBe('Location is unknown');
  expect(messageOf('Context')).toBeNull();
  expect(await screen.findByText('Name is already taken here', { selector: '.ant-notification *' })).toBeInTheDocument();
  await waitFor(() => expect(control('Name')).toHaveFocus());
  expect(screen.getByRole('button', { name: 'Add Artifact' })).toBeEnabled();
});

test('a failed request shows a toast with the api’s message and keeps what was typed', async () => {
  const user = userEvent.setup();
  create.mockRejectedValue(new ApiRequestError('Too many changes, try again in a minute', 429));
  renderPage();
  await fillValid(user);
  await user.click(screen.getByRole('button', { name: 'Add Artifact' }));
  expect(await screen.findByText('Too many changes, try again in a minute')).toBeInTheDocument();
  expect(control('Name')).toHaveValue('Bronze Sickle');
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});

test('a request that never reached the api shows "Something went wrong!" as a toast', async () => {
  const user = userEvent.setup();
  create.mockRejectedValue(new ApiRequestError('Could not reach Antiquarium. Check your connection and try again.', 0));
  renderPage();
  await fillValid(user);
  await user.click(screen.getByRole('button', { name: 'Add Artifact' }));
  expect(await screen.findByText('Something went wrong!', { selector: '.ant-notification *' })).toBeInTheDocument();
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});

test('the button cannot send twice: disabled while the request runs, repeated clicks and Enter ignored', async () => {
  const user = userEvent.setup();
  let answer: (value: { insertedId: string }) => void = () => undefined;
  create.mockReturnValue(new Promise((resolve) => (answer = resolve)));
  renderPage();
  await fillValid(user);
  const button = screen.getByRole('button', { name: 'Add Artifact' });
  await user.dblClick(button);
  await user.type(control('Location'), '{Enter}');
  expect(button).toBeDisabled();
  expect(create).toHaveBeenCalledTimes(1);
  answer({ insertedId: '64b0000000000000000000ff' });
  expect(await screen.findByRole('heading', { level: 2, name: 'Artifact added' })).toBeInTheDocument();
  await waitFor(() => expect(button).toBeEnabled());
  expect(create).toHaveBeenCalledTimes(1);
});

test('texts are the spec’s, exactly', () => {
  expect(ADD_TEXTS).toMatchObject({
    title: 'Add Historical Artifact',
    submit: 'Add Artifact',
    errorTitle: 'Error!',
    errorText: 'Something went wrong!',
  });
});

describe('a member whose email is not verified yet', () => {
  const unverified = { ...ada, emailVerified: false };

  test('is told to verify before contributing, and the notice goes once the provider says it is done', async () => {
    const refreshUser = jest.fn(async () => useAuthStore.setState({ user: { ...unverified, emailVerified: true } }));
    useAuthStore.setState({ user: unverified, refreshUser });
    renderPage();
    const notice = screen.getByRole('region', { name: 'Verify your email to contribute' });
    expect(notice).toHaveTextContent(`We sent a link to ${ada.email}.`);
    await userEvent.click(within(notice).getByRole('button', { name: 'I have verified' }));
    expect(refreshUser).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Verify your email to contribute' })).not.toBeInTheDocument());
  });

  test('hears "not verified yet" when the link was not opened, and can ask for another one', async () => {
    const refreshUser = jest.fn(async () => undefined);
    const sendVerificationEmail = jest.fn(async () => undefined);
    useAuthStore.setState({ user: unverified, refreshUser, sendVerificationEmail });
    renderPage();
    const notice = screen.getByRole('region', { name: 'Verify your email to contribute' });
    await userEvent.click(within(notice).getByRole('button', { name: 'I have verified' }));
    expect(await within(notice).findByText('Not verified yet: open the link in the email we sent, then try again.')).toBeInTheDocument();
    await userEvent.click(within(notice).getByRole('button', { name: 'Send the link again' }));
    expect(sendVerificationEmail).toHaveBeenCalledTimes(1);
  });

  test('a verified member sees no notice', () => {
    renderPage();
    expect(screen.queryByRole('region', { name: 'Verify your email to contribute' })).not.toBeInTheDocument();
  });
});

test('the created-at field says, as the member types, how the date will be read', async () => {
  const user = userEvent.setup();
  renderPage();
  const field = control('Created at');
  await user.type(field, 'c. 1360-1332 BC');
  expect(field).toHaveAccessibleDescription(expect.stringContaining('Read as 1380 BC - 1312 BC'));
  await user.clear(field);
  // A round count back from the present is read to its significant figures and said as years ago.
  await user.type(field, '40,000 years ago');
  expect(field).toHaveAccessibleDescription(expect.stringContaining('Read as 45,000 - 35,000 years ago'));
  await user.clear(field);
  await user.type(field, 'when the moon was young');
  expect(field).toHaveAccessibleDescription(expect.stringContaining('Not understood: it will show as Undated'));
  await user.clear(field);
  expect(field).not.toHaveAccessibleDescription(expect.stringContaining('Read as'));
});

describe('rights and credit', () => {
  test('the rights select lists every statement, starts at Copyright Not Evaluated and explains the chosen one', async () => {
    const user = userEvent.setup();
    renderPage();
    const rights = control('Rights') as HTMLSelectElement;
    expect(rights).toBeRequired();
    expect(rights.value).toBe(DEFAULT_RIGHTS);
    expect(within(rights).getAllByRole('option').map((option) => [option.getAttribute('value'), option.textContent])).toEqual(
      RIGHTS_STATEMENTS.map((statement) => [statement.uri, statement.label]),
    );
    expect(rights).toHaveAccessibleDescription('Nobody has checked the copyright yet: ask before reusing it.');
    await user.selectOptions(rights, 'http://creativecommons.org/licenses/by-nc/4.0/');
    expect(rights).toHaveAccessibleDescription('Anyone may reuse and adapt it for non-commercial purposes, crediting the author.');
  });

  test('the chosen statement and a trimmed credit line are sent; the credit line may stay empty', async () => {
    const user = userEvent.setup();
    create.mockResolvedValue({ insertedId: '64b0000000000000000000fe' });
    renderPage();
    expect(control('Credit line')).not.toBeRequired();
    expect(control('Credit line')).toHaveAccessibleDescription(expect.stringContaining('Optional'));
    await fillValid(user);
    await user.selectOptions(control('Rights'), 'http://creativecommons.org/publicdomain/zero/1.0/');
    await user.click(control('Credit line'));
    await user.paste('  Photo: National Museum  ');
    await user.click(screen.getByRole('button', { name: 'Add Artifact' }));
    expect(create).toHaveBeenCalledWith({ ...artifactInput(), rights: 'http://creativecommons.org/publicdomain/zero/1.0/', credit: 'Photo: National Museum' });
    // The form starts again at the default.
    await waitFor(() => expect(control('Rights')).toHaveValue(DEFAULT_RIGHTS));
  });

  test('a credit line over the limit is refused at its field before sending', async () => {
    const user = userEvent.setup();
    renderPage();
    await fillValid(user);
    await user.click(control('Credit line'));
    await user.paste('x'.repeat(201));
    await user.click(screen.getByRole('button', { name: 'Add Artifact' }));
    expect(messageOf('Credit line')).toBe('Credit line must be at most 200 characters');
    await waitFor(() => expect(control('Credit line')).toHaveFocus());
    expect(create).not.toHaveBeenCalled();
  });

  test('under the button, members are told the text they add is offered under CC0, with the terms linked', () => {
    renderPage();
    expect(screen.getByText(/By adding, you agree that the text you write is offered as open data under/)).toBeInTheDocument();
    const licence = screen.getByRole('link', { name: 'CC0 1.0' });
    expect(licence).toHaveAttribute('href', METADATA_LICENCE.uri);
    expect(licence).toHaveAttribute('rel', 'license');
    expect(screen.getByRole('link', { name: 'Terms' })).toHaveAttribute('href', '/terms');
  });
});

describe('the draft (issue 43: a half-written add form survives Back)', () => {
  const draftNotice = () => screen.queryByRole('region', { name: ADD_TEXTS.draftTitle });

  test('what was typed is kept as it is typed, leaving asks nothing, and it comes back on return; Discard empties the form', async () => {
    const user = userEvent.setup();
    const router = renderPage();
    expect(draftNotice()).not.toBeInTheDocument();
    await user.type(control('Name'), 'Half-written sword');
    await user.selectOptions(control('Type'), 'Weapons');
    await user.type(control('Location'), 'Cairo');

    // Leaving loses nothing, so nothing is asked.
    await act(() => router.navigate('/elsewhere'));
    expect(router.state.location.pathname).toBe('/elsewhere');
    expect(screen.queryByRole('dialog', { name: LEAVE_TEXTS.title })).not.toBeInTheDocument();

    await act(() => router.navigate('/add-artifact'));
    expect(control('Name')).toHaveValue('Half-written sword');
    expect(control('Type')).toHaveValue('Weapons');
    expect(control('Location')).toHaveValue('Cairo');
    const notice = draftNotice() as HTMLElement;
    expect(notice).toHaveTextContent(ADD_TEXTS.draftText);
    // Brought back as typed: no field shouts "required" before the member goes on.
    expect(messageOf('Context')).toBeNull();

    await user.click(within(notice).getByRole('button', { name: ADD_TEXTS.discardDraft }));
    expect(control('Name')).toHaveValue('');
    expect(control('Location')).toHaveValue('');
    expect(control('Name')).toHaveFocus();
    expect(draftNotice()).not.toBeInTheDocument();
    expect(screen.getByText(ADD_TEXTS.draftDiscarded).closest('[role="status"]')).toBeInTheDocument();

    await act(() => router.navigate('/elsewhere'));
    await act(() => router.navigate('/add-artifact'));
    expect(control('Name')).toHaveValue('');
    expect(draftNotice()).not.toBeInTheDocument();
  });

  test('a draft goes once the artifact is added', async () => {
    const user = userEvent.setup();
    create.mockResolvedValue({ insertedId: '64b0000000000000000000ff' });
    const router = renderPage();
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Add Artifact' }));
    await screen.findByRole('heading', { level: 2, name: 'Artifact added' });
    await act(() => router.navigate('/elsewhere'));
    await act(() => router.navigate('/add-artifact'));
    expect(control('Name')).toHaveValue('');
    expect(draftNotice()).not.toBeInTheDocument();
  });

  test('is the member’s own: another account on the same browser starts from an empty form', async () => {
    const user = userEvent.setup();
    const router = renderPage();
    await user.type(control('Name'), 'Ada’s half sword');
    await act(() => router.navigate('/elsewhere'));
    act(() => useAuthStore.setState({ user: { ...ada, uid: 'u-grace', email: 'grace@example.com' } }));
    await act(() => router.navigate('/add-artifact'));
    expect(control('Name')).toHaveValue('');
    expect(draftNotice()).not.toBeInTheDocument();
  });
});
