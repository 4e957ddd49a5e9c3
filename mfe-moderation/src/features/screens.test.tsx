import { ApiRequestError } from '@antiquarium/api-client';
import type { AppealCase, QueueEntry } from '@antiquarium/contracts';
import { findToast, renderAt } from '@antiquarium/testing';
import { LEAVE_TEXTS } from '@antiquarium/ui';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { appealsPage, decideAppeal, queuePage, recordDecision } from '../shared/moderation-api';
import AppealsPage from './appeals/appeals-page';
import QueuePage from './queue/queue-page';

// The api cannot run inside jest: only this remote's api calls are replaced.
jest.mock('../shared/moderation-api', () => ({
  ...jest.requireActual('../shared/moderation-api'),
  queuePage: jest.fn(),
  recordDecision: jest.fn(),
  appealsPage: jest.fn(),
  decideAppeal: jest.fn(),
  replyToAppeal: jest.fn(),
}));
const queue = jest.mocked(queuePage);
const record = jest.mocked(recordDecision);
const appeals = jest.mocked(appealsPage);
const rule = jest.mocked(decideAppeal);

const ARTIFACT = '0123456789abcdef01234567';
const entry: QueueEntry = {
  artifactId: ARTIFACT,
  artifact: { id: ARTIFACT, name: 'Bronze mirror', image: '', shortDescription: 'A polished bronze mirror.', context: '', adderName: 'Ada', moderation: null },
  count: 2,
  reasons: { 'illegal-trade': 1, spam: 1 },
  oldestAt: '2026-11-01T10:00:00Z',
  reports: [
    { id: 'aaaaaaaaaaaaaaaaaaaaaaaa', reason: 'illegal-trade', details: 'Offered for sale.', receivedAt: '2026-11-01T10:00:00Z', fromMember: false },
    { id: 'bbbbbbbbbbbbbbbbbbbbbbbb', reason: 'spam', details: '', receivedAt: '2026-11-02T10:00:00Z', fromMember: true },
  ],
  earlierDecisions: [],
  contributorDecisions: [{ id: 'd1', artifactId: 'x', contributorUid: 'u', action: 'remove', ground: 'spam', facts: 'Advertising.', reportIds: [], moderatorUid: 'm', decidedAt: '2026-10-01T00:00:00Z', reversedAt: null }],
};
const page = <T,>(items: T[], nextPage: number | null = null) => ({ items, total: items.length, page: 1, pageSize: 10, nextPage });

test('a member who is not a moderator is told so plainly', async () => {
  queue.mockRejectedValue(new ApiRequestError('Only moderators can do this', 403));
  renderAt('/moderation', <QueuePage />);
  expect(await screen.findByRole('heading', { name: 'Not a moderator' })).toBeInTheDocument();
  expect(screen.queryByRole('article')).not.toBeInTheDocument();
});

test('the queue shows each artifact with its notices, its content and the contributor\'s history', async () => {
  queue.mockResolvedValue(page([entry], 2));
  renderAt('/moderation', <QueuePage />);
  const item = await screen.findByRole('article', { name: 'Bronze mirror' });
  expect(within(item).getByText('2 open notices')).toBeInTheDocument();
  expect(within(item).getByText('1 × Looted or trafficked (illegal trade), 1 × Spam')).toBeInTheDocument();
  expect(within(item).getByText('A polished bronze mirror.')).toBeInTheDocument();
  expect(within(item).getByText(/Remove, 1 Oct 2026/)).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Next' })).toHaveAttribute('href', '/moderation?page=2');
  expect(queue).toHaveBeenCalledWith(1, expect.any(AbortSignal));
});

test('a decision is sent with the chosen notices, and the queue is read again', async () => {
  queue.mockResolvedValue(page([entry]));
  record.mockResolvedValue({} as never);
  renderAt('/moderation', <QueuePage />);
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Decide' }));
  const form = screen.getByRole('form', { name: 'Decision on Bronze mirror' });
  await user.click(within(form).getByRole('button', { name: 'Record decision' }));
  expect(within(form).getByRole('radio', { name: /^Keep/ })).toHaveFocus();
  expect(record).not.toHaveBeenCalled();
  await user.click(within(form).getByRole('radio', { name: /^Remove/ }));
  expect(within(form).getByRole('button', { name: 'Record decision' })).toHaveClass('mod-button--danger');
  await user.selectOptions(within(form).getByLabelText('Ground'), 'illegal-trade');
  await user.type(within(form).getByLabelText('Facts'), 'Offered for sale in the description.');
  await user.click(within(form).getByRole('checkbox', { name: /Spam/ }));
  await user.click(within(form).getByRole('button', { name: 'Record decision' }));
  expect(record).toHaveBeenCalledWith({ artifactId: ARTIFACT, action: 'remove', ground: 'illegal-trade', facts: 'Offered for sale in the description.', reportIds: ['aaaaaaaaaaaaaaaaaaaaaaaa'] });
  expect(await findToast('Decision recorded: the artifact is removed.')).toBeInTheDocument();
  expect(queue).toHaveBeenCalledTimes(2);
});

test('a decision half made asks before leaving the queue; Leave goes', async () => {
  queue.mockResolvedValue(page([entry]));
  const router = renderAt('/moderation', <QueuePage />);
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Decide' }));
  await user.type(screen.getByLabelText('Facts'), 'Offered for sale');
  await user.click(screen.getByRole('link', { name: 'Open the artifact’s page: Bronze mirror' }));
  const question = await screen.findByRole('dialog');
  expect(question).toHaveTextContent(LEAVE_TEXTS.title);
  await user.click(within(question).getByRole('button', { name: LEAVE_TEXTS.leave }));
  await waitFor(() => expect(router.state.location.pathname).toBe(`/artifacts/${ARTIFACT}`));
});

const appeal: AppealCase = {
  id: 'cccccccccccccccccccccccc',
  decisionId: 'dddddddddddddddddddddddd',
  artifactId: ARTIFACT,
  appellant: 'contributor',
  text: 'It is a replica.',
  createdAt: '2026-11-03T10:00:00Z',
  status: 'open',
  messages: [{ from: 'appellant', text: 'Photos attached.', at: '2026-11-03T11:00:00Z' }],
  decision: null,
  artifact: { id: ARTIFACT, name: 'Bronze mirror', image: 'https://images.example.org/mirror.webp', moderation: 'restricted', deleted: false },
  appealed: {
    id: 'dddddddddddddddddddddddd',
    action: 'restrict',
    ground: 'rule-2',
    groundText: 'Terms, rule 2: No trade.',
    facts: 'Offered for sale.',
    decidedAt: '2026-11-02T10:00:00Z',
    reversedAt: null,
    moderatorUid: 'm1',
    moderatorName: 'Mona Moderator',
  },
  mayNotRule: null,
};

test('the api\'s refusal of a ruling by the moderator who decided is shown as it is, at the form', async () => {
  appeals.mockResolvedValue(page([appeal]));
  rule.mockRejectedValue(new ApiRequestError('A moderator other than the one who decided must review the appeal', 403));
  renderAt('/moderation/appeals', <AppealsPage />);
  const user = userEvent.setup();
  const item = await screen.findByRole('article', { name: 'Appeal by the contributor: Bronze mirror' });
  expect(within(item).getByText(/Photos attached\./)).toBeInTheDocument();
  await user.click(within(item).getByRole('radio', { name: /^Reverse the decision/ }));
  await user.type(within(item).getByLabelText('Reasons for the ruling'), 'A replica.');
  await user.click(within(item).getByRole('button', { name: 'Record ruling' }));
  expect(await within(item).findByRole('alert')).toHaveTextContent('A moderator other than the one who decided must review the appeal');
  expect(rule).toHaveBeenCalledWith(appeal.id, { outcome: 'reversed', reasons: 'A replica.' });
  expect(appeals).toHaveBeenCalledWith('open', 1, expect.any(AbortSignal));
});

test('a reply typed on one of several appeals asks before another tab replaces the list', async () => {
  appeals.mockResolvedValue(page([appeal, { ...appeal, id: 'eeeeeeeeeeeeeeeeeeeeeeee', appellant: 'notifier' }]));
  const router = renderAt('/moderation/appeals', <AppealsPage />);
  const user = userEvent.setup();
  const second = await screen.findByRole('article', { name: 'Appeal by a notifier: Bronze mirror' });
  await user.type(within(second).getByLabelText('Reply to the appellant'), 'Which photos?');
  await user.click(screen.getByRole('link', { name: 'Decided appeals' }));
  const question = await screen.findByRole('dialog');
  expect(question).toHaveTextContent(LEAVE_TEXTS.title);
  await user.click(within(question).getByRole('button', { name: LEAVE_TEXTS.stay }));
  expect(router.state.location.search).toBe('');
  expect(within(second).getByLabelText('Reply to the appellant')).toHaveValue('Which photos?');
});

test('decided appeals are read with ?status=decided and show their outcome', async () => {
  appeals.mockResolvedValue(page([{ ...appeal, status: 'reversed', decision: { outcome: 'reversed', reasons: 'A replica.', decidedAt: '2026-11-04T10:00:00Z' } }]));
  renderAt('/moderation/appeals', <AppealsPage />, { url: '/moderation/appeals?status=decided' });
  expect(await screen.findByText(/A replica\./)).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Record ruling' })).not.toBeInTheDocument();
  expect(appeals).toHaveBeenCalledWith('decided', 1, expect.any(AbortSignal));
});
