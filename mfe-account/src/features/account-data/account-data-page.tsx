import { AntdTheme } from '@antiquarium/ui/antd-theme';
import { deleteMyAccount, errorMessage, exportMyData } from '@antiquarium/api-client';
import { useAuthStore } from '@antiquarium/auth-store';
import type { ContributionsChoice } from '@antiquarium/contracts';
import { allowLeaving, LeaveGuard, toast } from '@antiquarium/ui';
import { DestructiveDialog } from '@antiquarium/ui/destructive-dialog';
// Not Radio: it reaches antd's Form, whose dependency scroll-into-view-if-needed this build reads
// as TypeScript source (the `source` condition); native radios in a fieldset serve as well.
import { Button, Input } from 'antd';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import '../../shared/account.css';
import './account-data.css';
import { MailPreferencesSection } from './mail-preferences-section';

export const ACCOUNT_DATA_TEXTS = {
  title: 'My Data',
  intro: 'Your account and everything you added to Antiquarium belong to you: take a copy, choose the mail you get, or delete your account.',
  exportTitle: 'Export my data',
  exportText: 'Download everything Antiquarium holds about you (your account, artifacts, likes, notices and appeals) as a JSON file.',
  exportButton: 'Export my data',
  exporting: 'Preparing your file…',
  exported: 'Your data was downloaded.',
  exportFailed: 'Your data could not be exported.',
  deleteTitle: 'Delete my account',
  deleteText: 'Deleting your account signs you out for good and cannot be undone.',
  deleteButton: 'Delete my account',
  dialogTitle: 'Delete your account?',
  dialogText: 'Your sign-in account and your likes will be deleted. What should happen to the artifacts you added?',
  choiceDelete: 'Delete my artifacts',
  choiceAnonymize: 'Keep them, credited to “Former member” with no link to me',
  confirmLabel: 'Type your email address to confirm',
  confirmMismatch: 'This is not the email address of your account.',
  cancel: 'Cancel',
  confirmButton: 'Delete my account for good',
  deleting: 'Deleting…',
  deleted: 'Your account was deleted and you are signed out.',
  deleteFailed: 'Your account could not be deleted.',
} as const;

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** Saves a file the browser received, without a new tab. */
function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Exposed as 'account/AccountData' (a login-required route in the shell): export, mail preference, and deletion of the account. */
export default function AccountDataPage() {
  const user = useAuthStore((state) => state.user);
  const logOut = useAuthStore((state) => state.logOut);
  const navigate = useNavigate();
  const [exporting, setExporting] = useState(false);
  const [open, setOpen] = useState(false);
  // Starts on the choice that keeps what the member gave the collection (issue 43).
  const [choice, setChoice] = useState<ContributionsChoice>('anonymize');
  const [typed, setTyped] = useState('');
  const [deleting, setDeleting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const ids = { choice: useId(), email: useId(), error: useId() };
  const email = user?.email ?? '';
  const matches = email !== '' && sameEmail(typed, email);

  const onExport = async () => {
    setExporting(true);
    try {
      const { blob, filename } = await exportMyData();
      saveFile(blob, filename);
      void toast('success', ACCOUNT_DATA_TEXTS.exported);
    } catch (failure) {
      void toast('error', errorMessage(failure, ACCOUNT_DATA_TEXTS.exportFailed));
    } finally {
      setExporting(false);
    }
  };

  const close = () => {
    if (deleting) return;
    setOpen(false);
    setTyped('');
    setChoice('anonymize');
    setError(null);
  };

  const onDelete = async () => {
    if (!matches) {
      setError(ACCOUNT_DATA_TEXTS.confirmMismatch);
      return;
    }
    setDeleting(true);
    setError(null);
    try {
      await deleteMyAccount({ contributions: choice, confirmEmail: typed.trim() });
    } catch (failure) {
      setDeleting(false);
      setError(errorMessage(failure, ACCOUNT_DATA_TEXTS.deleteFailed));
      return;
    }
    // The account is gone: the local session goes too (the page is left, without asking about the
    // typed address), then the member is told.
    allowLeaving();
    await logOut().catch(() => undefined);
    setDeleting(false);
    setOpen(false);
    void toast('success', ACCOUNT_DATA_TEXTS.deleted);
    navigate('/', { replace: true, state: { accountDeleted: true } });
  };

  return (
    <AntdTheme>
      <section className="aq-container acc-page acc-data" aria-labelledby="acc-data-title">
        <div className="acc-page__head">
          <h1 id="acc-data-title">{ACCOUNT_DATA_TEXTS.title}</h1>
          <p>{ACCOUNT_DATA_TEXTS.intro}</p>
        </div>

        <section className="acc-data__part" aria-labelledby="acc-data-export">
          <h2 id="acc-data-export">{ACCOUNT_DATA_TEXTS.exportTitle}</h2>
          <p>{ACCOUNT_DATA_TEXTS.exportText}</p>
          <Button type="primary" className="acc-data__button" onClick={() => void onExport()} loading={exporting} aria-busy={exporting}>
            {exporting ? ACCOUNT_DATA_TEXTS.exporting : ACCOUNT_DATA_TEXTS.exportButton}
          </Button>
        </section>

        <MailPreferencesSection />

        <section className="acc-data__part" aria-labelledby="acc-data-delete">
          <h2 id="acc-data-delete">{ACCOUNT_DATA_TEXTS.deleteTitle}</h2>
          <p>{ACCOUNT_DATA_TEXTS.deleteText}</p>
          <Button danger className="acc-data__button" onClick={() => setOpen(true)}>
            {ACCOUNT_DATA_TEXTS.deleteButton}
          </Button>
        </section>

        {/* A deletion half confirmed (the address typed) is not left silently by Back or a link. */}
        <LeaveGuard when={open && typed.trim() !== ''} />
        <DestructiveDialog
          open={open}
          title={ACCOUNT_DATA_TEXTS.dialogTitle}
          busy={deleting}
          cancelText={ACCOUNT_DATA_TEXTS.cancel}
          confirmText={ACCOUNT_DATA_TEXTS.confirmButton}
          busyText={ACCOUNT_DATA_TEXTS.deleting}
          onCancel={close}
          onConfirm={() => void onDelete()}
        >
          <fieldset className="acc-data__choices">
            <legend>{ACCOUNT_DATA_TEXTS.dialogText}</legend>
            {(['anonymize', 'delete'] as const).map((value) => (
              <label key={value} className="acc-data__choice">
                <input type="radio" name={ids.choice} value={value} checked={choice === value} onChange={() => setChoice(value)} />
                {value === 'delete' ? ACCOUNT_DATA_TEXTS.choiceDelete : ACCOUNT_DATA_TEXTS.choiceAnonymize}
              </label>
            ))}
          </fieldset>
          <label htmlFor={ids.email} className="acc-data__label">
            {ACCOUNT_DATA_TEXTS.confirmLabel}
          </label>
          <Input
            id={ids.email}
            className="acc-data__input"
            type="email"
            autoComplete="off"
            value={typed}
            onChange={(event) => {
              setTyped(event.target.value);
              setError(null);
            }}
            onPressEnter={() => void onDelete()}
            aria-invalid={error !== null}
            aria-describedby={error ? ids.error : undefined}
          />
          {error && (
            <p id={ids.error} role="alert" className="acc-data__error">
              {error}
            </p>
          )}
        </DestructiveDialog>
      </section>
    </AntdTheme>
  );
}
