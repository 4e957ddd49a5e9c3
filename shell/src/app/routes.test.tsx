import { ApiRequestError, sendContactMessage } from '@antiquarium/api-client';
import { useAuthStore } from '@antiquarium/auth-store';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { JUST_REGISTERED_STATE, LEAVE_TEXTS, VERIFY_TEXTS } from '@antiquarium/ui';
import { routes } from './routes';

function renderAt(path: string, state?: unknown) {
  const router = createMemoryRouter(routes, { initialEntries: [{ pathname: path, state }] });
  render(<RouterProvider router={router} />);
  return router;
}

// The api cannot run inside jest: the contact form's call is replaced.
jest.mock('@antiquarium/api-client', () => ({ ...jest.requireActual('@antiquarium/api-client'), sendContactMessage: jest.fn() }));
const send = jest.mocked(sendContactMessage);

beforeEach(() => useAuthStore.setState({ user: null, loading: false }));

test('an unknown path shows the 404 screen inside the layout', async () => {
  renderAt('/no/such/page');
  expect(await screen.findByRole('heading', { level: 1, name: 'Lost in History?' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
  expect(screen.getByRole('banner')).toBeInTheDocument();
  expect(screen.getByRole('contentinfo')).toBeInTheDocument();
});

test('terms have 7 sections and the privacy policy 8', async () => {
  renderAt('/terms');
  const main = await screen.findByRole('main');
  await within(main).findByRole('heading', { level: 1, name: 'Terms and Conditions' });
  expect(within(main).getAllByRole('heading', { level: 2 })).toHaveLength(7);

  renderAt('/privacy-policy');
  const privacy = await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' });
  const privacyMain = privacy.closest('main');
  expect(privacyMain).not.toBeNull();
  expect(within(privacyMain as HTMLElement).getAllByRole('heading', { level: 2 })).toHaveLength(8);
});

test('about has four feature cards and a Join the Community link', async () => {
  renderAt('/about');
  const main = await screen.findByRole('main');
  await within(main).findByRole('heading', { level: 1, name: 'About Antiquarium' });
  expect(within(main).getAllByRole('heading', { level: 2 })).toHaveLength(4);
  expect(within(main).getByRole('link', { name: 'Join the Community' })).toHaveAttribute('href', '/register');
});

test('the footer has its links, contact details and this year', async () => {
  renderAt('/about');
  const footer = await screen.findByRole('contentinfo');
  const quick = within(footer).getByRole('navigation', { name: 'Quick Links' });
  expect(within(quick).getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual([
    '/',
    '/all-artifacts',
    '/my-artifacts',
    '/add-artifact',
    '/liked-artifacts',
  ]);
  expect(within(footer).getByText(/database for preserving and sharing historical treasures/)).toBeInTheDocument();
  expect(within(footer).getByText(`© ${new Date().getFullYear()} Antiquarium. All rights reserved.`)).toBeInTheDocument();
  expect(within(footer).getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy-policy');
  expect(within(footer).getByRole('link', { name: 'Terms & Conditions' })).toHaveAttribute('href', '/terms');
  expect(within(footer).getByText('Support hours: Mon-Fri 9AM-6PM')).toBeInTheDocument();
  expect(within(footer).getAllByRole('link', { name: /^Antiquarium on / })).toHaveLength(4);
});

test('a protected route sends a visitor to login', async () => {
  const router = renderAt('/my-artifacts');
  await screen.findByRole('main');
  expect(router.state.location.pathname).toBe('/login');
});

test('the contact form checks its fields, sends the message, then clears and thanks', async () => {
  send.mockResolvedValue({ id: 'aaaaaaaaaaaaaaaaaaaaaaaa', receivedAt: '2026-11-26T10:00:00Z' });
  renderAt('/contact');
  await screen.findByRole('heading', { level: 1, name: 'Contact Us' });
  expect(screen.getByText('Mon-Fri 9AM-6PM')).toBeInTheDocument();
  const button = screen.getByRole('button', { name: 'Send Message' });

  await userEvent.click(button);
  expect(screen.getByText('Name is required')).toBeInTheDocument();
  expect(screen.getByText('Email is required')).toBeInTheDocument();
  expect(screen.getByText('Message is required')).toBeInTheDocument();
  expect(screen.getByLabelText('Name')).toHaveFocus();

  await userEvent.type(screen.getByLabelText('Name'), 'Ada');
  await userEvent.type(screen.getByLabelText('Email'), 'not-an-email');
  await userEvent.type(screen.getByLabelText('Message'), 'Hello');
  await userEvent.click(button);
  expect(screen.getByText('Enter a valid email address')).toBeInTheDocument();
  expect(screen.queryByText("Thanks for reaching out! We'll get back to you soon.")).not.toBeInTheDocument();
  expect(send).not.toHaveBeenCalled();

  await userEvent.clear(screen.getByLabelText('Email'));
  await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
  await userEvent.click(button);
  expect(await screen.findByText("Thanks for reaching out! We'll get back to you soon.")).toBeInTheDocument();
  // The focus is on what changed (issue 43), not on <body>.
  expect(screen.getByText("Thanks for reaching out! We'll get back to you soon.")).toHaveFocus();
  expect(send).toHaveBeenCalledWith({ name: 'Ada', email: 'ada@example.com', message: 'Hello' });
  expect(screen.getByLabelText('Name')).toHaveValue('');
  expect(screen.getByLabelText('Email')).toHaveValue('');
  expect(screen.getByLabelText('Message')).toHaveValue('');
});

test('a contact message the api did not store says so and keeps what was typed; its field messages show at the fields', async () => {
  send.mockRejectedValueOnce(new ApiRequestError('Too many requests: try again in 30 s', 429));
  renderAt('/contact');
  await screen.findByRole('heading', { level: 1, name: 'Contact Us' });
  await userEvent.type(screen.getByLabelText('Name'), 'Ada');
  await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
  await userEvent.type(screen.getByLabelText('Message'), 'Hello there');
  await userEvent.click(screen.getByRole('button', { name: 'Send Message' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Your message was not sent; what you wrote is still here. Too many requests: try again in 30 s');
  expect(screen.queryByText("Thanks for reaching out! We'll get back to you soon.")).not.toBeInTheDocument();
  expect(screen.getByLabelText('Name')).toHaveValue('Ada');
  expect(screen.getByLabelText('Message')).toHaveValue('Hello there');

  send.mockRejectedValueOnce(new ApiRequestError('Bad request', 400, { message: 'Message must be at most 5000 characters' }));
  await userEvent.click(screen.getByRole('button', { name: 'Send Message' }));
  expect(await screen.findByText('Message must be at most 5000 characters')).toBeInTheDocument();
  expect(screen.getByLabelText('Message')).toHaveFocus();
  expect(screen.getByLabelText('Message')).toHaveValue('Hello there');
});

test('a contact message typed but not sent asks before leaving; once sent, nothing is asked', async () => {
  send.mockResolvedValue({ id: 'aaaaaaaaaaaaaaaaaaaaaaaa', receivedAt: '2026-11-26T10:00:00Z' });
  const router = renderAt('/contact');
  await screen.findByRole('heading', { level: 1, name: 'Contact Us' });
  await userEvent.type(screen.getByLabelText('Message'), 'Hello');
  void router.navigate('/about');
  const question = await screen.findByRole('dialog');
  expect(question).toHaveTextContent(LEAVE_TEXTS.title);
  await userEvent.click(within(question).getByRole('button', { name: LEAVE_TEXTS.stay }));
  expect(router.state.location.pathname).toBe('/contact');
  // The question closes with antd's motion (ended by its 500 ms deadline in jsdom) and then gives the
  // focus back to the field typed in. Typing on before that would lose keys to the jump, as it would
  // for a person typing during the close.
  await waitFor(() => expect(screen.getByLabelText('Message')).toHaveFocus(), { timeout: 5000 });
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

  await userEvent.type(screen.getByLabelText('Name'), 'Ada');
  await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
  await userEvent.click(screen.getByRole('button', { name: 'Send Message' }));
  await screen.findByText("Thanks for reaching out! We'll get back to you soon.");
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  await router.navigate('/about');
  expect(router.state.location.pathname).toBe('/about');
});

test('the page a new member returns to after registering says at once that the verification link is in their inbox, with a way to send another', async () => {
  const sendVerificationEmail = jest.fn(async () => undefined);
  const user = { uid: 'u-new', displayName: 'New Member', photoURL: null, email: 'new@example.com', emailVerified: false };
  useAuthStore.setState({ user, loading: false, sendVerificationEmail });
  renderAt('/about', JUST_REGISTERED_STATE);
  const notice = await screen.findByRole('region', { name: VERIFY_TEXTS.registeredTitle });
  expect(notice).toHaveTextContent(VERIFY_TEXTS.registeredText('new@example.com'));
  expect(within(screen.getByRole('main')).getByRole('region', { name: VERIFY_TEXTS.registeredTitle })).toBe(notice);
  await userEvent.click(within(notice).getByRole('button', { name: VERIFY_TEXTS.resend }));
  expect(sendVerificationEmail).toHaveBeenCalledTimes(1);
});

test('no verification notice on an ordinary visit, nor once the address is verified', async () => {
  const user = { uid: 'u-new', displayName: 'New Member', photoURL: null, email: 'new@example.com', emailVerified: false };
  useAuthStore.setState({ user, loading: false });
  renderAt('/about');
  await screen.findByRole('heading', { level: 1 });
  expect(screen.queryByRole('region', { name: VERIFY_TEXTS.registeredTitle })).not.toBeInTheDocument();

  useAuthStore.setState({ user: { ...user, emailVerified: true } });
  renderAt('/about', JUST_REGISTERED_STATE);
  await screen.findAllByRole('heading', { level: 1 });
  expect(screen.queryByRole('region', { name: VERIFY_TEXTS.registeredTitle })).not.toBeInTheDocument();
});
