import { ApiRequestError, getAppeal, myNotices, myReports, myStanding, sendAppeal, sendAppealMessage } from '@antiquarium/api-client';
import type { AppealView, MisuseCase, ReportView, StatementOfReasons } from '@antiquarium/contracts';
import { ada, fakeAuth, findToast, renderAt } from '@antiquarium/testing';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { LEAVE_TEXTS } from '@antiquarium/ui';
import NoticesPage from './notices-page';
import { NOTICES_TEXTS as T } from './notices-texts';

// The api cannot run inside jest: only the api-client's calls are replaced.
jest.mock('@antiquarium/api-client', () => ({
  ...jest.requireActual('@antiquarium/api-client'),
  myNotices: jest.fn(),
  myReports: jest.fn(),
  myStanding: jest.fn(),
  sendAppeal: jest.fn(),
  getAppeal: jest.fn(),
  sendAppealMessage: jest.fn(),
}));
const notices = jest.mocked(myNotices);
const reports = jest.mocked(myReports);
const standing = jest.mocked(myStanding);
const appealCall = jest.mocked(sendAppeal);
const appealRead = jest.mocked(getAppeal);
const messageCall = jest.mocked(sendAppealMessage);

const inAMonth = new Date(Date.now() + 30 * 86_400_000).toISOString();

function statement(overrides: Partial<StatementOfReasons> = {}): StatementOfReasons {
  return {
    decisionId: 'd1',
    artifactId: 'a1',
    artifactName: 'Bronze amphora',
    action: 'restrict',
    what: 'Your artifact is hidden from everyone but you and the moderators.',
    duration: 'Until the decision is reversed, on appeal or by a new decision.',
    facts: 'The text prices the object',
    ground: 'rule-2',
    groundText: 'Terms, rule 2: No trade.',
    decidedByPerson: true,
    automation: 'A moderator took this decision in person; no automated means detected the content or decided.',
    decidedAt: '2026-11-20T10:00:00.000Z',
    appeal: { deadline: inAMonth, how: 'POST /appeals', appealId: null },
    reversedAt: null,
    ...overrides,
  };
}

function appeal(overrides: Partial<AppealView> = {}): AppealView {
  return {
    id: 'p1',
    decisionId: 'd1',
    artifactId: 'a1',
    appellant: 'contributor',
    text: 'The price was an auction record of 1901',
    createdAt: '2026-11-21T10:00:00.000Z',
    status: 'open',
    messages: [],
    decision: null,
    ...overrides,
  };
}

beforeEach(() => {
  for (const mock of [notices, reports, standing, appealCall, appealRead, messageCall]) mock.mockReset();
  notices.mockResolvedValue([statement()]);
  reports.mockResolvedValue([]);
  standing.mockResolvedValue([]);
  fakeAuth({ user: ada });
});

const renderPage = () => renderAt('/my-notices', <NoticesPage />);

test('a statement of reasons says what was done, for how long, the facts, the ground, that a person decided, and until when to appeal', async () => {
  renderPage();
  const card = await screen.findByRole('article', { name: 'Restricted: Bronze amphora' });
  const facts = within(card);
  expect(facts.getByText(T.labels.what).nextElementSibling).toHaveTextContent('hidden from everyone but you');
  expect(facts.getByText(T.labels.duration).nextElementSibling).toHaveTextContent('Until the decision is reversed');
  expect(facts.getByText(T.labels.facts).nextElementSibling).toHaveTextContent('The text prices the object');
  expect(facts.getByText(T.labels.ground).nextElementSibling).toHaveTextContent('Terms, rule 2: No trade.');
  expect(facts.getByText(T.labels.who).nextElementSibling).toHaveTextContent('no automated means');
  expect(facts.getByText(T.labels.appeal).nextElementSibling).toHaveTextContent(T.appealUntil(inAMonth));
  expect(facts.getByRole('link', { name: `${T.openArtifact} Bronze amphora` })).toHaveAttribute('href', '/artifacts/a1');
  expect(screen.getByText(T.goodStanding)).toBeInTheDocument();
  expect(screen.getByText(T.noneSent)).toBeInTheDocument();
});

test('an appeal is sent with the decision’s id and its thread shown; a reply joins the thread', async () => {
  appealCall.mockResolvedValue(appeal());
  messageCall.mockResolvedValue(appeal({ messages: [{ from: 'appellant', text: 'Sotheby’s, lot 12', at: '2026-11-22T10:00:00.000Z' }] }));
  renderPage();
  const card = await screen.findByRole('article', { name: 'Restricted: Bronze amphora' });
  await userEvent.click(within(card).getByRole('button', { name: T.appealButton }));
  expect(within(card).getByRole('alert')).toHaveTextContent(T.appealRequired);
  expect(appealCall).not.toHaveBeenCalled();
  await userEvent.type(within(card).getByRole('textbox', { name: T.appealLabel }), '  The price was an auction record of 1901 ');
  await userEvent.click(within(card).getByRole('button', { name: T.appealButton }));
  expect(appealCall).toHaveBeenCalledWith({ decisionId: 'd1', text: 'The price was an auction record of 1901' });
  expect(await findToast(T.appealSent)).toBeInTheDocument();
  const thread = within(card).getByRole('region', { name: T.threadTitle });
  // The form is gone: the focus is on the thread that replaced it.
  expect(thread).toHaveFocus();
  expect(within(thread).getByText(T.status.open)).toBeInTheDocument();
  expect(within(thread).getByText('The price was an auction record of 1901')).toBeInTheDocument();
  // The thread came with the answer: nothing read again.
  expect(appealRead).not.toHaveBeenCalled();

  await userEvent.type(within(thread).getByRole('textbox', { name: T.messageLabel }), 'Sotheby’s, lot 12');
  await userEvent.click(within(thread).getByRole('button', { name: T.messageButton }));
  expect(messageCall).toHaveBeenCalledWith('p1', 'Sotheby’s, lot 12');
  expect(await within(thread).findByText('Sotheby’s, lot 12')).toBeInTheDocument();
  expect(within(thread).getByRole('textbox', { name: T.messageLabel })).toHaveValue('');
});

test('a half-written appeal asks before leaving; once sent, nothing is asked', async () => {
  appealCall.mockResolvedValue(appeal());
  const router = renderPage();
  const card = await screen.findByRole('article', { name: 'Restricted: Bronze amphora' });
  await userEvent.type(within(card).getByRole('textbox', { name: T.appealLabel }), 'Please look again');
  await userEvent.click(within(card).getByRole('link', { name: `${T.openArtifact} Bronze amphora` }));
  const question = await screen.findByRole('dialog');
  expect(question).toHaveTextContent(LEAVE_TEXTS.title);
  await userEvent.click(within(question).getByRole('button', { name: LEAVE_TEXTS.stay }));
  expect(router.state.location.pathname).toBe('/my-notices');
  expect(within(card).getByRole('textbox', { name: T.appealLabel })).toHaveValue('Please look again');

  await userEvent.click(within(card).getByRole('button', { name: T.appealButton }));
  await within(card).findByRole('region', { name: T.threadTitle });
  await userEvent.click(within(card).getByRole('link', { name: `${T.openArtifact} Bronze amphora` }));
  expect(router.state.location.pathname).toBe('/artifacts/a1');
});

test('a refused appeal says why with the api’s message and keeps the text', async () => {
  appealCall.mockRejectedValue(new ApiRequestError('The time to appeal this decision has ended', 400));
  renderPage();
  const card = await screen.findByRole('article', { name: 'Restricted: Bronze amphora' });
  await userEvent.type(within(card).getByRole('textbox', { name: T.appealLabel }), 'Please look again');
  await userEvent.click(within(card).getByRole('button', { name: T.appealButton }));
  expect(await findToast('The time to appeal this decision has ended')).toBeInTheDocument();
  expect(within(card).getByRole('textbox', { name: T.appealLabel })).toHaveValue('Please look again');
});

test('an appeal already sent is read with its thread and ruling; a decided appeal takes no more replies', async () => {
  notices.mockResolvedValue([statement({ appeal: { deadline: inAMonth, how: '', appealId: 'p1' }, reversedAt: '2026-11-23T10:00:00.000Z' })]);
  appealRead.mockResolvedValue(
    appeal({
      status: 'reversed',
      messages: [{ from: 'moderator', text: 'Which auction?', at: '2026-11-22T09:00:00.000Z' }],
      decision: { outcome: 'reversed', reasons: 'A historical record, not an offer', decidedAt: '2026-11-23T10:00:00.000Z' },
    }),
  );
  renderPage();
  const card = await screen.findByRole('article', { name: 'Restricted: Bronze amphora' });
  expect(within(card).getByText(T.reversed('2026-11-23T10:00:00.000Z'))).toBeInTheDocument();
  const thread = await within(card).findByRole('region', { name: T.threadTitle });
  expect(appealRead).toHaveBeenCalledWith('p1', expect.anything());
  expect(within(thread).getByText('Which auction?')).toBeInTheDocument();
  expect(within(thread).getByText(`${T.outcomeReasons}: A historical record, not an offer`)).toBeInTheDocument();
  expect(within(thread).queryByRole('textbox')).not.toBeInTheDocument();
  expect(within(card).queryByText(T.labels.appeal)).not.toBeInTheDocument();
});

test('past the deadline the appeal is closed, with the date', async () => {
  const past = '2026-05-20T10:00:00.000Z';
  notices.mockResolvedValue([statement({ appeal: { deadline: past, how: '', appealId: null } })]);
  renderPage();
  expect(await screen.findByText(T.appealClosed(past))).toBeInTheDocument();
  expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
});

test('the notices the member sent show their outcome; a hidden artifact is not linked', async () => {
  const sent: ReportView[] = [
    { id: 'r1', artifactId: 'a7', artifactName: 'Gilded comb', reason: 'spam', details: '', receivedAt: '2026-11-01T10:00:00.000Z', status: 'open', outcome: null },
    {
      id: 'r2',
      artifactId: 'a8',
      artifactName: 'Bronze amphora',
      reason: 'illegal-trade',
      details: 'Offered elsewhere',
      receivedAt: '2026-11-02T10:00:00.000Z',
      status: 'decided',
      outcome: { action: 'remove', ground: 'rule-2', decidedAt: '2026-11-03T10:00:00.000Z', reversed: false, reversedAt: null },
    },
  ];
  reports.mockResolvedValue(sent);
  notices.mockResolvedValue([]);
  renderPage();
  const section = await screen.findByRole('region', { name: T.sentTitle });
  const items = within(section).getAllByRole('listitem');
  expect(items[0]).toHaveTextContent(T.report.open);
  expect(items[0]).toHaveTextContent('Gilded comb');
  expect(within(items[0]!).getByRole('link', { name: `${T.openArtifact} Gilded comb` })).toHaveAttribute('href', '/artifacts/a7');
  expect(items[1]).toHaveTextContent(T.report.decided('remove', false));
  expect(items[1]).toHaveTextContent('Looted or trafficked (illegal trade)');
  expect(within(items[1]!).queryByRole('link')).not.toBeInTheDocument();
  expect(screen.getByText(T.noneReceived)).toBeInTheDocument();
});

test('a notice whose decision was reversed says when, and links its artifact again', async () => {
  reports.mockResolvedValue([
    {
      id: 'r3',
      artifactId: 'a9',
      artifactName: 'Bronze amphora',
      reason: 'illegal-trade',
      details: 'Offered elsewhere',
      receivedAt: '2026-11-02T10:00:00.000Z',
      status: 'decided',
      outcome: { action: 'restrict', ground: 'rule-2', decidedAt: '2026-11-03T10:00:00.000Z', reversed: true, reversedAt: '2026-12-04T16:00:00.000Z' },
    },
  ]);
  notices.mockResolvedValue([]);
  renderPage();
  const section = await screen.findByRole('region', { name: T.sentTitle });
  const outcome = within(section).getByText(T.report.outcome, { selector: 'dt' }).nextElementSibling;
  expect(outcome).toHaveTextContent('Restricted, then reversed on appeal on 4 December 2026');
  expect(within(section).getByRole('link', { name: `${T.openArtifact} Bronze amphora` })).toHaveAttribute('href', '/artifacts/a9');
});

/** The api's statement of reasons of a measure (its texts are the api's; this screen shows its own). */
const misuseStatement: MisuseCase['statement'] = { what: 'What', facts: 'Facts', ground: 'Ground', next: 'Next', appeal: 'Appeal', automation: 'Automation' };

test('a suspended member is told until when, and that they can still read, export and delete their data', async () => {
  const suspended: MisuseCase = { uid: 'u-ada', kind: 'removedArtifacts', count: 3, level: 'suspended', suspendedUntil: '2026-12-25T10:00:00.000Z', history: [], statement: misuseStatement };
  standing.mockResolvedValue([suspended]);
  renderPage();
  expect(await screen.findByText(T.suspended('removedArtifacts', 3, '2026-12-25T10:00:00.000Z'))).toHaveTextContent('until 25 December 2026');
  expect(screen.getByText(T.suspendedRights, { exact: false })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: T.myData })).toHaveAttribute('href', '/my-data');
});

test('a warning names the count and the threshold of suspension', async () => {
  standing.mockResolvedValue([{ uid: 'u-ada', kind: 'unfoundedNotices', count: 3, level: 'warned', suspendedUntil: null, history: [], statement: misuseStatement }]);
  renderPage();
  expect(await screen.findByText(/^Warning: 3 decisions in the last 180 days found notices you sent manifestly unfounded/)).toHaveTextContent('At 5 your account is suspended for 30 days.');
});

test('a link to one statement lands on it once the list is there', async () => {
  notices.mockResolvedValue([statement({ decisionId: 'd0', artifactName: 'First' }), statement()]);
  // (renderAt keeps no hash: the router is made here.)
  const router = createMemoryRouter([{ path: '/my-notices', element: <NoticesPage /> }], { initialEntries: ['/my-notices#notice-d1'] });
  render(<RouterProvider router={router} />);
  const card = await screen.findByRole('article', { name: 'Restricted: Bronze amphora' });
  expect(card).toHaveFocus();
});

test('a failed load says so and can be tried again', async () => {
  notices.mockRejectedValueOnce(new ApiRequestError('Service unavailable', 503));
  renderPage();
  expect(await findToast(T.loadFailed)).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: T.retry }));
  expect(await screen.findByRole('article', { name: 'Restricted: Bronze amphora' })).toBeInTheDocument();
});
