import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import ForgotPasswordPage from './forgot-password-page';
import { fakeAuth, findToast, renderAt } from '@antiquarium/testing';

function firebaseError(code: string) {
  return Object.assign(new Error(`Firebase: Error (${code}).`), { code });
}

test('an email form with a link back to login', () => {
  fakeAuth();
  renderAt('/forgot-password', <ForgotPasswordPage />);
  expect(screen.getByRole('heading', { level: 1, name: 'Forgot Password' })).toBeInTheDocument();
  expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
  expect(screen.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/login');
});

test('the email must look like one before anything is sent', async () => {
  const resetPassword = jest.fn(async () => undefined);
  fakeAuth({ resetPassword });
  renderAt('/forgot-password', <ForgotPasswordPage />);
  await userEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }));
  expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Email is required');
  await userEvent.type(screen.getByLabelText('Email'), 'ada');
  await userEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }));
  expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Enter a valid email address, like name@example.com');
  expect(screen.getByLabelText('Email')).toHaveFocus();
  expect(resetPassword).not.toHaveBeenCalled();
});

test('success: "Password reset email sent!", then /login (keeping the origin)', async () => {
  const resetPassword = jest.fn(async () => undefined);
  fakeAuth({ resetPassword });
  const from = { pathname: '/my-artifacts' };
  const router = renderAt('/forgot-password', <ForgotPasswordPage />, { state: { from } });
  await userEvent.type(screen.getByLabelText('Email'), ' ada@example.com ');
  await userEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }));
  expect(await findToast('Password reset email sent!')).toBeInTheDocument();
  expect(resetPassword).toHaveBeenCalledWith('ada@example.com');
  await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  expect(router.state.location.state).toEqual({ from });
});

test('failure: a toast with the message, and the page stays', async () => {
  fakeAuth({ resetPassword: jest.fn().mockRejectedValue(firebaseError('auth/user-not-found')) });
  const router = renderAt('/forgot-password', <ForgotPasswordPage />);
  await userEvent.type(screen.getByLabelText('Email'), 'nobody@example.com');
  await userEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }));
  expect(await findToast('There is no account with this email address.')).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/forgot-password');
});
