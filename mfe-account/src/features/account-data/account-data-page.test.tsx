import { ApiRequestError, deleteMyAccount, exportMyData, mailPreferences } from '@antiquarium/api-client';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LEAVE_TEXTS } from '@antiquarium/ui';
import AccountDataPage from './account-data-page';
import { ACCOUNT_DATA_TEXTS as T } from './account-data-texts';
import { ada, fakeAuth, findToast, renderAt } from '@antiquarium/testing';

// The api cannot run inside jest: only the api-client's calls are replaced.
jest.mock('@antiquarium/api-client', () => ({
  ...jest.requireActual('@antiquarium/api-client'),
  exportMyData: jest.fn(),
  deleteMyAccount: jest.fn(),
  mailPreferences: jest.fn(),
}));
const exportData = jest.mocked(exportMyData);
const deleteAccount = jest.mocked(deleteMyAccount);
const logOut = jest.fn(() => Promise.resolve());

beforeEach(() => {
  exportData.mockReset();
  deleteAccount.mockReset();
  logOut.mockClear();
  // The Mail part (mail-preferences-section.test.tsx) loads too.
  jest.mocked(mailPreferences).mockResolvedValue({ optionalMail: true });
  fakeAuth({ user: ada, logOut });
});

const renderPage = () => renderAt('/my-data', <AccountDataPage />);

/** Opens the dialog and waits until it is ready: the focus on Cancel (typing sooner would lose keys). */
async function openDialog() {
  await userEvent.click(screen.getByRole('button', { name: T.deleteButton }));
  const dialog = await screen.findByRole('dialog');
  await waitFor(() => expect(within(dialog).getByRole('button', { name: T.cancel })).toHaveFocus());
  return dialog;
}

test('Export my data downloads the JSON file the api gives, under its name', async () => {
  const created: Blob[] = [];
  URL.createObjectURL = jest.fn((blob: Blob) => {
    created.push(blob);
    return 'blob:export';
  });
  URL.revokeObjectURL = jest.fn();
  const clicked: string[] = [];
  const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push(this.download);
  });
  const blob = new Blob(['{"format":"x"}'], { type: 'application/json' });
  exportData.mockResolvedValue({ blob, filename: 'antiquarium-data-2026-11-25.json' });
  renderPage();
  await userEvent.click(screen.getByRole('button', { name: T.exportButton }));
  expect(await findToast(T.exported)).toBeInTheDocument();
  expect(created).toEqual([blob]);
  expect(clicked).toEqual(['antiquarium-data-2026-11-25.json']);
  click.mockRestore();
});

test('a failed export says so with the api’s message', async () => {
  exportData.mockRejectedValue(new ApiRequestError('Too many requests, please slow down', 429));
  renderPage();
  await userEvent.click(screen.getByRole('button', { name: T.exportButton }));
  expect(await findToast('Too many requests, please slow down')).toBeInTheDocument();
});

test('the delete dialog: focus starts on Cancel, the destructive button looks destructive, Cancel deletes nothing', async () => {
  renderPage();
  expect(screen.getByRole('button', { name: T.deleteButton })).toHaveClass('ant-btn-dangerous');
  const dialog = await openDialog();
  const cancel = within(dialog).getByRole('button', { name: T.cancel });
  await waitFor(() => expect(cancel).toHaveFocus());
  expect(within(dialog).getByRole('button', { name: T.confirmButton })).toHaveClass('ant-btn-dangerous');
  // It starts on the choice that keeps the contributions, listed first (issue 43).
  expect(within(dialog).getByRole('radio', { name: T.choiceAnonymize })).toBeChecked();
  expect(within(dialog).getAllByRole('radio').map((radio) => radio.closest('label')?.textContent)).toEqual([T.choiceAnonymize, T.choiceDelete]);
  // As tall as the site's other inputs (44 px, account-data.css).
  expect(within(dialog).getByLabelText(T.confirmLabel)).toHaveClass('acc-data__input');
  await userEvent.click(cancel);
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(deleteAccount).not.toHaveBeenCalled();
});

test('a mistyped email is refused on the spot and nothing is deleted', async () => {
  renderPage();
  const dialog = await openDialog();
  await userEvent.type(within(dialog).getByLabelText(T.confirmLabel), 'someone@example.com');
  await userEvent.click(within(dialog).getByRole('button', { name: T.confirmButton }));
  expect(await within(dialog).findByRole('alert')).toHaveTextContent(T.confirmMismatch);
  expect(within(dialog).getByLabelText(T.confirmLabel)).toHaveAttribute('aria-invalid', 'true');
  expect(deleteAccount).not.toHaveBeenCalled();
});

test.each([
  ['delete', T.choiceDelete],
  ['anonymize', T.choiceAnonymize],
] as const)('deleting with "%s": the api is asked, the member is signed out, told, and taken home', async (contributions, label) => {
  deleteAccount.mockResolvedValue({ deleted: true, contributions });
  const router = renderPage();
  const dialog = await openDialog();
  await userEvent.click(within(dialog).getByRole('radio', { name: label }));
  await userEvent.type(within(dialog).getByLabelText(T.confirmLabel), ' ADA@example.com');
  await userEvent.click(within(dialog).getByRole('button', { name: T.confirmButton }));
  expect(await findToast(T.deleted)).toBeInTheDocument();
  expect(deleteAccount).toHaveBeenCalledWith({ contributions, confirmEmail: 'ADA@example.com' });
  expect(logOut).toHaveBeenCalledTimes(1);
  await waitFor(() => expect(router.state.location.pathname).toBe('/'));
});

test('a refused deletion keeps the member signed in and shows the api’s message in the dialog', async () => {
  deleteAccount.mockRejectedValue(new ApiRequestError('The sign-in service is unavailable, please try again shortly', 503));
  renderPage();
  const dialog = await openDialog();
  await userEvent.type(within(dialog).getByLabelText(T.confirmLabel), 'ada@example.com');
  await userEvent.click(within(dialog).getByRole('button', { name: T.confirmButton }));
  expect(await within(dialog).findByRole('alert')).toHaveTextContent('The sign-in service is unavailable');
  expect(logOut).not.toHaveBeenCalled();
});

test('Back with the address half typed asks first; Stay keeps the dialog as it was', async () => {
  const router = renderPage();
  const dialog = await openDialog();
  await userEvent.type(within(dialog).getByLabelText(T.confirmLabel), 'ada@');
  void router.navigate('/');
  // antd's confirmation is a second dialog, over the first.
  const question = await waitFor(() => {
    const found = screen.getAllByRole('dialog').find((element) => element.textContent?.includes(LEAVE_TEXTS.title));
    if (!found) throw new Error('no question yet');
    return found;
  });
  await userEvent.click(within(question).getByRole('button', { name: LEAVE_TEXTS.stay }));
  expect(router.state.location.pathname).toBe('/my-data');
  expect(within(dialog).getByLabelText(T.confirmLabel)).toHaveValue('ada@');
});
