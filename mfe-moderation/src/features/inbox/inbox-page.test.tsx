import { ApiRequestError } from '@antiquarium/api-client';
import type { ContactMessage } from '@antiquarium/contracts';
import { findToast, renderAt } from '@antiquarium/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { inboxPage, markContactHandled } from '../../shared/moderation-api';
import InboxPage from './inbox-page';

// The api cannot run inside jest: only this remote's api calls are replaced.
jest.mock('../../shared/moderation-api', () => ({
  ...jest.requireActual('../../shared/moderation-api'),
  inboxPage: jest.fn(),
  markContactHandled: jest.fn(),
}));
const inbox = jest.mocked(inboxPage);
const mark = jest.mocked(markContactHandled);

const open: ContactMessage = {
  id: 'aaaaaaaaaaaaaaaaaaaaaaaa',
  name: 'Ada Lovelace',
  email: 'ada@example.org',
  message: 'Is the Rosetta Stone photo yours?\nI would like to reuse it.',
  receivedAt: '2026-11-20T09:30:00Z',
  status: 'open',
};
const page = (items: ContactMessage[], nextPage: number | null = null) => ({ items, total: items.length, page: 1, pageSize: 10, nextPage });

test('open messages show who wrote, how to answer and what they wrote, with their lines kept', async () => {
  inbox.mockResolvedValue(page([open], 2));
  renderAt('/moderation/inbox', <InboxPage />);
  const item = await screen.findByRole('article', { name: 'From Ada Lovelace' });
  expect(within(item).getByRole('link', { name: 'Reply to Ada Lovelace at ada@example.org' })).toHaveAttribute('href', 'mailto:ada@example.org');
  const quote = within(item).getByText(/Is the Rosetta Stone photo yours/);
  expect(quote.textContent).toBe(open.message);
  expect(quote).toHaveClass('mod-message');
  expect(within(item).getByText('20 Nov 2026, 09:30 UTC')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Open messages' })).toHaveAttribute('aria-current', 'page');
  expect(screen.getByRole('link', { name: 'Next' })).toHaveAttribute('href', '/moderation/inbox?page=2');
  expect(inbox).toHaveBeenCalledWith('open', 1, expect.any(AbortSignal));
});

test('marking a message handled sends it and reads the inbox again', async () => {
  inbox.mockResolvedValueOnce(page([open])).mockResolvedValue(page([]));
  mark.mockResolvedValue({ ...open, status: 'handled', handledAt: '2026-11-21T10:00:00Z', handledBy: 'Mod' });
  renderAt('/moderation/inbox', <InboxPage />);
  await userEvent.click(await screen.findByRole('button', { name: 'Mark handled: the message from Ada Lovelace' }));
  expect(mark).toHaveBeenCalledWith(open.id);
  expect(await findToast('Marked as handled.')).toBeInTheDocument();
  expect(await screen.findByText('No open messages.')).toBeInTheDocument();
  expect(inbox).toHaveBeenCalledTimes(2);
});

test('a failed mark says so at the message, and the message stays open', async () => {
  inbox.mockResolvedValue(page([open]));
  mark.mockRejectedValue(new ApiRequestError('Message not found', 404));
  renderAt('/moderation/inbox', <InboxPage />);
  await userEvent.click(await screen.findByRole('button', { name: /^Mark handled/ }));
  const item = screen.getByRole('article', { name: 'From Ada Lovelace' });
  expect(await within(item).findByRole('alert')).toHaveTextContent('Message not found');
  expect(within(item).getByRole('button', { name: /^Mark handled/ })).toBeEnabled();
});

test('handled messages are read with ?status=handled and say when and by whom', async () => {
  inbox.mockResolvedValue(page([{ ...open, status: 'handled', handledAt: '2026-11-21T10:00:00Z', handledBy: 'Grace' }]));
  renderAt('/moderation/inbox', <InboxPage />, { url: '/moderation/inbox?status=handled' });
  const item = await screen.findByRole('article', { name: 'From Ada Lovelace' });
  expect(within(item).getByText('Handled 21 Nov 2026, 10:00 UTC by Grace')).toBeInTheDocument();
  expect(within(item).queryByRole('button')).toBeNull();
  await waitFor(() => expect(inbox).toHaveBeenCalledWith('handled', 1, expect.any(AbortSignal)));
});

test('the reply link encodes the address: a query, escape or second recipient stored before issue 45 stays in the address', async () => {
  const smuggled = 'x@y.z?bcc=a@b.c&body=hi';
  inbox.mockResolvedValue(page([{ ...open, id: 'bbbbbbbbbbbbbbbbbbbbbbbb', email: smuggled }, { ...open, id: 'cccccccccccccccccccccccc', name: 'Eve', email: 'ada,eve%40evil.example@example.org' }]));
  renderAt('/moderation/inbox', <InboxPage />);
  const item = await screen.findByRole('article', { name: 'From Ada Lovelace' });
  const link = within(item).getByRole('link', { name: `Reply to Ada Lovelace at ${smuggled}` });
  expect(link).toHaveAttribute('href', 'mailto:x@y.z%3Fbcc%3Da@b.c%26body%3Dhi');
  expect(link).toHaveTextContent(smuggled);
  const other = screen.getByRole('article', { name: 'From Eve' });
  expect(within(other).getByRole('link', { name: /^Reply to Eve/ })).toHaveAttribute('href', 'mailto:ada%2Ceve%2540evil.example@example.org');
  // No part of the address becomes the link's query (headers such as bcc, cc, body).
  expect(new URL(link.getAttribute('href') ?? '').search).toBe('');
});
