import { ApiRequestError, mailPreferences, setMailPreferences } from '@antiquarium/api-client';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import AccountDataPage from './account-data-page';
import { ACCOUNT_DATA_TEXTS } from './account-data-texts';
import { MAIL_TEXTS as T } from './mail-preferences-section';
import { ada, fakeAuth, renderAt } from '@antiquarium/testing';

// The api cannot run inside jest: only the api-client's calls are replaced.
jest.mock('@antiquarium/api-client', () => ({
  ...jest.requireActual('@antiquarium/api-client'),
  mailPreferences: jest.fn(),
  setMailPreferences: jest.fn(),
}));
const load = jest.mocked(mailPreferences);
const save = jest.mocked(setMailPreferences);

beforeEach(() => {
  load.mockReset();
  save.mockReset();
  fakeAuth({ user: ada });
});

/** My Data, and its Mail part once the member's choice is there. */
async function renderMail() {
  renderAt('/my-data', <AccountDataPage />);
  const part = screen.getByRole('region', { name: T.title });
  const box = within(part).getByRole('checkbox', { name: T.label });
  await waitFor(() => expect(box).toBeEnabled());
  return { part, box, status: within(part).getByRole('status') };
}

test('My Data has a Mail part: the choice the api holds, its label, and what is always sent', async () => {
  load.mockResolvedValue({ optionalMail: false });
  const { box, status } = await renderMail();
  expect(box).not.toBeChecked();
  expect(box).toHaveAccessibleDescription(T.mandatory);
  expect(status).toHaveTextContent('');
  expect(load).toHaveBeenCalledTimes(1);
});

test('the box waits, disabled, while the choice loads', async () => {
  let answer: (value: { optionalMail: boolean }) => void = () => undefined;
  load.mockReturnValue(new Promise((resolve) => (answer = resolve)));
  renderAt('/my-data', <AccountDataPage />);
  const part = screen.getByRole('region', { name: T.title });
  expect(within(part).getByRole('checkbox', { name: T.label })).toBeDisabled();
  expect(within(part).getByRole('status')).toHaveTextContent(T.loading);
  await act(async () => answer({ optionalMail: true }));
  expect(within(part).getByRole('checkbox', { name: T.label })).toBeChecked();
  expect(within(part).getByRole('status')).toHaveTextContent('');
});

test('unticking saves at once and says so; ticking again with the keyboard saves that too', async () => {
  load.mockResolvedValue({ optionalMail: true });
  save.mockImplementation(async (choice) => choice);
  const { box, status } = await renderMail();
  expect(box).toBeChecked();

  await userEvent.click(box);
  expect(save).toHaveBeenLastCalledWith({ optionalMail: false });
  await waitFor(() => expect(status).toHaveTextContent(T.savedOff));
  expect(box).not.toBeChecked();

  // The box is reached with Tab, next after Export, and toggled with Space; focus stays on it.
  screen.getByRole('button', { name: ACCOUNT_DATA_TEXTS.exportButton }).focus();
  await userEvent.tab();
  expect(box).toHaveFocus();
  await userEvent.keyboard(' ');
  expect(save).toHaveBeenLastCalledWith({ optionalMail: true });
  await waitFor(() => expect(status).toHaveTextContent(T.savedOn));
  expect(box).toBeChecked();
  expect(box).toHaveFocus();
  expect(save).toHaveBeenCalledTimes(2);
});

test('while a save runs the status says so, and a change meanwhile is not taken', async () => {
  load.mockResolvedValue({ optionalMail: true });
  let finish: () => void = () => undefined;
  save.mockImplementation((choice) => new Promise((resolve) => (finish = () => resolve(choice))));
  const { box, status } = await renderMail();
  await userEvent.click(box);
  expect(status).toHaveTextContent(T.saving);
  expect(box).toHaveAttribute('aria-busy', 'true');
  await userEvent.click(box);
  expect(save).toHaveBeenCalledTimes(1);
  expect(box).not.toBeChecked();
  await act(async () => finish());
  expect(status).toHaveTextContent(T.savedOff);
  expect(box).toHaveAttribute('aria-busy', 'false');
});

test('a refused save puts the box back and shows the api’s message', async () => {
  load.mockResolvedValue({ optionalMail: true });
  save.mockRejectedValue(new ApiRequestError('Verify your email address to contribute: open the link we sent you, then try again', 403));
  const { box, status } = await renderMail();
  await userEvent.click(box);
  await waitFor(() => expect(status).toHaveTextContent('Verify your email address'));
  expect(status).toHaveClass('acc-data__status--failed');
  expect(box).toBeChecked();
});

test('a save that could not reach the api says the choice was not saved', async () => {
  load.mockResolvedValue({ optionalMail: false });
  save.mockRejectedValue(new ApiRequestError('Could not reach Antiquarium. Check your connection and try again.', 0));
  const { box, status } = await renderMail();
  await userEvent.click(box);
  await waitFor(() => expect(status).toHaveTextContent(T.saveFailed));
  expect(box).not.toBeChecked();
});

test('a choice that could not be loaded says so, and Try again asks once more', async () => {
  load.mockRejectedValueOnce(new ApiRequestError('The database is unavailable, please try again shortly', 503)).mockResolvedValueOnce({ optionalMail: false });
  renderAt('/my-data', <AccountDataPage />);
  const part = screen.getByRole('region', { name: T.title });
  await waitFor(() => expect(within(part).getByRole('status')).toHaveTextContent(T.loadFailed));
  expect(within(part).getByRole('checkbox', { name: T.label })).toBeDisabled();
  await userEvent.click(within(part).getByRole('button', { name: T.retry }));
  await waitFor(() => expect(within(part).getByRole('checkbox', { name: T.label })).toBeEnabled());
  expect(within(part).getByRole('checkbox', { name: T.label })).not.toBeChecked();
  expect(within(part).queryByRole('button', { name: T.retry })).not.toBeInTheDocument();
  expect(load).toHaveBeenCalledTimes(2);
});
