import { useAuthStore, type AuthState } from '@antiquarium/auth-store';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Modal, notification } from 'antd';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { LOGOUT_TEXTS } from './logout-button';
import { TopBar } from './top-bar';

const initial = useAuthStore.getState();
const ada = { uid: 'u1', displayName: 'Ada Lovelace', photoURL: null, email: 'ada@example.com', emailVerified: true };

function renderTopBar() {
  const router = createMemoryRouter([{ path: '*', element: <TopBar /> }], { initialEntries: ['/'] });
  render(<RouterProvider router={router} />);
}

function signIn(overrides: Partial<AuthState> = {}) {
  useAuthStore.setState({ user: ada, loading: false, ...overrides });
}

afterEach(() => {
  useAuthStore.setState(initial, true);
  // antd's dialogs and toasts live outside the rendered tree.
  act(() => {
    Modal.destroyAll();
    if (document.querySelector('.ant-notification')) notification.destroy();
  });
});

test('a visitor sees the Login button and no Add Artifact link', () => {
  useAuthStore.setState({ user: null, loading: false });
  renderTopBar();
  expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
  expect(screen.queryByRole('link', { name: 'Add Artifact' })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
  const nav = screen.getByRole('navigation', { name: 'Main' });
  expect(within(nav).getAllByRole('link').map((link) => link.textContent)).toEqual([
    'Home',
    'All Artifacts',
    'About',
    'Contact',
  ]);
});

test("while sign-in has not answered, the placeholder holds the early Login link (layout.css shows it to a composed page's visitor only)", () => {
  useAuthStore.setState({ user: null, loading: true });
  renderTopBar();
  const early = document.querySelector('.aq-topbar__auth-placeholder .aq-topbar__early-login');
  expect(early).toHaveAttribute('href', '/login');
  expect(early).toHaveTextContent('Login');
  expect(screen.queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
  // Signed-out once known: the one Login link is the ordinary one, the same element (a focus on it stays).
  (early as HTMLElement).focus();
  act(() => useAuthStore.setState({ loading: false }));
  expect(document.querySelector('.aq-topbar__early-login')).toBeNull();
  expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
  expect(screen.getByRole('link', { name: 'Login' })).toBe(early);
  expect(document.activeElement).toBe(early);
});

test('a signed-in user sees name, Add Artifact, a user menu and Logout', async () => {
  signIn();
  renderTopBar();
  expect(screen.getByRole('link', { name: 'Add Artifact' })).toHaveAttribute('href', '/add-artifact');
  expect(screen.queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
  const toggle = screen.getByRole('button', { name: /Ada Lovelace/ });
  expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await userEvent.click(toggle);
  expect(toggle).toHaveAttribute('aria-expanded', 'true');
  expect(screen.getByRole('link', { name: 'My Artifacts' })).toHaveAttribute('href', '/my-artifacts');
  expect(screen.getByRole('link', { name: 'Liked Artifacts' })).toHaveAttribute('href', '/liked-artifacts');
  await userEvent.keyboard('{Escape}');
  expect(toggle).toHaveAttribute('aria-expanded', 'false');
  expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();

  await userEvent.click(toggle);
  await userEvent.click(screen.getByRole('link', { name: 'Liked Artifacts' }));
  expect(toggle).toHaveAttribute('aria-expanded', 'false');
});

test('the phone menu button opens the links and a followed link closes them', async () => {
  useAuthStore.setState({ user: null, loading: false });
  renderTopBar();
  const menu = screen.getByRole('button', { name: 'Menu' });
  expect(menu).toHaveAttribute('aria-expanded', 'false');
  await userEvent.click(menu);
  expect(menu).toHaveAttribute('aria-expanded', 'true');
  expect(screen.getByRole('navigation', { name: 'Main' })).toHaveAttribute('data-open', 'true');
  await userEvent.click(screen.getByRole('link', { name: 'About' }));
  expect(menu).toHaveAttribute('aria-expanded', 'false');
});

test('the open phone menu keeps Tab going round its button and its links; Escape closes it, the focus back on the button (issue 43)', async () => {
  useAuthStore.setState({ user: null, loading: false });
  renderTopBar();
  const menu = screen.getByRole('button', { name: 'Menu' });
  const links = within(screen.getByRole('navigation', { name: 'Main' })).getAllByRole('link');
  await userEvent.click(menu);
  expect(menu).toHaveFocus();
  // The button, then its links in order, then the button again: never the Login link beside it.
  for (const stop of [...links, menu, links[0]]) {
    await userEvent.tab();
    expect(stop).toHaveFocus();
  }
  await userEvent.tab({ shift: true });
  expect(menu).toHaveFocus();
  await userEvent.tab({ shift: true });
  expect(links.at(-1)).toHaveFocus();

  await userEvent.keyboard('{Escape}');
  expect(menu).toHaveAttribute('aria-expanded', 'false');
  expect(menu).toHaveFocus();
  // Closed, Tab goes its usual way again.
  await userEvent.tab({ shift: true });
  expect(screen.getByRole('link', { name: 'Login' })).toHaveFocus();
});

test('the phone menu closes when the visitor presses or focuses elsewhere, and does not pull the focus back', async () => {
  useAuthStore.setState({ user: null, loading: false });
  renderTopBar();
  const menu = screen.getByRole('button', { name: 'Menu' });
  await userEvent.click(menu);
  expect(menu).toHaveAttribute('aria-expanded', 'true');
  await userEvent.click(document.body);
  expect(menu).toHaveAttribute('aria-expanded', 'false');

  await userEvent.click(menu);
  const login = screen.getByRole('link', { name: 'Login' });
  act(() => login.focus());
  expect(menu).toHaveAttribute('aria-expanded', 'false');
  expect(login).toHaveFocus();
});

test('logout asks first (focus on Cancel), then signs out and says so in a toast: two clicks, no dialog to dismiss', async () => {
  const logOut = jest.fn().mockResolvedValue(undefined);
  signIn({ logOut });
  renderTopBar();
  await userEvent.click(screen.getByRole('button', { name: 'Logout' }));

  const confirm = await screen.findByRole('dialog', { name: LOGOUT_TEXTS.confirmTitle });
  expect(within(confirm).getByText('You want to logout?')).toBeInTheDocument();
  await waitFor(() => expect(within(confirm).getByRole('button', { name: 'Cancel' })).toHaveFocus());
  expect(logOut).not.toHaveBeenCalled();
  await userEvent.click(within(confirm).getByRole('button', { name: 'Yes, logout!' }));

  const done = await screen.findByRole('alert', {}, { timeout: 5000 });
  await waitFor(() => expect(done).toHaveTextContent('Logged out!'));
  expect(within(done).getByText('Logged out!')).toHaveClass('ant-notification-notice-title');
  expect(within(done).getByText('You have logged out successfully.')).toBeInTheDocument();
  expect(logOut).toHaveBeenCalledTimes(1);
  // Nothing left to dismiss: the confirmation has gone and no dialog says 'Logged out!'.
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
});

test('cancelling the dialog keeps the user signed in', async () => {
  const logOut = jest.fn().mockResolvedValue(undefined);
  signIn({ logOut });
  renderTopBar();
  const logout = screen.getByRole('button', { name: 'Logout' });
  logout.focus();
  await userEvent.keyboard('{Enter}');
  await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
  // The focus comes back to Logout (issue 32): the button is not disabled while the dialog is open.
  await waitFor(() => expect(logout).toHaveFocus());
  expect(logOut).not.toHaveBeenCalled();
});

test('a failed logout shows the error message', async () => {
  signIn({ logOut: jest.fn().mockRejectedValue(new Error('Network request failed')) });
  renderTopBar();
  await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
  await userEvent.click(await screen.findByRole('button', { name: 'Yes, logout!' }));
  expect(await screen.findByText('Network request failed', {}, { timeout: 5000 })).toBeInTheDocument();
  expect(screen.queryByText('Logged out!')).not.toBeInTheDocument();
});

test('the Moderation link is shown only to a member whose token carries the moderator claim', () => {
  signIn({ hasRole: (role) => role === 'operator' });
  const { unmount } = render(<RouterProvider router={createMemoryRouter([{ path: '*', element: <TopBar /> }])} />);
  expect(screen.queryByRole('link', { name: 'Moderation' })).not.toBeInTheDocument();
  unmount();
  signIn({ hasRole: (role) => role === 'moderator' });
  renderTopBar();
  expect(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Moderation' })).toHaveAttribute('href', '/moderation');
});
