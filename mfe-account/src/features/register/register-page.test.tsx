import { JUST_REGISTERED_STATE } from '@antiquarium/ui';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import RegisterPage, { REGISTER_TEXTS } from './register-page';
import { ada, fakeAuth, findToast, renderAt } from '@antiquarium/testing';

function firebaseError(code: string) {
  return Object.assign(new Error(`Firebase: Error (${code}).`), { code });
}

const passwordInput = () => screen.getByLabelText('Password', { selector: 'input' });
const submit = () => userEvent.click(screen.getByRole('button', { name: 'Register' }));

async function fillValid(password = 'Engine1') {
  await userEvent.type(screen.getByLabelText('Full Name'), 'Ada Lovelace');
  await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
  await userEvent.type(screen.getByLabelText('Photo URL'), 'https://example.org/ada.png');
  await userEvent.type(passwordInput(), password);
}

function fakeProvider() {
  const createUser = jest.fn(async (email: string) => ({ ...ada, displayName: null, email }));
  const updateUserProfile = jest.fn(async () => undefined);
  const sendVerificationEmail = jest.fn(async () => undefined);
  fakeAuth({ createUser, updateUserProfile, sendVerificationEmail });
  return { createUser, updateUserProfile, sendVerificationEmail };
}

test('shows the spec’s fields, a Google button and a link to login', () => {
  fakeAuth();
  renderAt('/register', <RegisterPage />);
  expect(screen.getByRole('heading', { level: 1, name: 'Register' })).toBeInTheDocument();
  for (const label of ['Full Name', 'Email']) expect(screen.getByLabelText(label)).toBeRequired();
  expect(screen.getByLabelText('Photo URL')).not.toBeRequired();
  expect(screen.getByLabelText('Photo URL')).toHaveAccessibleDescription(expect.stringMatching(/^Optional: .*initials/));
  expect(screen.getByText(/Every field is required except the photo\./)).toBeInTheDocument();
  expect(passwordInput()).toBeRequired();
  expect(passwordInput()).toHaveAttribute('autocomplete', 'new-password');
  expect(screen.getByRole('button', { name: 'Show password' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Login with Google' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
});

test('name, email and password are required, not the photo; the focus goes to the first missing one', async () => {
  const { createUser } = fakeProvider();
  renderAt('/register', <RegisterPage />);
  await submit();
  expect(screen.getByLabelText('Full Name')).toHaveFocus();
  expect(screen.getByLabelText('Full Name')).toHaveAccessibleDescription('Full Name is required');
  expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Email is required');
  expect(screen.getByLabelText('Photo URL')).not.toHaveAttribute('aria-invalid');
  expect(screen.getByLabelText('Photo URL')).toHaveAccessibleDescription(REGISTER_TEXTS.photoHint);
  expect(passwordInput()).toHaveAccessibleDescription(expect.stringContaining('Password is required'));
  expect(createUser).not.toHaveBeenCalled();
});

test('the password rules show one message at a time, in the spec’s order', async () => {
  const { createUser } = fakeProvider();
  renderAt('/register', <RegisterPage />);
  await fillValid('abc');
  const steps: [string, string][] = [
    ['abc', 'Password must be at least 6 characters'],
    ['abcdef', 'Password must contain at least one uppercase letter'],
    ['ABCDEF', 'Password must contain at least one lowercase letter'],
  ];
  for (const [password, message] of steps) {
    await userEvent.clear(passwordInput());
    await userEvent.type(passwordInput(), password);
    await submit();
    expect(passwordInput()).toHaveFocus();
    expect(passwordInput()).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText(message)).toBeInTheDocument();
    // Only the first failing rule is shown.
    expect(document.querySelectorAll('.aq-field__error')).toHaveLength(1);
  }
  expect(createUser).not.toHaveBeenCalled();
});

test('success: account created, name and photo set, the toast, then back to the origin', async () => {
  const { createUser, updateUserProfile, sendVerificationEmail } = fakeProvider();
  const router = renderAt('/register', <RegisterPage />, { state: { from: { pathname: '/add-artifact' } } });
  await fillValid('Engine1');
  await submit();
  expect(await findToast('User registered successfully')).toBeInTheDocument();
  expect(createUser).toHaveBeenCalledWith('ada@example.com', 'Engine1');
  expect(updateUserProfile).toHaveBeenCalledWith('Ada Lovelace', 'https://example.org/ada.png');
  // Writes need a verified address: the link is mailed at once, after the name is set.
  expect(sendVerificationEmail).toHaveBeenCalledTimes(1);
  await waitFor(() => expect(router.state.location.pathname).toBe('/add-artifact'));
  // The page returned to tells at once that the link is in the inbox (JustRegisteredNotice, libs/ui).
  expect(router.state.location.state).toEqual(JUST_REGISTERED_STATE);
});

test('a verification link that cannot be sent does not undo the registration', async () => {
  const { sendVerificationEmail } = fakeProvider();
  sendVerificationEmail.mockRejectedValueOnce(firebaseError('auth/too-many-requests'));
  const router = renderAt('/register', <RegisterPage />);
  await fillValid();
  await submit();
  expect(await findToast('User registered successfully')).toBeInTheDocument();
  await waitFor(() => expect(router.state.location.pathname).toBe('/'));
});

test('success without an origin goes home', async () => {
  fakeProvider();
  const router = renderAt('/register', <RegisterPage />);
  await fillValid();
  await submit();
  await waitFor(() => expect(router.state.location.pathname).toBe('/'));
});

test('an email already in use becomes a readable toast, and the form stays filled', async () => {
  const createUser = jest.fn().mockRejectedValue(firebaseError('auth/email-already-in-use'));
  const updateUserProfile = jest.fn();
  fakeAuth({ createUser, updateUserProfile });
  const router = renderAt('/register', <RegisterPage />);
  await fillValid();
  await submit();
  expect(await findToast('An account with this email already exists. Try signing in instead.')).toBeInTheDocument();
  expect(updateUserProfile).not.toHaveBeenCalled();
  expect(router.state.location.pathname).toBe('/register');
  expect(screen.getByLabelText('Full Name')).toHaveValue('Ada Lovelace');
});

test('a photo URL that is not an http(s) URL is refused at its field, which gets the focus; nothing is sent', async () => {
  const { createUser, updateUserProfile } = fakeProvider();
  renderAt('/register', <RegisterPage />);
  await userEvent.type(screen.getByLabelText('Full Name'), 'Ada Lovelace');
  await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
  await userEvent.type(screen.getByLabelText('Photo URL'), 'not a url');
  await userEvent.type(passwordInput(), 'Engine1');
  await submit();
  const photo = screen.getByLabelText('Photo URL');
  expect(photo).toHaveFocus();
  expect(photo).toHaveAttribute('aria-invalid', 'true');
  expect(photo).toHaveAccessibleDescription(`${REGISTER_TEXTS.photoHint} Photo URL must be a valid URL starting with http:// or https://`);
  expect(createUser).not.toHaveBeenCalled();
  // Corrected, the message goes; the URL is sent as parsed.
  await userEvent.clear(photo);
  expect(photo).not.toHaveAttribute('aria-invalid');
  await userEvent.type(photo, ' https://example.org/my portrait.png');
  await submit();
  expect(await findToast('User registered successfully')).toBeInTheDocument();
  expect(createUser).toHaveBeenCalledTimes(1);
  expect(updateUserProfile).toHaveBeenCalledWith('Ada Lovelace', 'https://example.org/my%20portrait.png');
});

test('without a photo the account is made and the profile update carries no photo at all (initials show)', async () => {
  const { createUser, updateUserProfile } = fakeProvider();
  renderAt('/register', <RegisterPage />);
  await userEvent.type(screen.getByLabelText('Full Name'), 'Ada Lovelace');
  await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
  await userEvent.type(passwordInput(), 'Engine1');
  await submit();
  expect(await findToast('User registered successfully')).toBeInTheDocument();
  expect(createUser).toHaveBeenCalledWith('ada@example.com', 'Engine1');
  expect(updateUserProfile).toHaveBeenCalledWith('Ada Lovelace', undefined);
});

test('Google sign-in: "Welcome {displayName}", then back to the origin', async () => {
  const signInWithGoogle = jest.fn(async () => ada);
  fakeAuth({ signInWithGoogle });
  const router = renderAt('/register', <RegisterPage />, { state: { from: { pathname: '/liked-artifacts' } } });
  await userEvent.click(screen.getByRole('button', { name: 'Login with Google' }));
  expect(await findToast('Welcome Ada Lovelace')).toBeInTheDocument();
  expect(signInWithGoogle).toHaveBeenCalledTimes(1);
  await waitFor(() => expect(router.state.location.pathname).toBe('/liked-artifacts'));
});

test('the Google button leaves the persistence to the provider', async () => {
  const signInWithGoogle = jest.fn(async (_remember?: boolean) => ada);
  fakeAuth({ signInWithGoogle });
  renderAt('/register', <RegisterPage />);
  await userEvent.click(screen.getByRole('button', { name: 'Login with Google' }));
  await waitFor(() => expect(signInWithGoogle).toHaveBeenCalledWith(undefined));
});
