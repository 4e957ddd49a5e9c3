import { LEAVE_TEXTS } from '@antiquarium/ui';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Modal } from 'antd';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { ReportDialog } from './report-dialog';
import { REPORT_TEXTS } from './report-texts';

// Issue 43: Cancel or Escape in the report dialog threw away what was chosen or typed without a
// word. They now ask the leave guard's question when something was, and nothing otherwise.

const ARTIFACT = '0123456789abcdef01234567';

async function renderDialog() {
  const onClose = jest.fn();
  const router = createMemoryRouter(
    [{ path: '/artifacts/:id', element: <ReportDialog open artifactId={ARTIFACT} withEmail onClose={onClose} afterClose={() => undefined} /> }],
    { initialEntries: [`/artifacts/${ARTIFACT}`] },
  );
  render(<RouterProvider router={router} />);
  // Once open, the dialog puts the focus on its first choice (a key typed before would land there).
  await waitFor(() => expect(within(reportDialog()).getAllByRole('radio')[0]).toHaveFocus());
  return onClose;
}

// (antd's ids are all 'test-id' under jest, so two dialogs open at once share a name: each is found by what it says.)
const dialogSaying = (text: string) => screen.getAllByRole('dialog').find((dialog) => dialog.textContent?.includes(text)) as HTMLElement;
const reportDialog = () => dialogSaying(REPORT_TEXTS.dialogTitle);
const details = () => within(reportDialog()).getByRole('textbox', { name: /^Explanation/ });
/** The leave guard's question, once open over the report dialog (the first one loads antd's dialogs on demand: time is given). */
const question = async () => {
  await screen.findByText(LEAVE_TEXTS.text, {}, { timeout: 5000 });
  return dialogSaying(LEAVE_TEXTS.text);
};
const noQuestion = () => expect(screen.queryByText(LEAVE_TEXTS.text)).not.toBeInTheDocument();

afterEach(() => {
  act(() => Modal.destroyAll());
});

test('with nothing chosen or typed, Cancel and Escape close at once', async () => {
  const onClose = await renderDialog();
  await userEvent.click(within(reportDialog()).getByRole('button', { name: REPORT_TEXTS.cancel }));
  await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  details().focus();
  await userEvent.keyboard('{Escape}');
  await waitFor(() => expect(onClose).toHaveBeenCalledTimes(2));
  noQuestion();
});

test('with something typed, Escape asks first and Stay keeps it; Cancel asks too, and Leave closes', async () => {
  const onClose = await renderDialog();
  await userEvent.type(details(), 'Taken from a museum in 1990.');

  await userEvent.keyboard('{Escape}');
  const asked = await question();
  expect(asked).toHaveTextContent(LEAVE_TEXTS.text);
  await waitFor(() => expect(within(asked).getByRole('button', { name: LEAVE_TEXTS.stay })).toHaveFocus());
  await userEvent.click(within(asked).getByRole('button', { name: LEAVE_TEXTS.stay }));
  await waitFor(noQuestion);
  expect(onClose).not.toHaveBeenCalled();
  expect(details()).toHaveValue('Taken from a museum in 1990.');

  await userEvent.click(within(reportDialog()).getByRole('button', { name: REPORT_TEXTS.cancel }));
  const again = await question();
  expect(onClose).not.toHaveBeenCalled();
  await userEvent.click(within(again).getByRole('button', { name: LEAVE_TEXTS.leave }));
  await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
});

test('a reason chosen counts as something to lose', async () => {
  const onClose = await renderDialog();
  await userEvent.click(within(reportDialog()).getByRole('radio', { name: 'Spam' }));
  await userEvent.click(within(reportDialog()).getByRole('button', { name: REPORT_TEXTS.cancel }));
  await question();
  expect(onClose).not.toHaveBeenCalled();
});
