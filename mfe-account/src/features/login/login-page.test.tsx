import type { AuthUser } from '@antiquarium/auth-store';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import LoginPage from './login-page';
import { ada, fakeAuth, findToast, renderAt } from '@antiquarium/testing';

function firebaseError(code: string) {
  return Object.assign(new Error(`Firebase: Error (${code}).`), { code });
}

function signInAs(user: AuthUser) {
  return jest.fn(async (_email: string, _password: string, _remember?: boolean) => user);
}

async function fillAndSubmit(email: string, password: string) {
  await userEvent.type(screen.getByLabelText('Email'), email);
  await userEvent.type(screen.getByLabelText('Password', { selector: 'input' }), password);
  await userEvent.click(screen.getByRole('button', { name: 'Sign In to History' }));
}

test('shows the spec’s fields, links and buttons', () => {
  fakeAuth();
  renderAt('/login', <LoginPage />);
  expect(screen.getByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument();
  expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
  expect(screen.getByLabelText('Password', { selector: 'input' })).toHaveAttribute('type', 'password');
  expect(screen.getByRole('checkbox', { name: 'Remember me' })).not.toBeChecked();
  expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot-password');
  expect(screen.getByRole('button', { name: 'Sign In to History' })).toHaveAttribute('type', 'submit');
  expect(screen.getByRole('button', { name: 'Login with Google' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register');
});

test('email and password are required: errors linked to their fields, focus on the first', async () => {
  const signIn = signInAs(ada);
  fakeAuth({ signIn });
  renderAt('/login', <LoginPage />);
  await userEvent.click(screen.getByRole('button', { name: 'Sign In to History' }));

  const email = screen.getByLabelText('Email');
  expect(email).toHaveFocus();
  expect(email).toHaveAttribute('aria-invalid', 'true');
  expect(email).toHaveAccessibleDescription('Email is required');
  const password = screen.getByLabelText('Password', { selector: 'input' });
  expect(password).toHaveAccessibleDescription('Password is required');
  expect(signIn).not.toHaveBeenCalled();

  await userEvent.type(email, 'not-an-email');
  expect(email).not.toHaveAttribute('aria-invalid');
  await userEvent.click(screen.getByRole('button', { name: 'Sign In to History' }));
  expect(email).toHaveAccessibleDescription('Enter a valid email address, like name@example.com');
  expect(email).toHaveFocus();
});

test('show/hide reveals the password and hides it again', async () => {
  fakeAuth();
  renderAt('/login', <LoginPage />);
  const password = screen.getByLabelText('Password', { selector: 'input' });
  await userEvent.click(screen.getByRole('button', { name: 'Show password' }));
  expect(password).toHaveAttribute('type', 'text');
  await userEvent.click(screen.getByRole('button', { name: 'Hide password' }));
  expect(password).toHaveAttribute('type', 'password');
});

test.each([
  [false, 'unticked'],
  [true, 'ticked'],
])('Remember me is passed to the store (remember=%s when %s)', async (remember) => {
  const signIn = signInAs(ada);
  fakeAuth({ signIn });
  renderAt('/login', <LoginPage />);
  if (remember) await userEvent.click(screen.getByRole('checkbox', { name: 'Remember me' }));
  await fillAndSubmit('ada@example.com', 'Engine1');
  await waitFor(() => expect(signIn).toHaveBeenCalledWith('ada@example.com', 'Engine1', remember));
});

test('success: the welcome toast with the display name, then back where the visitor came from', async () => {
  fakeAuth({ signIn: signInAs(ada) });
  const router = renderAt('/login', <LoginPage />, { state: { from: { pathname: '/my-artifacts', search: '?page=2' } } });
  await fillAndSubmit('ada@example.com', 'Engine1');
  expect(await findToast('Login successful! Welcome Ada Lovelace')).toBeInTheDocument();
  await waitFor(() => expect(router.state.location.pathname).toBe('/my-artifacts'));
  expect(router.state.location.search).toBe('?page=2');
});

test('success without a display name welcomes an Explorer, and goes home without an origin', async () => {
  fakeAuth({ signIn: signInAs({ ...ada, displayName: null }) });
  const router = renderAt('/login', <LoginPage />);
  await fillAndSubmit('ada@example.com', 'Engine1');
  expect(await findToast('Login successful! Welcome Explorer')).toBeInTheDocument();
  await waitFor(() => expect(router.state.location.pathname).toBe('/'));
});

test('a wrong password (emulator or production code) is said once, by an alert that stays, and the page stays', async () => {
  const signIn = jest
    .fn()
    .mockRejectedValueOnce(firebaseError('auth/wrong-password'))
    .mockRejectedValueOnce(firebaseError('auth/invalid-credential'));
  fakeAuth({ signIn });
  const router = renderAt('/login', <LoginPage />);
  await fillAndSubmit('ada@example.com', 'nope');
  const message = 'The email or password is incorrect. Please check them and try again.';
  const first = (await findToast(message)).closest('[role="alert"]');
  expect(first).toBeInTheDocument();
  // Once: not again inside the form.
  expect(screen.getAllByText(message)).toHaveLength(1);
  expect(within(document.querySelector('form') as HTMLElement).queryByText(message)).not.toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/login');
  // The form keeps what was typed, so the user can correct it.
  expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');

  await userEvent.click(screen.getByRole('button', { name: 'Sign In to History' }));
  await waitFor(() => expect(signIn).toHaveBeenCalledTimes(2));
  // The same failure again replaces its toast (a new alert, announced again): still said once.
  await waitFor(() => expect(first).not.toBeInTheDocument(), { timeout: 5000 });
  expect((await findToast(message)).closest('[role="alert"]')).not.toBe(first);
  expect(screen.getAllByText(message)).toHaveLength(1);
});

test('the origin is carried to Register and Forgot password', async () => {
  fakeAuth();
  const from = { pathname: '/liked-artifacts' };
  const router = renderAt('/login', <LoginPage />, { state: { from } });
  await userEvent.click(screen.getByRole('link', { name: 'Register' }));
  await waitFor(() => expect(router.state.location.pathname).toBe('/register'));
  expect(router.state.location.state).toEqual({ from });
});

test('a visitor sent from an artifact’s details is told why the sign-in is asked; others are not', () => {
  fakeAuth();
  renderAt('/login', <LoginPage />, { state: { from: { pathname: '/artifacts/64b7f0c2a1e4d3b2c1a09f88', search: '' } } });
  expect(screen.getByText("Sign in to see this artifact's full details.")).toBeInTheDocument();
  cleanup();
  renderAt('/login', <LoginPage />, { state: { from: { pathname: '/my-artifacts' } } });
  expect(screen.queryByText("Sign in to see this artifact's full details.")).toBeNull();
});

test('Google sign-in: "Welcome {displayName}", then back to the origin', async () => {
  const signInWithGoogle = jest.fn(async () => ada);
  fakeAuth({ signInWithGoogle });
  const router = renderAt('/login', <LoginPage />, { state: { from: { pathname: '/liked-artifacts' } } });
  await userEvent.click(screen.getByRole('button', { name: 'Login with Google' }));
  expect(await findToast('Welcome Ada Lovelace')).toBeInTheDocument();
  expect(signInWithGoogle).toHaveBeenCalledTimes(1);
  await waitFor(() => expect(router.state.location.pathname).toBe('/liked-artifacts'));
});

test('Remember me applies to a Google sign-in too', async () => {
  const signInWithGoogle = jest
    .fn(async (_remember?: boolean) => ada)
    .mockRejectedValueOnce(firebaseError('auth/popup-closed-by-user'));
  fakeAuth({ signInWithGoogle });
  renderAt('/login', <LoginPage />);
  await userEvent.click(screen.getByRole('button', { name: 'Login with Google' }));
  await waitFor(() => expect(signInWithGoogle).toHaveBeenLastCalledWith(false));
  await userEvent.click(screen.getByRole('checkbox', { name: 'Remember me' }));
  await userEvent.click(screen.getByRole('button', { name: 'Login with Google' }));
  await waitFor(() => expect(signInWithGoogle).toHaveBeenLastCalledWith(true));
});

test('a closed Google popup is a note, a blocked one an explanation; the page stays', async () => {
  const signInWithGoogle = jest
    .fn()
    .mockRejectedValueOnce(firebaseError('auth/popup-closed-by-user'))
    .mockRejectedValueOnce(firebaseError('auth/popup-blocked'));
  fakeAuth({ signInWithGoogle });
  const router = renderAt('/login', <LoginPage />);
  await userEvent.click(screen.getByRole('button', { name: 'Login with Google' }));
  expect(await findToast('The Google sign-in window was closed before signing in finished.')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Login with Google' }));
  expect(
    await findToast('Your browser blocked the Google sign-in window. Allow pop-ups for this site and try again.'),
  ).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/login');
});
