import type { QueueEntry } from '@antiquarium/contracts';
import { renderAt } from '@antiquarium/testing';
import { screen, within } from '@testing-library/react';
import { queuePage } from '../../shared/moderation-api';
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
