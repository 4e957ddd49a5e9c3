import { deleteMyAccount, errorMessage } from '@antiquarium/api-client';
import { useAuthStore } from '@antiquarium/auth-store';
import type { ContributionsChoice } from '@antiquarium/contracts';
import { allowLeaving, LeaveGuard, toast } from '@antiquarium/ui';
import { DestructiveDialog } from '@antiquarium/ui/destructive-dialog';
// Not Radio: it reaches antd's Form, whose dependency scroll-into-view-if-needed this build reads
// as TypeScript source (the `source` condition); native radios in a fieldset serve as well.
import { Button, Input } from 'antd';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ACCOUNT_DATA_TEXTS } from './account-data-texts';

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * My Data's deletion part: the button, and the dialog that asks what becomes of the member's
 * artifacts and for their email address before the account is deleted and the session ends.
 */
export function DeleteAccountSection() {
  const user = useAuthStore((state) => state.user);
  const logOut = useAuthStore((state) => state.logOut);
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  // Starts on the choice that keeps what the member gave the collection (issue 43).
  const [choice, setChoice] = useState<ContributionsChoice>('anonymize');
  const [typed, setTyped] = useState('');
  const [deleting, setDeleting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const ids = { choice: useId(), email: useId(), error: useId() };
  const email = user?.email ?? '';
  const matches = email !== '' && sameEmail(typed, email);

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
    <>
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
    </>
  );
}
