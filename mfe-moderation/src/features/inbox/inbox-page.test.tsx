import { ApiRequestError } from '@antiquarium/api-client';
import type { ContactMessage } from '@antiquarium/contracts';
import { findToast, renderAt } from '@antiquarium/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { inboxPage, markContactHandled } from '../../shared/moderation-api';
import InboxPage, { INBOX_TEXTS } from './inbox-page';
import { replyToContact } from './reply-to-contact';

// The api cannot run inside jest: only this remote's api calls are replaced.
jest.mock('../../shared/moderation-api', () => ({
  ...jest.requireActual('../../shared/moderation-api'),
  inboxPage: jest.fn(),
  markContactHandled: jest.fn(),
}));
jest.mock('./reply-to-contact', () => ({ replyToContact: jest.fn() }));
const inbox = jest.mocked(inboxPage);
const mark = jest.mocked(markContactHandled);
const sendReply = jest.mocked(replyToContact);

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

describe('replying from the inbox (issue 45)', () => {
  const replied: ContactMessage = { ...open, replies: [{ text: 'Yes, it is ours.\nReuse it with credit.', at: '2026-11-21T08:15:00Z', by: 'mod-uid-1' }] };

  test('the screen says that replies are emailed and kept', async () => {
    inbox.mockResolvedValue(page([open]));
    renderAt('/moderation/inbox', <InboxPage />);
    expect(await screen.findByText(INBOX_TEXTS.lead)).toBeInTheDocument();
    expect(INBOX_TEXTS.lead).toBe('Messages sent through the Contact page. Reply here (the reply is emailed to the sender and kept with the message), then mark them handled. Newest first.');
    const form = await screen.findByRole('form', { name: 'Reply to the message from Ada Lovelace' });
    const field = within(form).getByLabelText('Your reply');
    expect(field).toHaveAttribute('maxLength', '5000');
    expect(field).toHaveAccessibleDescription('Emailed to the sender from the site’s address, with their message quoted, and kept here.');
    expect(within(form).getByRole('button', { name: 'Send reply' })).toBeEnabled();
  });

  test('a message’s replies are shown with it, oldest first, their lines kept, when and by whom', async () => {
    inbox.mockResolvedValue(page([{ ...replied, replies: [...replied.replies!, { text: 'A second word.', at: '2026-11-22T10:00:00Z', by: 'mod-uid-2' }] }]));
    renderAt('/moderation/inbox', <InboxPage />);
    const item = await screen.findByRole('article', { name: 'From Ada Lovelace' });
    expect(within(item).getByRole('heading', { name: 'Replies' })).toBeInTheDocument();
    const entries = within(within(item).getByRole('list')).getAllByRole('listitem');
    expect(entries.map((entry) => entry.textContent)).toEqual([
      'Sent 21 Nov 2026, 08:15 UTC by mod-uid-1Yes, it is ours.\nReuse it with credit.',
      'Sent 22 Nov 2026, 10:00 UTC by mod-uid-2A second word.',
    ]);
  });

  test('sending a reply: the trimmed text goes to the api, a toast says it is on its way, the field empties and the inbox is read again', async () => {
    inbox.mockResolvedValueOnce(page([open])).mockResolvedValue(page([replied]));
    sendReply.mockResolvedValue(replied);
    renderAt('/moderation/inbox', <InboxPage />);
    const field = await screen.findByLabelText('Your reply');
    await userEvent.type(field, '  Yes, it is ours.{enter}Reuse it with credit.  ');
    await userEvent.click(screen.getByRole('button', { name: 'Send reply' }));
    expect(sendReply).toHaveBeenCalledWith(open.id, { text: 'Yes, it is ours.\nReuse it with credit.' });
    expect(await findToast('Your reply is on its way to the sender.')).toBeInTheDocument();
    expect(await screen.findByText('Sent 21 Nov 2026, 08:15 UTC by mod-uid-1')).toBeInTheDocument();
    expect(screen.getByLabelText('Your reply')).toHaveValue('');
    expect(inbox).toHaveBeenCalledTimes(2);
  });

  test('an empty reply is refused at its field by the api’s own rule, and nothing is sent', async () => {
    inbox.mockResolvedValue(page([open]));
    renderAt('/moderation/inbox', <InboxPage />);
    const field = await screen.findByLabelText('Your reply');
    await userEvent.type(field, '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Send reply' }));
    expect(field).toHaveAccessibleDescription(expect.stringContaining('Reply is required'));
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(sendReply).not.toHaveBeenCalled();
    await userEvent.type(field, 'Now there is text');
    expect(field).not.toHaveAttribute('aria-invalid');
  });

  test('a refused or failed send says so, at the field or at the form, and keeps the text', async () => {
    inbox.mockResolvedValue(page([open]));
    sendReply.mockRejectedValueOnce(new ApiRequestError('text: Reply contains invalid characters', 400, { text: 'Reply contains invalid characters' }));
    sendReply.mockRejectedValueOnce(new ApiRequestError('Message not found', 404));
    renderAt('/moderation/inbox', <InboxPage />);
    const field = await screen.findByLabelText('Your reply');
    await userEvent.type(field, 'Hello');
    await userEvent.click(screen.getByRole('button', { name: 'Send reply' }));
    expect(await screen.findByText('Reply contains invalid characters')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Send reply' }));
    const form = screen.getByRole('form', { name: 'Reply to the message from Ada Lovelace' });
    expect(await within(form).findByRole('alert')).toHaveTextContent('Message not found');
    expect(field).toHaveValue('Hello');
    expect(inbox).toHaveBeenCalledTimes(1);
  });

  test('handled messages show their replies but no reply form', async () => {
    inbox.mockResolvedValue(page([{ ...replied, status: 'handled', handledAt: '2026-11-21T10:00:00Z', handledBy: 'Grace' }]));
    renderAt('/moderation/inbox', <InboxPage />, { url: '/moderation/inbox?status=handled' });
    const item = await screen.findByRole('article', { name: 'From Ada Lovelace' });
    expect(within(item).getByText('Sent 21 Nov 2026, 08:15 UTC by mod-uid-1')).toBeInTheDocument();
    expect(within(item).queryByRole('form')).toBeNull();
  });
});
