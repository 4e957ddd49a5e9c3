import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import LoginPage from '../features/login/login-page';
import RegisterPage from '../features/register/register-page';
import { ada, fakeAuth, findToast, renderAt } from '@antiquarium/testing';

function firebaseError(code: string) {
  return Object.assign(new Error(`Firebase: Error (${code}).`), { code });
}

test.each([
  ['/login', <LoginPage key="login" />],
  ['/register', <RegisterPage key="register" />],
])('Google sign-in from %s: "Welcome {displayName}", then back to the origin', async (path, page) => {
  const signInWithGoogle = jest.fn(async () => ada);
  fakeAuth({ signInWithGoogle });
  const router = renderAt(path, page, { state: { from: { pathname: '/liked-artifacts' } } });
  await userEvent.click(screen.getByRole('button', { name: 'Login with Google' }));
  expect(await findToast('Welcome Ada Lovelace')).toBeInTheDocument();
  expect(signInWithGoogle).toHaveBeenCalledTimes(1);
  await waitFor(() => expect(router.state.location.pathname).toBe('/liked-artifacts'));
});

test('Login’s Remember me applies to a Google sign-in too', async () => {
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

test('Register’s Google button leaves the persistence to the provider', async () => {
  const signInWithGoogle = jest.fn(async (_remember?: boolean) => ada);
  fakeAuth({ signInWithGoogle });
  renderAt('/register', <RegisterPage />);
  await userEvent.click(screen.getByRole('button', { name: 'Login with Google' }));
  await waitFor(() => expect(signInWithGoogle).toHaveBeenCalledWith(undefined));
});

test('a closed popup is a note, a blocked one an explanation; the page stays', async () => {
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
