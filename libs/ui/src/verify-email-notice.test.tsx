import { useAuthStore } from '@antiquarium/auth-store';
import { render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, MemoryRouter, RouterProvider } from 'react-router-dom';
import { JUST_REGISTERED_STATE, JustRegisteredNotice, VERIFY_TEXTS, VerifyEmailNotice } from './verify-email-notice';

const unverified = { uid: 'u-new', displayName: 'New Member', photoURL: null, email: 'new@example.com', emailVerified: false };
const initial = useAuthStore.getState();

afterEach(() => useAuthStore.setState(initial, true));

test('one verification notice on screen at a time: the page a new member returns to may have its own', () => {
  useAuthStore.setState({ user: unverified, loading: false });
  const router = createMemoryRouter(
    [
      {
        path: '/add-artifact',
        element: (
          <>
            <JustRegisteredNotice />
            <VerifyEmailNotice />
          </>
        ),
      },
    ],
    { initialEntries: [{ pathname: '/add-artifact', state: JUST_REGISTERED_STATE }] },
  );
  render(<RouterProvider router={router} />);
  expect(screen.getAllByRole('region')).toHaveLength(1);
  expect(screen.getByRole('region', { name: VERIFY_TEXTS.registeredTitle })).toHaveTextContent('We sent a link to new@example.com.');
});

test('nothing for a visitor, and nothing in a page rendered on the server', () => {
  useAuthStore.setState({ user: null, loading: false });
  render(<VerifyEmailNotice />);
  expect(screen.queryByRole('region')).not.toBeInTheDocument();

  useAuthStore.setState({ user: unverified, loading: false });
  const html = renderToString(
    <MemoryRouter initialEntries={[{ pathname: '/', state: JUST_REGISTERED_STATE }]}>
      <JustRegisteredNotice />
    </MemoryRouter>,
  );
  expect(html).toBe('');
});
