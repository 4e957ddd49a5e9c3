import type { QueueEntry } from '@antiquarium/contracts';
import { renderAt } from '@antiquarium/testing';
import { LEAVE_TEXTS } from '@antiquarium/ui';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { queuePage } from '../../shared/moderation-api';
import { DECISION_TEXTS } from './decision-form';
import QueuePage, { QUEUE_TEXTS, noticeSubject } from './queue-page';

// The api cannot run inside jest: only this remote's api calls are replaced.
jest.mock('../../shared/moderation-api', () => ({
  ...jest.requireActual('../../shared/moderation-api'),
  queuePage: jest.fn(),
}));
const queue = jest.mocked(queuePage);

const ARTIFACT = '0123456789abcdef01234567';
const entry: QueueEntry = {
  artifactId: ARTIFACT,
  artifact: { id: ARTIFACT, name: 'Bronze mirror', image: '', shortDescription: 'A polished bronze mirror.', context: '', adderName: 'Ada', moderation: null },
  count: 2,
  reasons: { copyright: 1, spam: 1 },
  oldestAt: '2026-11-01T10:00:00Z',
  reports: [
    { id: 'aaaaaaaaaaaaaaaaaaaaaaaa', reason: 'copyright', details: 'My photograph.', receivedAt: '2026-11-01T10:00:00Z', fromMember: false, email: 'owner?cc=x@example.org' },
    { id: 'bbbbbbbbbbbbbbbbbbbbbbbb', reason: 'spam', details: '', receivedAt: '2026-11-02T10:00:00Z', fromMember: false },
  ],
  earlierDecisions: [],
  contributorDecisions: [],
};

test("a notice with its sender's address offers to write to them, the address kept whole; one without offers nothing", async () => {
  queue.mockResolvedValue({ items: [entry], total: 1, page: 1, pageSize: 10, nextPage: null });
  renderAt('/moderation', <QueuePage />);
  const item = await screen.findByRole('article', { name: 'Bronze mirror' });
  const write = within(item).getByRole('link', { name: `${QUEUE_TEXTS.writeToName} owner?cc=x@example.org` });
  expect(write).toHaveAttribute('href', `mailto:owner%3Fcc%3Dx@example.org?subject=${encodeURIComponent(noticeSubject('aaaaaaaaaaaaaaaaaaaaaaaa'))}`);
  expect(write.closest('li')).toHaveTextContent(QUEUE_TEXTS.writeTo);
  expect(within(item).getAllByRole('link', { name: new RegExp(QUEUE_TEXTS.writeToName) })).toHaveLength(1);
});

test('closing the decision form with something chosen or written asks first (Stay keeps it); with nothing, it closes at once', async () => {
  queue.mockResolvedValue({ items: [entry], total: 1, page: 1, pageSize: 10, nextPage: null });
  renderAt('/moderation', <QueuePage />);
  const item = await screen.findByRole('article', { name: 'Bronze mirror' });
  const toggle = within(item).getByRole('button', { name: QUEUE_TEXTS.decide });
  const form = () => within(item).queryByRole('form', { name: 'Decision on Bronze mirror' });

  await userEvent.click(toggle);
  expect(form()).not.toBeNull();
  await userEvent.click(toggle);
  expect(form()).toBeNull();
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

  await userEvent.click(toggle);
  await userEvent.type(within(form() as HTMLElement).getByRole('textbox', { name: DECISION_TEXTS.facts }), 'The photograph is the museum’s.');
  await userEvent.click(within(item).getByRole('button', { name: QUEUE_TEXTS.closeDecision }));
  const asked = await screen.findByRole('dialog', { name: LEAVE_TEXTS.title });
  await userEvent.click(within(asked).getByRole('button', { name: LEAVE_TEXTS.stay }));
  await waitFor(() => expect(screen.queryByRole('dialog', { name: LEAVE_TEXTS.title })).not.toBeInTheDocument());
  expect(within(form() as HTMLElement).getByRole('textbox', { name: DECISION_TEXTS.facts })).toHaveValue('The photograph is the museum’s.');

  await userEvent.click(within(item).getByRole('button', { name: QUEUE_TEXTS.closeDecision }));
  await userEvent.click(within(await screen.findByRole('dialog', { name: LEAVE_TEXTS.title })).getByRole('button', { name: LEAVE_TEXTS.leave }));
  await waitFor(() => expect(form()).toBeNull());
  expect(within(item).getByRole('button', { name: QUEUE_TEXTS.decide })).toHaveAttribute('aria-expanded', 'false');
});

test('after Previous or Next the focus goes to the screen’s heading once the new page is shown', async () => {
  queue.mockImplementation(async (page) => ({ items: [{ ...entry, artifactId: `${ARTIFACT.slice(0, -1)}${page}`, artifact: entry.artifact && { ...entry.artifact, name: `Mirror of page ${page}` } }], total: 11, page, pageSize: 10, nextPage: page < 2 ? 2 : null }));
  renderAt('/moderation', <QueuePage />);
  await screen.findByText('Page 1 of 2');
  await userEvent.click(screen.getByRole('link', { name: 'Next' }));
  await screen.findByRole('article', { name: 'Mirror of page 2' });
  await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: QUEUE_TEXTS.title })).toHaveFocus());
});
