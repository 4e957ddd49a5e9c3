import { useAuthStore } from '@antiquarium/auth-store';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { RequireAuth } from './require-auth';

function LoginProbe() {
  const location = useLocation();
  const from = (location.state as { from?: { pathname: string; search: string } } | null)?.from;
  return <p>login page, from {from ? `${from.pathname}${from.search}` : 'nowhere'}</p>;
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/login', element: <LoginProbe /> },
      { path: '/my-artifacts', element: <RequireAuth><p>secret list</p></RequireAuth> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

afterEach(() => useAuthStore.setState({ user: null, loading: true }));

test('shows a spinner, not the page, while auth is loading', () => {
  useAuthStore.setState({ user: null, loading: true });
  renderAt('/my-artifacts');
  expect(screen.getByRole('status')).toHaveTextContent('Checking your sign-in…');
  expect(screen.queryByText('secret list')).not.toBeInTheDocument();
});

test('sends a visitor to /login with the original path and query', async () => {
  useAuthStore.setState({ user: null, loading: false });
  const router = renderAt('/my-artifacts?page=2');
  expect(await screen.findByText('login page, from /my-artifacts?page=2')).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/login');
});

test('treats a user without an email as signed out', async () => {
  useAuthStore.setState({ user: { uid: 'u1', displayName: 'Anon', photoURL: null, email: null, emailVerified: false }, loading: false });
  renderAt('/my-artifacts');
  expect(await screen.findByText('login page, from /my-artifacts')).toBeInTheDocument();
});

test('shows the page to a signed-in user', () => {
  useAuthStore.setState({
    user: { uid: 'u1', displayName: 'Ada', photoURL: null, email: 'ada@example.com', emailVerified: true },
    loading: false,
  });
  renderAt('/my-artifacts');
  expect(screen.getByText('secret list')).toBeInTheDocument();
});
