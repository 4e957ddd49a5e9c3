import { ApiRequestError, sendReport } from '@antiquarium/api-client';
import { LEAVE_TEXTS } from '@antiquarium/ui';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { followPath, ReportForm } from './report-form';
import { REPORT_TEXTS } from './report-texts';

// The api cannot run inside jest: only the api-client module is replaced.
jest.mock('@antiquarium/api-client', () => ({
  ...jest.requireActual('@antiquarium/api-client'),
  sendReport: jest.fn(),
}));
const send = jest.mocked(sendReport);

const ARTIFACT = '0123456789abcdef01234567';
const RECEIPT = { id: 'fedcba9876543210fedcba98', receipt: 'r3ce1pt_with-chars', receivedAt: '2026-11-25T10:00:00.000Z' };

let router: ReturnType<typeof createMemoryRouter>;

function renderForm(props: { withEmail?: boolean; onCancel?: () => void } = {}) {
  router = createMemoryRouter(
    [
      { path: '/report', element: <ReportForm artifactId={ARTIFACT} withEmail={props.withEmail ?? true} onCancel={props.onCancel} /> },
      { path: '*', element: <p>Elsewhere</p> },
    ],
    { initialEntries: ['/report'] },
  );
  render(<RouterProvider router={router} />);
  return userEvent.setup();
}

const details = () => screen.getByRole('textbox', { name: /^Explanation/ });
const goodFaith = () => screen.getByRole('checkbox', { name: REPORT_TEXTS.goodFaith });
const submit = () => screen.getByRole('button', { name: REPORT_TEXTS.submit });

beforeEach(() => send.mockReset());

test('offers every reason of the contracts by its label, and says before sending which need an explanation', () => {
  renderForm();
  const reasons = screen.getByRole('group', { name: REPORT_TEXTS.reasonLegend });
  expect(reasons).toHaveAccessibleDescription(/An explanation is required for: Looted or trafficked \(illegal trade\); Copyright \(this is my work\); Privacy\./);
  for (const name of ['Looted or trafficked (illegal trade)', 'Human remains', 'Copyright (this is my work)', 'Privacy', 'Hate or harassment', 'Spam', 'Wrong information', 'Something else']) {
    expect(screen.getByRole('radio', { name })).not.toBeChecked();
  }
  expect(screen.getAllByRole('radio')).toHaveLength(8);
});

test('the explanation is marked required as soon as a reason that needs it is chosen', async () => {
  const user = renderForm();
  expect(details()).toHaveAccessibleName('Explanation (optional)');
  await user.click(screen.getByRole('radio', { name: 'Privacy' }));
  expect(details()).toHaveAccessibleName('Explanation (required for this reason)');
  expect(details()).toHaveAttribute('aria-required', 'true');
  await user.click(screen.getByRole('radio', { name: 'Spam' }));
  expect(details()).toHaveAccessibleName('Explanation (optional)');
});

test('nothing is sent without a reason and the good-faith statement: each field says what is missing, the focus goes to the first', async () => {
  const user = renderForm();
  await user.click(submit());
  expect(send).not.toHaveBeenCalled();
  expect(screen.getByRole('group', { name: REPORT_TEXTS.reasonLegend })).toHaveAccessibleDescription(expect.stringContaining(REPORT_TEXTS.chooseReason));
  expect(goodFaith()).toHaveAccessibleDescription(REPORT_TEXTS.confirmGoodFaith);
  expect(goodFaith()).toBeInvalid();
  expect(screen.getAllByRole('radio')[0]).toHaveFocus();
});

test('a reason that needs an explanation is not sent without one', async () => {
  const user = renderForm();
  await user.click(screen.getByRole('radio', { name: 'Copyright (this is my work)' }));
  await user.click(goodFaith());
  await user.click(submit());
  expect(send).not.toHaveBeenCalled();
  expect(details()).toHaveAccessibleDescription(expect.stringContaining(REPORT_TEXTS.explain));
  expect(details()).toHaveFocus();
});

test("a visitor's badly written email is refused by the contracts' rule before sending", async () => {
  const user = renderForm();
  await user.click(screen.getByRole('radio', { name: 'Spam' }));
  await user.type(screen.getByRole('textbox', { name: REPORT_TEXTS.emailLabel }), 'not-an-email');
  await user.click(goodFaith());
  await user.click(submit());
  expect(send).not.toHaveBeenCalled();
  expect(screen.getByRole('textbox', { name: REPORT_TEXTS.emailLabel })).toHaveAccessibleDescription(expect.stringContaining('Email must be a valid email address'));
});

test('sends the notice and shows the receipt with a link to follow it', async () => {
  send.mockResolvedValue(RECEIPT);
  const user = renderForm();
  await user.click(screen.getByRole('radio', { name: 'Looted or trafficked (illegal trade)' }));
  await user.type(details(), '  Dug up last year at an unprotected site.  ');
  await user.type(screen.getByRole('textbox', { name: REPORT_TEXTS.emailLabel }), 'ada@example.com');
  await user.click(goodFaith());
  await user.click(submit());
  expect(send).toHaveBeenCalledWith({
    artifactId: ARTIFACT,
    reason: 'illegal-trade',
    details: 'Dug up last year at an unprotected site.',
    email: 'ada@example.com',
    goodFaith: true,
  });
  expect(await screen.findByRole('heading', { name: REPORT_TEXTS.received })).toHaveFocus();
  expect(screen.getByText(RECEIPT.receipt)).toBeInTheDocument();
  expect(screen.getByRole('link', { name: REPORT_TEXTS.follow })).toHaveAttribute('href', `/reports/${RECEIPT.id}?receipt=${RECEIPT.receipt}`);
});

test("a member's form has no email field and sends none", async () => {
  send.mockResolvedValue(RECEIPT);
  const user = renderForm({ withEmail: false });
  expect(screen.queryByRole('textbox', { name: REPORT_TEXTS.emailLabel })).not.toBeInTheDocument();
  await user.click(screen.getByRole('radio', { name: 'Spam' }));
  await user.click(goodFaith());
  await user.click(submit());
  expect(send).toHaveBeenCalledWith({ artifactId: ARTIFACT, reason: 'spam', details: '', goodFaith: true });
});

test("the api's 400 is shown on its field, and what was typed is kept", async () => {
  send.mockRejectedValue(new ApiRequestError('details: Details contains invalid characters', 400, { details: 'Details contains invalid characters' }));
  const user = renderForm();
  await user.click(screen.getByRole('radio', { name: 'Wrong information' }));
  await user.type(details(), 'The date is wrong.');
  await user.click(goodFaith());
  await user.click(submit());
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent(REPORT_TEXTS.notSent);
  expect(alert).toHaveTextContent(REPORT_TEXTS.kept);
  // The message has the focus (read at once where the member is).
  await waitFor(() => expect(alert).toHaveFocus());
  expect(details()).toHaveAccessibleDescription(expect.stringContaining('Details contains invalid characters'));
  expect(details()).toHaveValue('The date is wrong.');
  expect(screen.getByRole('radio', { name: 'Wrong information' })).toBeChecked();
  expect(goodFaith()).toBeChecked();
  expect(submit()).toBeEnabled();
});

test('too many reports (429) says to wait; a failed network says to check the connection; both keep the form', async () => {
  send.mockRejectedValueOnce(new ApiRequestError('Too many requests', 429));
  send.mockRejectedValueOnce(new ApiRequestError('Could not reach Antiquarium.', 0));
  const user = renderForm();
  await user.click(screen.getByRole('radio', { name: 'Human remains' }));
  await user.click(goodFaith());
  await user.click(submit());
  expect(await screen.findByRole('alert')).toHaveTextContent(REPORT_TEXTS.tooMany);
  await user.click(submit());
  expect(await screen.findByText(REPORT_TEXTS.unreachable, { exact: false })).toBeInTheDocument();
  expect(screen.getByRole('radio', { name: 'Human remains' })).toBeChecked();
  expect(send).toHaveBeenCalledTimes(2);
});

test('while sending, a second press sends nothing more', async () => {
  let answer: (value: typeof RECEIPT) => void = () => undefined;
  send.mockReturnValue(new Promise((resolve) => (answer = resolve)));
  const user = renderForm();
  await user.click(screen.getByRole('radio', { name: 'Spam' }));
  await user.click(goodFaith());
  await user.click(submit());
  await user.click(screen.getByRole('button', { name: REPORT_TEXTS.sending }));
  expect(send).toHaveBeenCalledTimes(1);
  answer(RECEIPT);
  expect(await screen.findByRole('heading', { name: REPORT_TEXTS.received })).toBeInTheDocument();
});

test('Cancel is offered in the dialog', async () => {
  const onCancel = jest.fn();
  const user = renderForm({ onCancel });
  await user.click(screen.getByRole('button', { name: REPORT_TEXTS.cancel }));
  expect(onCancel).toHaveBeenCalled();
});

test('the follow link encodes the id and the receipt', () => {
  expect(followPath({ id: 'a/b', receipt: 'x+y=', receivedAt: '' })).toBe('/reports/a%2Fb?receipt=x%2By%3D');
});

test('leaving a half-written notice asks first; once it is received, nothing is asked', async () => {
  const user = renderForm();
  await user.click(screen.getByRole('radio', { name: 'Spam' }));
  void router.navigate('/all-artifacts');
  const question = await screen.findByRole('dialog');
  expect(question).toHaveTextContent(LEAVE_TEXTS.title);
  await user.click(within(question).getByRole('button', { name: LEAVE_TEXTS.stay }));
  expect(router.state.location.pathname).toBe('/report');
  expect(screen.getByRole('radio', { name: 'Spam' })).toBeChecked();

  send.mockResolvedValue(RECEIPT);
  await user.click(goodFaith());
  await user.click(submit());
  await screen.findByRole('heading', { name: REPORT_TEXTS.received });
  await user.click(screen.getByRole('link', { name: REPORT_TEXTS.follow }));
  expect(router.state.location.pathname).toBe(`/reports/${RECEIPT.id}`);
});
